// Helpers of the log-tail suites: the extension's tails, the channel text split into
// content and marker lines, and the true log of an app to compare with.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppRef } from '../../../src/model';
import { DEMO_USER, type RunningServer } from '../../server';
import { asAppHost, extensionApi, serviceOf, signInWithIssuedToken, stopSignedIn, until, useServer } from './env';
import { containerOfLine, MARKER } from './logContinuity';

export const linesOf = (text: string | undefined) => (text ?? '').split('\n').filter(Boolean);
export const contentOf = (text: string | undefined) => linesOf(text).filter((l) => !l.startsWith(MARKER));
export const markersOf = (text: string | undefined) => linesOf(text).filter((l) => l.startsWith(MARKER));
/** Lines in the burst test (a smaller number through the environment while investigating). */
export const BURST = Number(process.env.APPHOST_LOGS_BURST ?? 100_000);

/** Shortened engine timings: poll every 150 ms while lines arrive, 400 ms when quiet. */
export const FAST = { interval: { activeMs: 150, quietMs: 400 }, retry: { baseMs: 100, maxMs: 300 } };

export async function tails() {
  return (await extensionApi()).logs.tails;
}

export function appRef(server: RunningServer, name: string, workspace?: string): AppRef {
  return asAppHost({ service: serviceOf(server), workspace, id: server.control.findApp(name, workspace)!.id, name });
}

/** The app's current containers and their lines (plain), by container (`app[web.1]`). */
export function containerLogs(server: RunningServer, app: AppRef): Map<string, string[]> {
  const current = server.control.containerLogs(app.name, app.workspace).filter((c) => c.current);
  return new Map(current.map((c) => [`app[${c.process}]`, c.lines]));
}

/**
 * Waits until the channel shows the last line of every container, then checks that
 * each container's lines since the last marker about it are the exact end of its log
 * (nothing missing, nothing twice). Returns the content lines shown.
 */
export async function caughtUp(server: RunningServer, app: AppRef, timeoutMs = 10_000): Promise<string[]> {
  const t = await tails();
  await until(`${app.name} caught up`, () => {
    const shown = new Set(contentOf(t.textOf(app)));
    return [...containerLogs(server, app).values()].every((lines) => lines.length === 0 || shown.has(lines.at(-1)!));
  }, timeoutMs).catch((e) => {
    const text = t.textOf(app) ?? '';
    const last = [...containerLogs(server, app).entries()].map(([c, l]) => `${c}: ${l.at(-1)}`).join('\n');
    throw new Error(`${e.message}\nchannel (${t.tailOf(app)?.state}) ends:\n${text.split('\n').slice(-6).join('\n')}\nlast lines:\n${last}`);
  });
  const all = linesOf(t.textOf(app));
  for (const [container, log] of containerLogs(server, app)) {
    const own = all.filter((l) => containerOfLine(l) === container || l.startsWith(MARKER));
    const since = own.slice(own.findLastIndex((l) => l.startsWith(MARKER)) + 1);
    assert.deepEqual(since, log.slice(log.length - since.length), `${container}: the channel is a contiguous end of its log`);
  }
  return contentOf(t.textOf(app));
}

/** Content lines shown per container. */
export function shownPerContainer(text: string | undefined): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const l of contentOf(text)) {
    const c = containerOfLine(l);
    if (!by.has(c)) by.set(c, []);
    by.get(c)!.push(l);
  }
  return by;
}

/** Every line each container of the app writes from now on, by container name (old and new containers of a name in turn). */
export function recordLog(server: RunningServer, app: AppRef): { byContainer: Map<string, string[]>; stop(): void } {
  const byContainer = containerLogs(server, app);
  const stop = server.control.state.logs.subscribe(app.id, (added) => {
    for (const l of added) {
      const c = containerOfLine(l);
      if (!byContainer.has(c)) byContainer.set(c, []);
      byContainer.get(c)!.push(l);
    }
  });
  return { byContainer, stop };
}

/** True once the channel shows the last line every container wrote (per the record). */
export function showsEveryLast(text: string | undefined, record: Map<string, string[]>): boolean {
  const shown = new Set(contentOf(text));
  return [...record.values()].every((lines) => lines.length === 0 || shown.has(lines.at(-1)!));
}

export async function settings(values: Record<string, unknown>) {
  const config = vscode.workspace.getConfiguration('apphost.logs');
  for (const [k, v] of Object.entries(values)) await config.update(k, v, vscode.ConfigurationTarget.Global);
}

/**
 * The setup of the tail suites: a reference server, signed in as the demo user, tails
 * capturing their output with fast timings and 20 initial lines. Returns the server
 * and the token; `close` undoes it all.
 */
export async function startTailing(): Promise<{ server: RunningServer; token: string; close(): Promise<void> }> {
  const server = await useServer();
  const token = await signInWithIssuedToken(server, DEMO_USER.email);
  const t = await tails();
  t.capture = true;
  t.tuning = FAST;
  await settings({ initialLines: 20 });
  return {
    server,
    token,
    async close() {
      await settings({ initialLines: undefined });
      await stopSignedIn(server);
    },
  };
}
