import * as vscode from 'vscode';
import type { BudgetSnapshot, RequestBudget } from './api';
import { clockTime } from './format';
import { themeColor } from './theme';

/** A service's request budget, with its name while several services are known (undefined: one service). */
export interface NamedBudget {
  readonly name: string | undefined;
  readonly budget: Pick<RequestBudget, 'snapshot' | 'onDidChange'>;
}

/** What the item shows while a service throttles (for the extension's own tests too). */
export interface ThrottleShown {
  readonly text: string;
  readonly tooltip: string;
}

interface Throttled {
  readonly name: string | undefined;
  /** When AppHost asks again (the next probe). */
  readonly next: number;
  /** When the service's Retry-After ends at the latest. */
  readonly until: number;
}

/**
 * "$(watch) AppHost: rate limited · retry 14:05:32" while a service throttles the extension
 * (429): what is going on and when AppHost asks again. With several services it names the
 * throttled one ("AppHost: Staging rate limited · retry …"), or counts them, with a line per
 * service in the tooltip. Click = Retry Now (every throttled service). Hidden the rest of the time.
 */
export class ThrottleStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('apphost.throttle', vscode.StatusBarAlignment.Left, 49);
  private subscriptions: { dispose(): void }[] = [];
  private readonly registry: { dispose(): void };
  private timer: NodeJS.Timeout | undefined;
  private current: ThrottleShown | undefined;

  constructor(
    /** Every known service's budget. */
    private readonly budgets: () => readonly NamedBudget[],
    /** Services were added, removed or renamed. */
    onDidChangeServices: vscode.Event<void>,
  ) {
    this.item.name = vscode.l10n.t('AppHost Rate Limit');
    this.item.command = 'apphost.retryNow';
    this.item.backgroundColor = themeColor('warningBackground');
    this.registry = onDidChangeServices(() => this.listen());
    this.listen();
  }

  /** What the item shows now; undefined while hidden. */
  get shown(): ThrottleShown | undefined {
    return this.current;
  }

  private listen(): void {
    this.subscriptions.forEach((d) => d.dispose());
    this.subscriptions = this.budgets().map((b) => b.budget.onDidChange(() => this.update()));
    this.update();
  }

  private update(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const throttled = this.budgets().flatMap(({ name, budget }) => throttledOf(name, budget.snapshot()));
    if (!throttled.length) {
      this.current = undefined;
      this.item.hide();
      return;
    }
    throttled.sort((a, b) => a.next - b.next);
    const next = throttled[0].next;
    const [one] = throttled;
    let lines: string[];
    if (throttled.length === 1 && one.name === undefined) {
      this.item.text = `$(watch) ${vscode.l10n.t('AppHost: rate limited · retry {0}', clockTime(next))}`;
      lines = [explanation(one)];
      this.item.accessibilityInformation = { label: vscode.l10n.t('AppHost: the service is limiting requests; retrying at {0}', clockTime(next)) };
    } else {
      const names = throttled.map((t) => t.name ?? '');
      this.item.text = throttled.length === 1
        ? `$(watch) ${vscode.l10n.t('AppHost: {0} rate limited · retry {1}', names[0], clockTime(next))}`
        : `$(watch) ${vscode.l10n.t('AppHost: {0} services rate limited · retry {1}', throttled.length, clockTime(next))}`;
      // A paragraph per service: each has its own limit and its own time.
      lines = throttled.map((t) => vscode.l10n.t('{0}: {1}', t.name ?? '', explanation(t)));
      this.item.accessibilityInformation = {
        label: vscode.l10n.t('AppHost: {0} limiting requests; retrying at {1}', names.join(', '), clockTime(next)),
      };
    }
    lines.push(vscode.l10n.t('Click to retry now.'));
    const tooltip = new vscode.MarkdownString();
    lines.forEach((line, i) => {
      if (i) tooltip.appendMarkdown('\n\n');
      tooltip.appendText(line);
    });
    this.item.tooltip = tooltip;
    this.current = { text: this.item.text, tooltip: lines.join('\n\n') };
    this.item.show();
    // Nothing else may happen until then (no request waiting): look again at the next attempt.
    const wake = Math.min(...throttled.map((t) => Math.min(t.next, t.until)));
    this.timer = setTimeout(() => this.update(), Math.max(250, wake - Date.now() + 50));
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.subscriptions.forEach((d) => d.dispose());
    this.registry.dispose();
    this.item.dispose();
  }
}

function throttledOf(name: string | undefined, s: BudgetSnapshot): Throttled[] {
  if (!s.pausedForMs) return [];
  const now = Date.now();
  return [{ name, next: s.nextAttemptAt ?? now + s.pausedForMs, until: now + s.pausedForMs }];
}

function explanation(t: Throttled): string {
  return vscode.l10n.t(
    'The service is limiting requests (HTTP 429): other clients of your account (the CLI, scripts) share its budget of requests per minute. What the view shows stays; AppHost asks again at {0} (at the latest {1}) and then refreshes it by itself.',
    clockTime(t.next), clockTime(t.until),
  );
}
