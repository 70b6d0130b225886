// What a push to the gateway starts, as wokku's Git::DeployForwarder does: a release
// "Deploy via git push" (no commit recorded) and a deploy pending → building →
// succeeded | failed; the build's lines stream back to the pushing client while the
// deploy record's `log` is written only when the build ends. A FAIL_BUILD file in the
// pushed tree makes the build fail (its content, if any, is the error shown).
// The `gitPushCommit` option records the pushed commit and its subject instead, as
// the specification's wording would have it.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRaw } from '../http/body';
import { HANDLED } from '../http/reply';
import { createRelease } from '../operations';
import type { ServiceState } from '../state';
import { EXIT_MARKER } from './hookScript';

export interface PushContext {
  userId: string;
  appId: string;
}

interface RefUpdate {
  oldSha: string;
  newSha: string;
  ref: string;
  subject?: string;
  failBuild?: string;
}

const ZERO = /^0+$/;

export async function runPushHook(state: ServiceState, push: PushContext, req: IncomingMessage, res: ServerResponse): Promise<typeof HANDLED> {
  const refs = parseRefs(await readRaw(req));
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
  const say = (line: string) => res.write(`${line}\n`);
  const end = (code: number) => res.end(`${EXIT_MARKER}${code}\n`);
  const app = state.store.apps.get(push.appId);
  if (!app) {
    say('Deploy failed: the app was deleted');
    end(1);
    return HANDLED;
  }
  const branchRef = `refs/heads/${app.deployBranch}`;
  const update = refs.find((r) => r.ref === branchRef && !ZERO.test(r.newSha));
  if (!update) {
    // Dokku accepts pushes to other branches without building them.
    for (const r of refs.filter((r) => !ZERO.test(r.newSha))) {
      const branch = r.ref.replace(/^refs\/heads\//, '');
      say(`-----> WARNING: deploy did not complete, you must push to ${app.deployBranch}.`);
      say(`-----> for example, try 'git push <remote> ${branch}:${app.deployBranch}'`);
    }
    end(0);
    return HANDLED;
  }
  const server = state.store.servers.get(app.serverId);
  if (server && server.status !== 'connected') {
    say(`Deploy failed: Cannot connect to server ${server.host}`);
    end(1);
    return HANDLED;
  }
  const recordCommit = state.settings.gitPushCommit;
  const release = createRelease(state, app, recordCommit ? update.subject || 'Deploy via git push' : 'Deploy via git push', { commitSha: recordCommit ? update.newSha : null });
  const fail = update.failBuild !== undefined;
  const deploy = state.deploys.start(app, {
    userId: push.userId,
    commitSha: update.newSha,
    description: recordCommit ? update.subject : null,
    release,
    gitPush: !recordCommit,
    fail,
    failure: update.failBuild?.trim() || undefined,
    logAtEnd: true,
    stepMs: buildLineMs(state),
    onLine: say,
    onEnd: (ok) => end(ok ? 0 : 1),
  });
  release.deployId = deploy.id;
  return HANDLED;
}

/** One build line every so often: a few seconds for a whole build at the default action delay. */
function buildLineMs(state: ServiceState): number {
  return Math.max(10, state.settings.actionDelayMs / 8);
}

function parseRefs(raw: string): RefUpdate[] {
  try {
    const body = JSON.parse(raw) as { refs?: RefUpdate[] };
    return Array.isArray(body.refs) ? body.refs.filter((r) => typeof r?.ref === 'string' && typeof r.newSha === 'string') : [];
  } catch {
    return [];
  }
}
