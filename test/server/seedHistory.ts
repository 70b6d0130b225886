// Past events for demo apps: deploys (with build logs), releases, config changes,
// activities, and a backlog of log lines, all with timestamps in the past.

import { randomSha, buildLog } from './simulation/deploys';
import { logLine } from './simulation/logBook';
import type { ServiceState } from './state';
import { localIso, newId } from './store';
import type { AppRecord, Deploy, Release } from './types';

export type HistoryEvent =
  | { kind: 'config'; keys: string[]; daysAgo: number }
  | { kind: 'deploy'; ok: boolean; daysAgo: number; description?: string };

const at = (days: number, plusMinutes = 0): string => localIso(Date.now() - days * 86_400_000 + plusMinutes * 60_000);

/** Replays events oldest first, creating deploys, releases and activities. */
export function seedHistory(state: ServiceState, app: AppRecord, events: HistoryEvent[], userId: string | null): void {
  const { store } = state;
  let version = 0;
  const addRelease = (description: string, days: number, deployId: string | null, commitSha: string | null): void => {
    const release: Release = { id: newId(), appId: app.id, version: ++version, description, deployId, commitSha, createdAt: at(days, 3) };
    store.releases.set(release.id, release);
  };
  for (const event of [...events].sort((a, b) => b.daysAgo - a.daysAgo)) {
    if (event.kind === 'config') {
      // No deploy, so no recorded commit: wokku refuses to roll back to it.
      addRelease(`Set ${event.keys.join(', ')} config vars`, event.daysAgo, null, null);
      store.recordActivity({
        workspaceId: app.workspaceId, userId, action: 'config.updated', targetType: 'AppRecord', targetName: app.name, createdAt: at(event.daysAgo, 3),
      });
      continue;
    }
    const sha = randomSha();
    const deploy: Deploy = {
      id: newId(),
      appId: app.id,
      status: event.ok ? 'succeeded' : 'failed',
      commitSha: sha,
      description: event.description ?? `Deploy ${sha.slice(0, 7)}`,
      startedAt: at(event.daysAgo, 0.2),
      finishedAt: at(event.daysAgo, event.ok ? 2.5 : 1.1),
      createdAt: at(event.daysAgo),
      log: buildLog(app.name, sha, !event.ok),
    };
    store.deploys.set(deploy.id, deploy);
    if (event.ok) {
      app.commitSha = sha;
      addRelease(deploy.description ?? 'Deploy', event.daysAgo, deploy.id, sha);
    }
    // wokku's deploy jobs log successes only, to the app's team.
    if (event.ok) {
      store.recordActivity({
        workspaceId: app.workspaceId, userId, action: 'app.deployed', targetType: 'AppRecord', targetName: app.name, createdAt: at(event.daysAgo, 3),
      });
    }
  }
}

/** About `minutes` of past log lines, as the generator would have produced them. */
export function seedLogBacklog(state: ServiceState, app: AppRecord, minutes: number, endMinutesAgo = 0): void {
  const stepMs = 5000;
  const end = Date.now() - endMinutesAgo * 60_000;
  const lines: string[] = [];
  for (let t = end - minutes * 60_000; t <= end; t += stepMs) lines.push(...state.logGenerator.linesFor(app, stepMs, t));
  state.logs.append(app.id, lines);
}

/** The tail of a crashed app: a stack trace and the platform giving up on restarts. */
export function seedCrashLog(state: ServiceState, app: AppRecord): void {
  seedLogBacklog(state, app, 5, 42);
  const t = new Date(Date.now() - 41 * 60_000);
  const web = 'app[web.1]';
  state.logs.append(app.id, [
    logLine(t, web, "Error: Cannot find module 'sharp'"),
    logLine(t, web, 'Require stack:'),
    logLine(t, web, '- /app/src/resize.js'),
    logLine(t, web, '- /app/src/server.js'),
    logLine(t, web, '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)'),
    logLine(t, web, '    at Module._load (node:internal/modules/cjs/loader:1051:27)'),
    logLine(t, web, 'npm ERR! code ELIFECYCLE'),
    logLine(t, web, `npm ERR! Failed at the ${app.name}@1.4.2 start script.`),
  ]);
}
