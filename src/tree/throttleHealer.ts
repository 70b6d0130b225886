import type * as vscode from 'vscode';
import { ApiError, NetworkError, TimeoutError, type RequestBudget } from '../api';
import type { TreeNode } from './commandTarget';

/** The top level of the view (the workspace list) as a healable "node". */
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

/** "14:05:32" (the user's locale), for "retrying at …". */

/**
 * Heals the Resources view after the service throttled it (429): lists whose refresh was
 * refused keep their rows and wait here. At each probe time they are refreshed: the first
 * to ask is the probe (the budget lets one request out), the others are refused without a
 * request and wait again; once the service answers, every waiting list is fetched again,
 * within the budget. Only lists the view shows ask (VS Code renders only what is
 * visible), and nothing is polled while no list is waiting.
 */
export class ThrottleHealer implements vscode.Disposable {
  private readonly waiting = new Set<Healable>();
  private timer: NodeJS.Timeout | undefined;
  private wasThrottled = false;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly budget: Pick<RequestBudget, 'isThrottled' | 'snapshot' | 'onDidChange'>,
    private readonly refresh: (node: Healable) => void,
  ) {
    this.subscription = budget.onDidChange(() => this.update());
  }

  /** A list's refresh was refused by the throttle: fetch it again when the service allows. */
  add(node: Healable, error: unknown): void {
    if (!isThrottled(error)) return;
    this.waiting.add(node);
    this.update();
  }

  /** The list was fetched: nothing to heal. */
  healed(node: Healable): void {
    this.waiting.delete(node);
  }

  /** "Retry Now", or the throttle ended: every waiting list asks again. */
  healAll(): void {
    const nodes = [...this.waiting];
    this.waiting.clear();
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const node of nodes) this.refresh(node);
  }

  private update(): void {
    const throttled = this.budget.isThrottled();
    const ended = this.wasThrottled && !throttled;
    this.wasThrottled = throttled;
    if (ended) return this.healAll();
    if (!throttled || !this.waiting.size || this.timer) return;
    const at = this.budget.snapshot().nextAttemptAt ?? Date.now();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.healAll();
    }, Math.max(50, at - Date.now()) + 20);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.subscription.dispose();
  }
}
