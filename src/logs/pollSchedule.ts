// When to poll next. Each tail wants ~2 s while lines arrive and backs off towards
// ~15 s when its app is quiet (AdaptiveInterval). All polling tails of a connection
// share one slice of the request budget (PollCoordinator): the slice is split
// max-min fairly, so quiet tails take only what they need and busy tails share
// the rest equally. The budget itself still gates every request; this keeps the
// tails from queueing on it and leaves room for the user's own actions.

import type { RequestBudget } from '../api';

export interface IntervalOptions {
  /** Interval while lines arrive (default 2000 ms). */
  activeMs?: number;
  /** Longest interval when quiet (default 15 000 ms). */
  quietMs?: number;
  /** Factor applied after each poll without new lines (default 1.5). */
  growth?: number;
}

export class AdaptiveInterval {
  readonly activeMs: number;
  readonly quietMs: number;
  private readonly growth: number;
  private current: number;

  constructor(opts: IntervalOptions = {}) {
    this.activeMs = Math.max(1, opts.activeMs ?? 2_000);
    this.quietMs = Math.max(this.activeMs, opts.quietMs ?? 15_000);
    this.growth = Math.max(1, opts.growth ?? 1.5);
    this.current = this.activeMs;
  }

  /** The interval this tail would like before its next poll. */
  get desiredMs(): number {
    return this.current;
  }

  /** Polls at the quiet pace from now on, until lines arrive (a tail that starts on an idle app). */
  quiet(): void {
    this.current = this.quietMs;
  }

  /** After a poll: any new line brings the pace back to `activeMs`, none slows it down. */
  record(newLines: number): number {
    this.current = newLines > 0 ? this.activeMs : Math.min(this.quietMs, Math.ceil(this.current * this.growth));
    return this.current;
  }
}

/** The part of RequestBudget the coordinator reads. */
export type BudgetView = Pick<RequestBudget, 'suggestedIntervalMs'>;

export interface CoordinatorOptions {
  /** Share of the sustained request rate all polling tails together may use (default 0.6). */
  share?: number;
}

/** One polling tail's place in the coordinator. */
export interface PollSlot {
  /** The delay before this tail's next poll, given the interval it would like. */
  delayMs(desiredMs: number): number;
  /** The tail stopped polling (stopped, or switched to a stream). */
  leave(): void;
}

export class PollCoordinator {
  private readonly share: number;
  private readonly desired = new Map<object, number>();

  /** Without a budget (tests), tails just get the interval they want. */
  constructor(
    private readonly budget?: BudgetView,
    opts: CoordinatorOptions = {},
  ) {
    this.share = Math.min(1, Math.max(0.01, opts.share ?? 0.6));
  }

  /** Number of tails currently polling. */
  get size(): number {
    return this.desired.size;
  }

  join(initialDesiredMs = 2_000): PollSlot {
    const key = {};
    this.desired.set(key, initialDesiredMs);
    return {
      delayMs: (desiredMs) => {
        if (this.desired.has(key)) this.desired.set(key, desiredMs);
        return Math.max(desiredMs, this.floorFor(key));
      },
      leave: () => {
        this.desired.delete(key);
      },
    };
  }

  /** Shortest interval the slot may poll at: its max-min fair part of the shared rate. */
  private floorFor(key: object): number {
    if (!this.budget) return 0;
    // minMs 1: the per-tail floor comes from the split, not from the budget's default.
    let remaining = 1 / this.budget.suggestedIntervalMs(this.share, 1);
    const wants = [...this.desired.entries()].map(([k, ms]) => ({ k, rate: 1 / Math.max(1, ms) })).sort((a, b) => a.rate - b.rate);
    for (let i = 0; i < wants.length; i++) {
      const fair = remaining / (wants.length - i);
      const granted = Math.min(wants[i].rate, fair);
      if (wants[i].k === key) return Math.ceil(1 / fair);
      remaining -= granted;
    }
    return Math.ceil(1 / remaining);
  }
}
