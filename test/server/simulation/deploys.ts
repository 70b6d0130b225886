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
  description?: string;
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
}

export const randomSha = (): string => randomBytes(20).toString('hex');

export function buildLog(appName: string, sha: string, fail: boolean): string[] {
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
      `       src/server.ts(42,7): error TS2322: Type 'string' is not assignable to type 'number'.`,
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

  start(app: AppRecord, request: DeployRequest): Deploy {
    const sha = request.commitSha ?? randomSha();
    const deploy: Deploy = {
      id: newId(),
      appId: app.id,
      status: 'pending',
      commitSha: sha,
      description: request.description ?? `Deploy ${sha.slice(0, 7)}`,
      startedAt: null,
      finishedAt: null,
      createdAt: nowIso(),
      log: [],
      shaRecorded: !request.gitPush,
    };
    this.store.deploys.set(deploy.id, deploy);
    const previous: AppStatus = app.status === 'deploying' ? 'running' : app.status;
    const lines = buildLog(app.name, sha, request.fail ?? false);
    const step = Math.max(1, request.stepMs ?? this.settings.actionDelayMs / 4);
    const alive = (): boolean => this.store.deploys.has(deploy.id) && this.store.apps.has(app.id);

    this.scheduler.after(step, () => {
      if (!alive()) return;
      deploy.status = 'building';
      deploy.startedAt = nowIso();
      if (!request.gitPush) app.status = 'deploying';
      // The log grows in chunks while building, so pollers see it change.
      const chunks = request.stepMs ? lines.length : 4;
      const perChunk = Math.ceil(lines.length / chunks);
      for (let i = 0; i < chunks; i++) {
        this.scheduler.after(step * (i + 1), () => {
          if (alive()) deploy.log.push(...lines.slice(i * perChunk, (i + 1) * perChunk));
        });
      }
      this.scheduler.after(step * (chunks + 1), () => {
        if (alive()) this.finish(app, deploy, previous, request);
      });
    });
    return deploy;
  }

  private finish(app: AppRecord, deploy: Deploy, previous: AppStatus, request: DeployRequest): void {
    deploy.finishedAt = nowIso();
    const ok = !request.fail;
    deploy.status = ok ? 'succeeded' : 'failed';
    if (ok) {
      const version = request.release?.version ?? (this.store.releasesOf(app.id)[0]?.version ?? 0) + 1;
      if (!request.release) {
        const release = { id: newId(), appId: app.id, version, description: deploy.description, deployId: deploy.id, commitSha: deploy.commitSha, createdAt: nowIso() };
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
  }
}
