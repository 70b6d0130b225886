// Requests per minute against the service's budget, counted like wokku's rack-attack:
// fixed one-minute windows (epoch minutes), /api/ paths only. Pure (unit-tested).

export interface BudgetWindows {
  /** Requests in each minute window from the first to the last, in order. */
  perWindow: number[];
  max: number;
  mean: number;
  /** Windows above the limit. */
  over: number;
  /** The most requests in any 60 s (sliding), for information: rack-attack does not count this way. */
  maxSliding: number;
}

export function budgetWindows(times: readonly number[], from: number, to: number, limit = 60, windowMs = 60_000): BudgetWindows {
  const inRun = times.filter((t) => t >= from && t <= to).sort((a, b) => a - b);
  const first = Math.floor(from / windowMs);
  const last = Math.floor(to / windowMs);
  const perWindow = Array.from({ length: last - first + 1 }, () => 0);
  for (const t of inRun) perWindow[Math.floor(t / windowMs) - first]++;
  let maxSliding = 0;
  for (let i = 0, j = 0; j < inRun.length; j++) {
    while (inRun[j] - inRun[i] >= windowMs) i++;
    maxSliding = Math.max(maxSliding, j - i + 1);
  }
  // Partial windows at both ends are counted as they are (they can only be lower).
  const full = perWindow.length > 2 ? perWindow.slice(1, -1) : perWindow;
  return {
    perWindow,
    max: Math.max(0, ...perWindow),
    mean: full.length ? full.reduce((a, b) => a + b, 0) / full.length : 0,
    over: perWindow.filter((n) => n > limit).length,
    maxSliding,
  };
}
