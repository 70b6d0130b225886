// Start, stop, restart: written once. The command (menus, palette, a multi-selection) and
// the agent's tools are doors onto these: the texts, the question, the busy mark, the call
// and the state the tree shows after it.
import * as vscode from 'vscode';
import type { CallOptions, ProcessSummary } from '../api';
import type { Core } from '../core';
import type { AppRef } from '../model';
import type { Row } from '../tree/commandTarget';

export type LifecycleVerb = 'start' | 'stop' | 'restart';

export interface LifecycleTexts {
  /** The question ("Restart shop-api?") and what happens, for a confirmation. */
  title(app: string): string;
  effect(app: string): string;
  /** The rows' busy mark and the progress. */
  busy(app: string): string;
  /** The result summary: the notice and the tool's answer start with it. */
  done(app: string): string;
  /** A multi-selection's progress and result. */
  batchTitle(count: number): string;
  allDone(count: number): string;
  someDone(done: number, total: number): string;
}

/** The one table of texts of each verb. */
export const LIFECYCLE: Record<LifecycleVerb, LifecycleTexts> = {
  start: {
    title: (n) => vscode.l10n.t('Start {0}?', n),
    effect: (n) => vscode.l10n.t('The service starts the stopped processes of {0}.', n),
    busy: (n) => vscode.l10n.t('Starting {0}…', n),
    done: (n) => vscode.l10n.t('{0} started.', n),
    batchTitle: (count) => vscode.l10n.t('Starting {0} apps…', count),
    allDone: (count) => vscode.l10n.t('Started {0} apps.', count),
    someDone: (done, total) => vscode.l10n.t('Started {0} of {1} apps.', done, total),
  },
  stop: {
    title: (n) => vscode.l10n.t('Stop {0}?', n),
    effect: (n) => vscode.l10n.t('The service stops every process of {0}: it stops answering requests until it is started again.', n),
    busy: (n) => vscode.l10n.t('Stopping {0}…', n),
    done: (n) => vscode.l10n.t('{0} stopped.', n),
    batchTitle: (count) => vscode.l10n.t('Stopping {0} apps…', count),
    allDone: (count) => vscode.l10n.t('Stopped {0} apps.', count),
    someDone: (done, total) => vscode.l10n.t('Stopped {0} of {1} apps.', done, total),
  },
  restart: {
    title: (n) => vscode.l10n.t('Restart {0}?', n),
    effect: (n) => vscode.l10n.t('The service restarts every process of {0}; requests may fail for a few seconds.', n),
    busy: (n) => vscode.l10n.t('Restarting {0}…', n),
    done: (n) => vscode.l10n.t('{0} restarted.', n),
    batchTitle: (count) => vscode.l10n.t('Restarting {0} apps…', count),
    allDone: (count) => vscode.l10n.t('Restarted {0} apps.', count),
    someDone: (done, total) => vscode.l10n.t('Restarted {0} of {1} apps.', done, total),
  },
};

/** The call itself, on the app's own service. */
export function lifecycleCall(s: Core, app: AppRef, verb: LifecycleVerb, options: CallOptions = {}): Promise<unknown> {
  return s.connections.of(app.service).api().apps[verb](app.id, { workspace: app.workspace, ...options });
}

/**
 * Runs the action: the app's rows (and `clicked`) show it busy meanwhile, then the process
 * report says the app's true state (the service never updates an app's status), which the
 * rows show. `around` wraps the call (a command shows its progress notification there).
 */
export async function runLifecycle(
  s: Core,
  app: AppRef,
  verb: LifecycleVerb,
  { clicked, options = {}, around = (call) => call(), report = false }: {
    clicked?: Row;
    options?: CallOptions;
    around?: (call: () => Promise<unknown>) => Promise<unknown>;
    /** Read the report even when no row shows the app (a tool's answer gives it). */
    report?: boolean;
  } = {},
): Promise<ProcessSummary | undefined> {
  const rows = [...new Set([...(clicked ? [clicked] : []), ...s.tree.appRows(app)])];
  await s.tree.busyWhile(rows, LIFECYCLE[verb].busy(app.name), () => around(() => lifecycleCall(s, app, verb, options)));
  return s.tree.readState(app, { rerender: true, options, always: report });
}
