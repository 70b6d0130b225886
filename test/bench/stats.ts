// Summary statistics for repeated measurements: the median is the figure, the
// inter-quartile range and min–max show how much a run can be trusted.

export interface Summary {
  n: number;
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
}

/** Linear interpolation between closest ranks (the usual "type 7" quantile). */
function quantile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function summarize(values: number[]): Summary {
  if (!values.length) throw new Error('no measurements');
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

/** "12.3 ms (IQR 11.9–13.0, min–max 11.2–15.8, n=12)" */
export function formatMs(s: Summary, digits = 1): string {
  const f = (v: number) => v.toFixed(digits);
  return `${f(s.median)} ms (IQR ${f(s.p25)}–${f(s.p75)}, range ${f(s.min)}–${f(s.max)}, n=${s.n})`;
}

/** "×1.84": how many times the baseline; one decimal place past 10. */
export function ratio(value: number, baseline: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(baseline) || baseline === 0) return '—';
  const r = value / baseline;
  return `×${r >= 10 ? r.toFixed(1) : r.toFixed(2)}`;
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(2)} MiB`;
}

export function perSecond(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M/s`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k/s`;
  return `${n.toFixed(0)}/s`;
}
