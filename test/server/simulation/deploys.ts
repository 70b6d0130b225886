// Deploys go pending -> building -> succeeded | failed, with a build log that grows
// while building. A successful deploy creates a release and leaves the app running.

import { randomBytes } from 'node:crypto';
import type { Scheduler } from '../scheduler';
import type { Settings } from '../options';
import { newId, nowIso, type Store } from '../store';
import type { AppRecord, AppStatus, Deploy, Release } from '../types';
import type { LogBook } from './logBook';
import { startContainers } from './lifecycle';

export interface DeployRequest {
  commitSha?: string;
  /** null: none (a git push); undefined: `Deploy <sha>`. */
  description?: string | null;
  /** Make the build fail (demo data and tests). */
  fail?: boolean;
  /** Who triggered it, for the activity log. */
  userId: string | null;
  /** A slow build: one log line per step of this length (default: four chunks, a quarter of the action delay apart). */
  stepMs?: number;
  /** The release this deploy belongs to (a rollback or a push creates it first); otherwise success creates one. */
  release?: Release;
  /**
   * wokku's git push (Git::DeployForwarder): the deploy records no commit, the app's status
   * does not pass through "deploying", and no activity is logged.
   */
  gitPush?: boolean;
  /** Each build line as it is produced (a git push streams them to the pushing client). */
  onLine?: (line: string) => void;
  /** When the build ended (after the record was updated). */
  onEnd?: (ok: boolean) => void;
  /** Like wokku's DeployForwarder: the record's `log` stays empty while building and is written at the end. */
  logAtEnd?: boolean;
  /** A message of the failed build (e.g. the content of a pushed FAIL_BUILD file). */
  failure?: string;
  /** The whole build log, in place of a build's (a rebuild of an app that has nothing to build). */
  lines?: string[];
  /** The record keeps no commit (wokku's rebuild and git push); the build still uses `commitSha`. */
  noCommit?: boolean;
}

export const randomSha = (): string => randomBytes(20).toString('hex');

export function buildLog(appName: string, sha: string, fail: boolean, failure?: string): string[] {
  const lines = [
    `-----> Cleaning up...`,
    `-----> Building ${appName} from herokuish`,
    `-----> Adding BUILD_ENV to build environment...`,
    `-----> Node.js app detected`,
    `       Resolving node version 20.x... Downloading and installing node 20.18.1`,
    `-----> Installing dependencies`,
    `       Installing node modules (package-lock.json)`,
    `       added 512 packages, and audited 513 packages in 9s`,
    `-----> Build`,
    `       Running build`,
    `       > ${appName}@1.4.2 build`,
  ];
  if (fail) {
    return [
      ...lines,
      ...(failure ? failure.split(/\r?\n/).filter(Boolean).map((l) => `       ${l}`) : [`       src/server.ts(42,7): error TS2322: Type 'string' is not assignable to type 'number'.`]),
      `       npm ERR! code ELIFECYCLE`,
      `       npm ERR! errno 2`,
      `-----> Build failed`,
      ` !     Failure during app build of ${appName} (commit ${sha.slice(0, 7)})`,
    ];
  }
  return [
    ...lines,
    `       Build completed in 14.2s`,
    `-----> Discovering process types`,
    `       Procfile declares types -> web, worker`,
    `-----> Releasing ${appName}...`,
    `-----> Checking for predeploy task`,
    `-----> Attempting pre-flight checks (web.1)`,
    `       Healthcheck succeeded name='default'`,
    `-----> Shutting down old containers in 60 seconds`,
    `=====> Application deployed:`,
    `       http://${appName}.apphost.example`,
  ];
}

export class DeployRunner {
  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    private readonly settings: Settings,
    private readonly logs: LogBook,
  ) {}

  /** While set, builds stream their lines but end only once it resolves (see holdBuilds). */
  private held?: Promise<void>;

  /**
   * Builds stay "building" (their lines all sent) until the returned function is called:
   * a test can look at a build mid-way however slowly the machine runs.
   */
  holdBuilds(): () => void {
    let release!: () => void;
    this.held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.held = undefined;
      release();
    };
  }

  start(app: AppRecord, request: DeployRequest): Deploy {
    const sha = request.commitSha ?? randomSha();
    const deploy: Deploy = {
      id: newId(),
      appId: app.id,
      status: 'pending',
      commitSha: sha,
      description: request.description === undefined ? `Deploy ${sha.slice(0, 7)}` : request.description,
      startedAt: null,
      finishedAt: null,
      createdAt: nowIso(),
      log: [],
      shaRecorded: !request.gitPush && !request.noCommit,
    };
    this.store.deploys.set(deploy.id, deploy);
    const previous: AppStatus = app.status === 'deploying' ? 'running' : app.status;
    const lines = request.lines ?? buildLog(app.name, sha, request.fail ?? false, request.failure);
    const step = Math.max(1, request.stepMs ?? this.settings.actionDelayMs / 4);
    const alive = (): boolean => this.store.deploys.has(deploy.id) && this.store.apps.has(app.id);

    this.scheduler.after(step, () => {
      if (!alive()) return request.onEnd?.(false);
      deploy.status = 'building';
      deploy.startedAt = nowIso();
      if (!request.gitPush) app.status = 'deploying';
      // The log grows in chunks while building, so pollers see it change.
      const chunks = request.stepMs ? lines.length : 4;
      const perChunk = Math.ceil(lines.length / chunks);
      for (let i = 0; i < chunks; i++) {
        this.scheduler.after(step * (i + 1), () => {
          if (!alive()) return;
          const chunk = lines.slice(i * perChunk, (i + 1) * perChunk);
          if (!request.logAtEnd) deploy.log.push(...chunk);
          for (const line of chunk) request.onLine?.(line);
        });
      }
      this.scheduler.after(step * (chunks + 1), () => {
        const end = (): void => {
          if (alive()) this.finish(app, deploy, previous, request);
          else request.onEnd?.(false);
        };
        if (this.held) void this.held.then(end);
        else end();
      });
    });
    return deploy;
  }

  private finish(app: AppRecord, deploy: Deploy, previous: AppStatus, request: DeployRequest): void {
    deploy.finishedAt = nowIso();
    const ok = !request.fail;
    if (request.logAtEnd) deploy.log = request.lines ?? buildLog(app.name, deploy.commitSha, !ok, request.failure);
    deploy.status = ok ? 'succeeded' : 'failed';
    if (ok) {
      const version = request.release?.version ?? (this.store.releasesOf(app.id)[0]?.version ?? 0) + 1;
      if (!request.release) {
        const release = { id: newId(), appId: app.id, version, description: deploy.description ?? 'Deploy', deployId: deploy.id, commitSha: deploy.commitSha, createdAt: nowIso() };
        this.store.releases.set(release.id, release);
      }
      app.commitSha = deploy.commitSha;
      app.status = 'running';
      // A deploy replaces the containers, whatever start/stop did before.
      app.processState = 'running';
      app.containersVersion += 1;
      startContainers(this.logs, app);
    } else {
      app.status = previous;
    }
    // Like wokku's DeployJob: only a success is logged, to the app's team.
    if (ok && !request.gitPush) this.store.recordActivity({ workspaceId: app.workspaceId, userId: request.userId, action: 'app.deployed', targetName: app.name, targetType: 'AppRecord' });
    request.onEnd?.(ok);
  }
}
