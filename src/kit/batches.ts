// One action on several apps (a multi-selection in the Resources view): one cancellable
// progress notification, a few calls at a time within the shared request budget, each
// app's rows busy while its own call runs, then one message saying what failed and why.
import * as vscode from 'vscode';
import { ApiError, isCancelled } from '../api';
import type { Core, ServiceCore } from '../core';
import { serviceNoticeOf } from './notices';
import type { SelectedApp } from './running';
import type { AppRef } from '../model';
import { notify } from '../notices';

/** Calls in flight at once: slow POSTs overlap, and the budget keeps room for everything else. */
const CONCURRENCY = 3;

export interface AppBatch {
  /** Command id, for the extension log. */
  readonly command: string;
  /** "Restarting 3 apps…" */
  title(count: number): string;
  /** A row while its call runs: "Restarting api-gateway…" */
  busy(name: string): string;
  /** "Restarted 3 apps." */
  allDone(count: number): string;
  /** "Restarted 2 of 3 apps." */
  someDone(done: number, total: number): string;
  /** The call for one app; `queueSignal` cancels it only while it has not been sent. */
  call(app: AppRef, queueSignal: AbortSignal): Promise<unknown>;
  /** After a successful call, while the rows are still busy (re-read the app). */
  after(app: AppRef): Promise<unknown>;
}

type Outcome = { kind: 'done' } | { kind: 'failed'; error: unknown } | { kind: 'notSent' };

export async function runOnApps(s: ServiceCore, targets: readonly SelectedApp[], batch: AppBatch): Promise<void> {
  const outcomes = new Map<SelectedApp, Outcome>();
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: batch.title(targets.length), cancellable: true },
    async (progress, token) => {
      const stop = new AbortController();
      const cancelled = token.onCancellationRequested(() => stop.abort());
      const queue = [...targets];
      const worker = async () => {
        for (let target = queue.shift(); target; target = queue.shift()) {
          outcomes.set(target, stop.signal.aborted ? { kind: 'notSent' } : await runOne(s, target, batch, stop));
          progress.report({ increment: 100 / targets.length, message: vscode.l10n.t('{0} of {1}', outcomes.size, targets.length) });
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, worker));
      } finally {
        cancelled.dispose();
      }
    },
  );
  report(s, targets, outcomes, batch);
}

async function runOne(s: Core, target: SelectedApp, batch: AppBatch, stop: AbortController): Promise<Outcome> {
  s.tree.markBusy(target.rows, batch.busy(target.app.name));
  try {
    await batch.call(target.app, stop.signal);
  } catch (error) {
    s.tree.markBusy(target.rows, undefined);
    if (isCancelled(error) && stop.signal.aborted) return { kind: 'notSent' };
    // Signed out or expired: the others would fail the same way (the client already prompts).
    if (error instanceof ApiError && error.status === 401) stop.abort();
    s.log.error(`${batch.command} failed for ${target.app.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return { kind: 'failed', error };
  }
  try {
    await batch.after(target.app);
  } catch (error) {
    // The action itself succeeded; the row just keeps its old state until the next refresh.
    s.log.warn(`${batch.command}: re-reading ${target.app.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  s.tree.markBusy(target.rows, undefined);
  return { kind: 'done' };
}

/**
 * One message: how many were done, then each failure with its reason, then what was not
 * sent. It names the service of the apps (or, for a selection across services, each app's).
 */
function report(s: ServiceCore, targets: readonly SelectedApp[], outcomes: Map<SelectedApp, Outcome>, batch: AppBatch): void {
  const of = (kind: Outcome['kind']) => targets.filter((t) => outcomes.get(t)?.kind === kind);
  const services = [...new Set(targets.map((t) => t.app.service))];
  const named = (message: string) => (services.length === 1 ? serviceNoticeOf(s, message, services[0]) : message);
  const label = (t: SelectedApp) => (services.length > 1 ? vscode.l10n.t('{0} ({1})', t.app.name, s.connections.nameWhenSeveral(t.app.service) ?? t.app.service) : t.app.name);
  const done = of('done').length;
  const failed = of('failed');
  const notSent = of('notSent');
  if (done === targets.length) {
    void notify('info', named(batch.allDone(done)));
    return;
  }
  const reasons = failed.map((t) => {
    const outcome = outcomes.get(t) as { error: unknown };
    return `${label(t)}: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`;
  });
  const parts = [batch.someDone(done, targets.length), reasons.length ? sentence(reasons.join('; ')) : ''];
  if (notSent.length) parts.push(vscode.l10n.t('Not sent: {0}.', notSent.map(label).join(', ')));
  const message = named(parts.filter(Boolean).join(' '));
  if (!failed.length) {
    void notify('info', message);
    return;
  }
  const showDetails = vscode.l10n.t('Show Details');
  void notify('warning', message, showDetails).then((choice) => {
    if (choice === showDetails) s.log.show(true);
  });
}

function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}
