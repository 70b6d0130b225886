// The heap's trend over a soak, after a warm-up: the least-squares slope (MB/min) and the
// spread (max − min) of the samples taken after a forced GC each minute. The first
// minutes fill what is meant to fill (each tail's kept lines, its windows, caches), so
// they say nothing about a leak. Pure (unit-tested).

export interface HeapSample {
  minute: number;
  heapMB: number;
}

export interface HeapTrend {
  /** Minutes excluded at the start. */
  warmupMinutes: number;
  /** Samples after the warm-up. */
  samples: number;
  /** MB at the first and the last sample after the warm-up. */
  fromMB: number;
  toMB: number;
  /** max − min of the samples after the warm-up. */
  spreadMB: number;
  /** Least-squares slope of heap against time after the warm-up. */
  slopeMBPerMin: number;
}

/** The goal for a long soak (issue #33): flat within 3 MB after the warm-up, slope under 0.02 MB/min. */
export const HEAP_GOAL = { spreadMB: 3, slopeMBPerMin: 0.02 } as const;
export const WARMUP_MINUTES = 10;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Undefined with fewer than two samples after the warm-up (a short run). */
export function heapTrend(samples: readonly HeapSample[], warmupMinutes = WARMUP_MINUTES): HeapTrend | undefined {
  const after = samples.filter((s) => s.minute >= warmupMinutes);
  if (after.length < 2) return undefined;
  const n = after.length;
  const mx = after.reduce((t, s) => t + s.minute, 0) / n;
  const my = after.reduce((t, s) => t + s.heapMB, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const s of after) {
    sxy += (s.minute - mx) * (s.heapMB - my);
    sxx += (s.minute - mx) ** 2;
  }
  const heaps = after.map((s) => s.heapMB);
  return {
    warmupMinutes,
    samples: n,
    fromMB: after[0].heapMB,
    toMB: after[n - 1].heapMB,
    spreadMB: round(Math.max(...heaps) - Math.min(...heaps), 1),
    slopeMBPerMin: round(sxx ? sxy / sxx : 0, 4),
  };
}

export function meetsHeapGoal(t: HeapTrend): boolean {
  return t.spreadMB <= HEAP_GOAL.spreadMB && t.slopeMBPerMin < HEAP_GOAL.slopeMBPerMin;
}
