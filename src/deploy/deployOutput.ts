// Where a running deploy shows itself. The command's (status bar, palette, tree): a
// cancellable progress notification, and the build live in an editor tab that opens with
// its first line. A task's: its own terminal (./deployTask.ts). The deploy itself
// (./deployRun.ts) is the same for both.
import * as vscode from 'vscode';
import type { Deploy } from '../api';
import { serviceNoticeOf } from '../kit/notices';
import type { PushLog } from '../logViews/deployLogs';
import { logsArea } from '../logViews/registerLogs';
import type { ServiceCore } from '../core';
import type { PushPlan } from './preflight';

export interface DeployOutput {
  /** Runs the push; the token fires when the user cancels the deploy. */
  during<T>(work: (token: vscode.CancellationToken) => Promise<T>): Thenable<T>;
  /** A progress line of git (rewritten in place by the next one). */
  progress(text: string): void;
  /** One of git's own lines (not the build's). */
  git(text: string): void;
  /** A line of the build, as the push receives it. */
  build(text: string): void;
  /** The deploy record the push started. */
  attach(deploy: Deploy): void;
  /** The push ended: the record (when found) and the end in words. */
  finish(deploy: Deploy | undefined, status: string): void;
  /** The build's editor tab, when one opened. */
  readonly pushLog?: PushLog;
}

/** The command's output: a progress notification, and an editor tab with the build. */
export function notificationOutput(s: ServiceCore, plan: PushPlan): DeployOutput {
  const { app } = plan;
  const short = plan.commit.hash.slice(0, 7);
  const title = `${short} ${plan.commit.subject} — git push ${plan.remote} ${plan.source}:${plan.deployBranch}`;
  let report: ((message: string) => void) | undefined;
  // The tab opens with the build's first line: a push git refuses leaves no empty tab behind.
  let log: PushLog | undefined;
  return {
    during: (work) =>
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: serviceNoticeOf(s, vscode.l10n.t('Deploying {0}', app.name), app.service), cancellable: true }, (progress, token) => {
        report = (message) => progress.report({ message });
        report(vscode.l10n.t('pushing {0} to {1} ({2})…', short, plan.remote, plan.deployBranch));
        return work(token);
      }),
    progress: (text) => {
      if (!log) report?.(text);
    },
    git: () => undefined,
    build: (text) => {
      if (!log) {
        log = logsArea(s).deployLogs.openPush(app, short, title, vscode.l10n.t('building: this tab shows the build live, as the push receives it'));
        report?.(vscode.l10n.t('building… (the log is open in an editor tab)'));
      }
      log.append([text]);
    },
    attach: (deploy) => log?.attach(deploy),
    finish: (deploy, status) => log?.finish(deploy, status),
    get pushLog() {
      return log;
    },
  };
}
