import type * as vscode from 'vscode';
import { ApiError, NetworkError, TimeoutError, type RequestBudget } from '../api';
import type { TreeNode } from './commandTarget';

/** The top level of the view with one service (its workspace list) as a healable "node": the first service's. */
export const ROOTS = 'roots';
export type Healable = TreeNode | typeof ROOTS;

/** A failed refresh after which the rows already shown stay (marked stale): the service is busy or unreachable. */
export function keepsStaleRows(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 429 || error.status >= 500;
  return error instanceof NetworkError || error instanceof TimeoutError;
}

export function isThrottled(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

type HealerBudget = Pick<RequestBudget, 'isThrottled' | 'snapshot' | 'onDidChange'>;

/** The lists waiting on one service's budget, and when they ask again. */
interface Waiting {
  readonly nodes: Set<Healable>;
  timer: NodeJS.Timeout | undefined;
  wasThrottled: boolean;
  readonly subscription: { dispose(): void };
}

/**
 * Heals the Resources view after a service throttled it (429): lists whose refresh was
 * refused keep their rows and wait here, each on its own service's budget. At that
 * service's probe time they are refreshed: the first to ask is the probe (the budget lets
 * one request out), the others are refused without a request and wait again; once the
 * service answers, every list waiting on it is fetched again, within its budget. Another
 * service's throttle never holds them, nor heals them. Only lists the view shows ask
 * (VS Code renders only what is visible), and nothing is polled while no list is waiting.
 */
export class ThrottleHealer implements vscode.Disposable {
  private readonly waiting = new Map<HealerBudget, Waiting>();

  constructor(
    /** The budget of the list's service; undefined when the service is no longer known. */
    private readonly budgetOf: (node: Healable) => HealerBudget | undefined,
    private readonly refresh: (node: Healable) => void,
  ) {}

  /** A list's refresh was refused by the throttle: fetch it again when its service allows. */
  add(node: Healable, error: unknown): void {
    if (!isThrottled(error)) return;
    const budget = this.budgetOf(node);
    if (!budget) return;
    let entry = this.waiting.get(budget);
    if (!entry) {
      entry = { nodes: new Set(), timer: undefined, wasThrottled: budget.isThrottled(), subscription: budget.onDidChange(() => this.update(budget)) };
      this.waiting.set(budget, entry);
    }
    entry.nodes.add(node);
    this.update(budget);
  }

  /** The list was fetched: nothing to heal. */
  healed(node: Healable): void {
    for (const [budget, entry] of this.waiting) {
      if (entry.nodes.delete(node) && !entry.nodes.size) this.forget(budget);
    }
  }

  /** "Retry Now": every waiting list, of every service, asks again. */
  healAll(): void {
    for (const budget of [...this.waiting.keys()]) this.heal(budget);
  }

  /** The lists waiting on one service ask again. */
  private heal(budget: HealerBudget): void {
    const nodes = [...(this.waiting.get(budget)?.nodes ?? [])];
    this.forget(budget);
    for (const node of nodes) this.refresh(node);
  }

  private update(budget: HealerBudget): void {
    const entry = this.waiting.get(budget);
    if (!entry) return;
    const throttled = budget.isThrottled();
    const ended = entry.wasThrottled && !throttled;
    entry.wasThrottled = throttled;
    if (ended) return this.heal(budget);
    if (!throttled || entry.timer) return;
    const at = budget.snapshot().nextAttemptAt ?? Date.now();
    entry.timer = setTimeout(() => this.heal(budget), Math.max(50, at - Date.now()) + 20);
  }

  private forget(budget: HealerBudget): void {
    const entry = this.waiting.get(budget);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.subscription.dispose();
    this.waiting.delete(budget);
  }

  dispose(): void {
    for (const budget of [...this.waiting.keys()]) this.forget(budget);
  }
}
