import * as vscode from 'vscode';
import type { RequestBudget } from './api';
import { clockTime } from './format';
import { themeColor } from './theme';

/**
 * "$(watch) AppHost: rate limited · retry 14:05:32" while the service throttles the
 * extension (429): what is going on and when AppHost asks again. Click = Retry Now.
 * Hidden the rest of the time.
 */
export class ThrottleStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('apphost.throttle', vscode.StatusBarAlignment.Left, 49);
  private readonly subscription: { dispose(): void };
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly budget: Pick<RequestBudget, 'snapshot' | 'isThrottled' | 'onDidChange'>) {
    this.item.name = vscode.l10n.t('AppHost Rate Limit');
    this.item.command = 'apphost.retryNow';
    this.item.backgroundColor = themeColor('warningBackground');
    this.subscription = budget.onDidChange(() => this.update());
    this.update();
  }

  private update(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const s = this.budget.snapshot();
    if (!s.pausedForMs) {
      this.item.hide();
      return;
    }
    const next = s.nextAttemptAt ?? Date.now() + s.pausedForMs;
    const until = Date.now() + s.pausedForMs;
    this.item.text = `$(watch) ${vscode.l10n.t('AppHost: rate limited · retry {0}', clockTime(next))}`;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendText(vscode.l10n.t(
      'The service is limiting requests (HTTP 429): other clients of your account (the CLI, scripts) share its budget of requests per minute. What the view shows stays; AppHost asks again at {0} (at the latest {1}) and then refreshes it by itself.',
      clockTime(next), clockTime(until),
    ));
    tooltip.appendMarkdown('\n\n');
    tooltip.appendText(vscode.l10n.t('Click to retry now.'));
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: vscode.l10n.t('AppHost: the service is limiting requests; retrying at {0}', clockTime(next)) };
    this.item.show();
    // Nothing else may happen until then (no request waiting): look again at the next attempt.
    this.timer = setTimeout(() => this.update(), Math.max(250, Math.min(next, until) - Date.now() + 50));
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.subscription.dispose();
    this.item.dispose();
  }
}
