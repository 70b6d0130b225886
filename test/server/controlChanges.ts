// The control surface's changes "behind the client's back", as another user, the CLI
// or the web dashboard would make them (recorded as done by another user), and the git
// gateway's addresses.

import { changeConfig, createRelease, record } from './operations';
import { startContainers } from './simulation/lifecycle';
import { processStateFor } from './simulation/processReport';
import { logLine } from './simulation/logBook';
import { newId, nowIso } from './store';
import { GIT_HOST } from './views';
import { APP_STATUSES, type AppRecord, type AppStatus, type ProcessState, type ServerStatus } from './types';
import { ControlLookups, type WorkspaceRef } from './controlLookups';

export class ControlChanges extends ControlLookups {
  /** Nanoseconds after the millisecond of lines appended without a time: keeps them in order. */
  private stampSub = 0;

  // ---- changes behind the client's back (recorded as done by another user) ----

  setConfig(app: string, vars: Record<string, string>, workspace?: WorkspaceRef): void {
    const rec = this.app(app, workspace);
    changeConfig(this.state, rec, { set: vars });
    record(this.state, rec.workspaceId, null, 'config.updated', 'AppRecord', rec.name);
  }

  deleteConfig(app: string, keys: string[], workspace?: WorkspaceRef): void {
    changeConfig(this.state, this.app(app, workspace), { unset: keys });
  }

  /** Replaces the app's containers now, as a restart by another client would (their lines are gone). */
  restartContainers(app: string, workspace?: WorkspaceRef): void {
    startContainers(this.state.logs, this.app(app, workspace));
  }

  /** Scales as the CLI would: a running app gets containers for the new formation at once. */
  setScale(app: string, scaling: Record<string, number>, workspace?: WorkspaceRef): void {
    const rec = this.app(app, workspace);
    Object.assign(rec.scaling, scaling);
    if (this.state.logs.isDeployed(rec.id) && rec.processState !== 'stopped') {
      rec.containersVersion += 1;
      rec.processState = 'running';
      startContainers(this.state.logs, rec);
    }
  }

  /**
   * Forces a status now, as the web dashboard would: the record's `status` and the
   * containers (process report) both follow. Cancels any pending transition.
   */
  setAppStatus(app: string, status: AppStatus, workspace?: WorkspaceRef): void {
    if (!APP_STATUSES.includes(status)) throw new Error(`unknown app status ${status}`);
    const rec = this.app(app, workspace);
    this.state.lifecycle.cancel(rec.id);
    rec.status = status;
    rec.processState = processStateFor(status, rec.scaling);
    this.containersFollow(rec, false);
  }

  /**
   * Changes only the containers, as the `wokku` CLI or another API client would with
   * start/stop: the process report changes, the record's `status` does not.
   */
  setProcessState(app: string, state: ProcessState, workspace?: WorkspaceRef): void {
    const rec = this.app(app, workspace);
    this.state.lifecycle.cancel(rec.id);
    const fresh = state === 'running' && rec.processState !== 'running';
    if (fresh) rec.containersVersion += 1;
    rec.processState = state;
    this.containersFollow(rec, fresh);
  }

  /** The app's containers (its logs) as its process state says: new ones when started, exited ones when stopped. */
  private containersFollow(rec: AppRecord, fresh: boolean): void {
    const { logs } = this.state;
    if (!logs.isDeployed(rec.id)) return; // never deployed: no containers to start or stop
    if (fresh) startContainers(logs, rec);
    else logs.resumeContainers(rec.id);
    if (rec.processState === 'stopped') logs.stopContainers(rec.id);
    if (rec.processState === 'mixed') logs.stopContainers(rec.id, logs.containers(rec.id).current.slice(-1).map((c) => c.process));
  }

  setServerStatus(server: string, status: ServerStatus, workspace?: WorkspaceRef): void {
    const rec = this.findServer(server, workspace);
    if (!rec) throw new Error(`no server ${server}`);
    rec.status = status;
  }

  /**
   * Appends lines as given; a line without a leading ISO timestamp gets one, from the
   * app's first container (or `process`), each a nanosecond after the one before.
   */
  appendLogs(app: string, lines: string[], workspace?: WorkspaceRef, process?: string): void {
    const rec = this.app(app, workspace);
    const source = `app[${process ?? this.state.logs.containers(rec.id).current[0]?.process ?? 'web.1'}]`;
    const now = new Date();
    const stamped = lines.map((l) => (/^\d{4}-\d\d-\d\dT/.test(l) ? l : logLine(now, source, l, (this.stampSub = (this.stampSub + 1) % 1_000_000))));
    this.state.logs.append(rec.id, stamped);
  }

  /**
   * Starts a deploy as a `git push` through wokku's git gateway would (its
   * DeployForwarder): a release "Deploy via git push" with no commit at once (so a
   * rollback to it is refused), a deploy that records no commit, the app's status
   * untouched until success, no activity. `gitPush: false` deploys like wokku's
   * DeployJob instead (commit recorded, status "deploying", `app.deployed` logged).
   * `failure`: the failed build's own lines (as a pushed FAIL_BUILD file's content gives them).
   * Returns the deploy's id.
   */
  startDeploy(app: string, opts: { fail?: boolean; failure?: string; commitSha?: string; description?: string; gitPush?: boolean } = {}, workspace?: WorkspaceRef): string {
    const rec = this.app(app, workspace);
    if (opts.gitPush === false) return this.state.deploys.start(rec, { ...opts, userId: null }).id;
    const release = createRelease(this.state, rec, 'Deploy via git push', { commitSha: null });
    const deploy = this.state.deploys.start(rec, { ...opts, userId: null, release, gitPush: true });
    release.deployId = deploy.id;
    return deploy.id;
  }

  // ---- the git gateway ----

  /** Where `git push` reaches the app's repository on this server: `<base>/git/<app>.git`. */
  gitUrl(app: string): string {
    return this.state.git.urlOf(this.app(app, undefined).name);
  }

  /**
   * The git setting that sends wokku's SSH remotes (`git@git.apphost.example:<app>`, what
   * `git_remote` says) to this server's HTTP gateway: `git config <key> <value>`.
   */
  gitInsteadOf(): { key: string; value: string } {
    return { key: `url.${this.state.baseUrl}/git/.insteadOf`, value: `git@${GIT_HOST}:` };
  }

  // ---- wokku's endpoints beyond the specification ----

  /** A completed backup of `sizeBytes` (e.g. a small one to download in a test); returns its id. */
  addBackup(database: string, sizeBytes: number, workspace?: WorkspaceRef): string {
    const db = this.findDatabase(database, workspace);
    if (!db) throw new Error(`no database ${database}`);
    const id = newId();
    this.state.store.backups.set(id, { id, databaseId: db.id, status: 'completed', sizeBytes, createdAt: nowIso() });
    return id;
  }

  /** How POST /apps answers a taken name from now on: Dokku's refusal (wokku's default) or the model's validation. */
  setTakenName(form: 'dokku' | 'validation'): void {
    this.state.settings.takenName = form;
  }
}
