// Helpers of the log-tail suites: the extension's tails, the channel text split into
// content and marker lines, and the true log of an app to compare with.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppRef } from '../../../src/commands/targets';
import type { RunningServer } from '../../server';
import { extensionApi, until } from './env';
import { MARKER } from './logContinuity';

export const linesOf = (text: string | undefined) => (text ?? '').split('\n').filter(Boolean);
export const contentOf = (text: string | undefined) => linesOf(text).filter((l) => !l.startsWith(MARKER));
export const markersOf = (text: string | undefined) => linesOf(text).filter((l) => l.startsWith(MARKER));
/** Lines in the burst test (a smaller number through the environment while investigating). */
export const BURST = Number(process.env.APPHOST_LOGS_BURST ?? 100_000);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Shortened engine timings: poll every 150 ms while lines arrive, 400 ms when quiet. */
export const FAST = { interval: { activeMs: 150, quietMs: 400 }, retry: { baseMs: 100, maxMs: 300 } };

export async function tails() {
  return (await extensionApi()).logs.tails;
}

export function appRef(server: RunningServer, name: string, workspace?: string): AppRef {
  return { workspace, id: server.control.findApp(name, workspace)!.id, name };
}

/** Waits until the channel shows exactly the end of the server's log (nothing missing, nothing twice). */
export async function caughtUp(server: RunningServer, app: AppRef, timeoutMs = 10_000): Promise<string[]> {
  const t = await tails();
  let shown: string[] = [];
  await until(`${app.name} caught up`, () => {
    shown = contentOf(t.textOf(app));
    const log = server.control.getLogs(app.name, app.workspace);
    return shown.length > 0 && shown.at(-1) === log.at(-1);
  }, timeoutMs);
  const log = server.control.getLogs(app.name, app.workspace);
  assert.deepEqual(shown, log.slice(log.length - shown.length), 'the channel is a contiguous end of the log');
  return shown;
}

/** The app's whole log from now on (the server keeps only its last 3000 lines). */
export function recordLog(server: RunningServer, app: AppRef): { lines: string[]; stop(): void } {
  const lines = server.control.getLogs(app.name, app.workspace);
  const stop = server.control.state.logs.subscribe(app.id, (added) => lines.push(...added));
  return { lines, stop };
}

export async function settings(values: Record<string, unknown>) {
  const config = vscode.workspace.getConfiguration('apphost.logs');
  for (const [k, v] of Object.entries(values)) await config.update(k, v, vscode.ConfigurationTarget.Global);
}
