// Every endpoint of the specification is called by something a user can do: commands
// run with scripted answers, and the Resources / Activity views shown. The reference
// server's request log is the witness; only successful answers (< 400) count.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/tree/commandTarget';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../server';
import { makeEd25519PublicKey } from '../server/sshKey';
import { SPEC_ENDPOINTS } from '../server/specEndpoints';
import { extensionApi, signInWithIssuedToken, signOutQuietly, sleep, stopSignedIn, until, useServer } from './support/env';
import { labelOf, nodeAt, runScripted, withScript } from './support/resourceTree';



/** `POST /api/v1/apps/4f…/restart` → `POST /apps/:id/restart` (the spec pattern it matches), or undefined. */
export function endpointOf(method: string, path: string): string | undefined {
  const parts = path.replace(/^\/api\/v1/, '').split('/').filter(Boolean);
  return SPEC_ENDPOINTS.find((e) => {
    const [m, pattern] = e.split(' ');
    const segments = pattern.split('/').filter(Boolean);
    // Literal segments win over parameters: /templates/deploy is not /templates/:id.
    return m === method && segments.length === parts.length && segments.every((s, i) => s.startsWith(':') || s === parts[i])
      && !(pattern === '/templates/:id' && parts[1] === 'deploy');
  });
}

interface Step {
  /** What the user does, as written in docs/endpoints.md. */
  via: string;
  run: () => Promise<unknown>;
}


async function children(node: TreeNode | undefined): Promise<TreeNode[]> {
  return (await extensionApi()).treeInsides.resources.getChildren(node);
}

/** The first row under a node whose label passes `test` (rows are matched loosely: labels change). */
async function firstUnder(node: TreeNode, test: (label: string) => boolean = () => true): Promise<TreeNode> {
  for (const c of await children(node)) if (test(await labelOf(c))) return c;
  throw new Error(`nothing matching under ${await labelOf(node)}`);
}

/** Expands a node and every descendant down to `depth` levels (what a user clicking around does). */
async function expandAll(node: TreeNode, depth: number): Promise<void> {
  if (depth === 0 || !node.getChildren) return;
  for (const c of await children(node)) await expandAll(c, depth - 1);
}

/** Runs a command that opens a createQuickPick (not scripted): closes it after it has loaded. */
async function runAndClose(command: string, ...args: unknown[]): Promise<void> {
  const done = vscode.commands.executeCommand(command, ...args);
  await sleep(800);
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  await done;
}

function steps(server: RunningServer): Step[] {
  const registered = vscode.commands.getCommands(true);
  const ifRegistered = async (command: string, run: () => Promise<unknown>) => {
    if (!(await registered).includes(command)) throw new Error(`${command} is not registered yet`);
    return run();
  };
  const privateKey = () => generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
  const storefront = () => nodeAt('Personal', 'Apps', 'storefront');
  const group = async (name: string) => firstUnder(await storefront(), (l) => l === name);
  return [
    // ---- account: sign-in, tokens, workspaces ----
    { via: 'AppHost: Sign In (e-mail and password)', run: () => runScripted('apphost.signIn', { picks: ['e-mail and password'], inputs: [DEMO_USER.email, DEMO_USER.password] }) },
    { via: 'Resources view (workspaces from teams)', run: () => children(undefined) },
    { via: 'AppHost: Manage API Tokens…', run: () => runAndClose('apphost.tokens.manage') },
    { via: 'AppHost: Create API Token… → Use for This Connection', run: () => runScripted('apphost.tokens.create', { inputs: ['coverage'], buttons: [[/created/, 'Use for This Connection']] }) },
    // ---- the Resources view, expanded as a user would ----
    { via: 'Resources view (Servers, Apps, Databases groups)', run: async () => { for (const ws of await children(undefined)) await expandAll(ws, 2); } },
    { via: 'Resources view (an app’s parts: config, domains, releases, processes, checks, deploys, addons, log drains)', run: async () => expandAll(await storefront(), 2) },
    { via: 'Resources view (a database’s backups)', run: async () => expandAll(await nodeAt('Personal', 'Databases', 'storefront-db'), 2) },
    // ---- details ----
    { via: 'AppHost: Show Details (app)', run: async () => runScripted('apphost.showDetails', {}, await storefront()) },
    { via: 'AppHost: Show Details (server)', run: async () => runScripted('apphost.showDetails', {}, await nodeAt('Personal', 'Servers', 'eu-central-1')) },
    { via: 'AppHost: Show Details (database)', run: async () => runScripted('apphost.showDetails', {}, await nodeAt('Personal', 'Databases', 'storefront-db')) },
    { via: 'AppHost: Show Details (release)', run: async () => runScripted('apphost.showDetails', {}, await firstUnder(await group('Releases'))) },
    { via: 'AppHost: Show Details (deploy)', run: async () => runScripted('apphost.showDetails', {}, await firstUnder(await group('Deploys'))) },
    // ---- apps (lifecycle and SSL on a deployed, running app) ----
    { via: 'AppHost: Create App…', run: () => runScripted('apphost.app.create', { picks: ['eu-central-1'], inputs: ['coverage-app', 'main'] }) },
    { via: 'AppHost: Update App… (rename)', run: () => runScripted('apphost.app.update', { picks: ['coverage-app', 'Rename'], inputs: ['coverage-app2'] }) },
    { via: 'AppHost: Stop App', run: () => runScripted('apphost.app.stop', { picks: ['api-gateway'] }) },
    { via: 'AppHost: Start App', run: () => runScripted('apphost.app.start', { picks: ['api-gateway'] }) },
    { via: 'AppHost: Restart App', run: () => runScripted('apphost.app.restart', { picks: ['api-gateway'] }) },
    // ---- config ----
    { via: 'AppHost: Add Variable…', run: () => runScripted('apphost.config.add', { picks: ['coverage-app2'], inputs: ['COVERAGE', 'yes'] }) },
    { via: 'AppHost: Delete Variable…', run: async () => {
      const config = await firstUnder(await nodeAt('Personal', 'Apps', 'coverage-app2'), (l) => l === 'Config');
      return runScripted('apphost.config.delete', { buttons: [[/Delete COVERAGE/, 'Delete']] }, await firstUnder(config, (l) => l.startsWith('COVERAGE')));
    } },
    // ---- domains ----
    { via: 'AppHost: Add Domain…', run: () => runScripted('apphost.domain.add', { picks: ['api-gateway'], inputs: ['coverage.example.com'] }) },
    { via: 'AppHost: Enable SSL for Domain', run: () => runScripted('apphost.domain.enableSsl', { picks: ['api-gateway', 'coverage.example.com'] }) },
    { via: 'AppHost: Remove Domain…', run: () => runScripted('apphost.domain.remove', { picks: ['api-gateway', 'coverage.example.com'], buttons: [[/Remove coverage\.example\.com/, 'Remove']] }) },
    // ---- releases, processes, checks ----
    { via: 'AppHost: Roll Back to Release…', run: async () => {
      const releases = await children(await group('Releases'));
      // A release made by a deploy: wokku refuses one without a recorded commit (a config change).
      const items = await Promise.all(releases.map((r) => r.getTreeItem()));
      const target = releases.find((_, i) => i > 0 && !/config vars/.test(String(items[i].description)));
      return runScripted('apphost.release.rollback', { buttons: [[/Roll storefront back/, 'Roll Back']] }, target);
    } },
    { via: 'AppHost: Scale Processes…', run: () => runScripted('apphost.processes.scale', { picks: ['storefront'], inputs: ['web=3'] }) },
    { via: 'AppHost: Change Health Check Setting…', run: () => runScripted('apphost.checks.change', { picks: ['storefront', 'timeout'], inputs: ['45'] }) },
    // ---- logs and deploys ----
    { via: 'AppHost: Show Logs / Tail Logs', run: () => ifRegistered('apphost.logs.show', () => runScripted('apphost.logs.show', { picks: ['storefront'] })).catch(() =>
      ifRegistered('apphost.logs.tail', async () => {
        await runScripted('apphost.logs.tail', { picks: ['storefront'] });
        await until('a log poll', () => server.control.requestLog.some((e) => /\/logs$/.test(e.path)), 5000);
        await vscode.commands.executeCommand('apphost.logs.stop').then(undefined, () => undefined);
      })) },
    // ---- addons, log drains ----
    { via: 'AppHost: Add Addon…', run: () => runScripted('apphost.addon.add', { picks: ['coverage-app2', 'redis'], inputs: [''] }) },
    { via: 'AppHost: Remove Addon…', run: () => runScripted('apphost.addon.remove', { picks: ['coverage-app2', 'redis'], buttons: [[/Remove the addon/, 'Remove']] }) },
    { via: 'AppHost: Add Log Drain…', run: () => runScripted('apphost.logDrain.add', { picks: ['coverage-app2'], inputs: ['syslog://logs.example.com:514'] }) },
    { via: 'AppHost: Remove Log Drain…', run: () => runScripted('apphost.logDrain.remove', { picks: ['coverage-app2', 'syslog://'], buttons: [[/Stop forwarding/, 'Remove']] }) },
    // ---- databases and backups ----
    { via: 'AppHost: Create Database…', run: () => runScripted('apphost.database.create', { picks: ['redis', 'eu-central-1'], inputs: ['coverage-db'] }) },
    // A new database takes a moment to provision; linking before it runs is refused (422).
    { via: 'AppHost: Link Database to App…', run: async () => {
      await until('coverage-db running', () => [...server.control.state.store.databases.values()].some((d) => d.name === 'coverage-db' && d.status === 'running'));
      return runScripted('apphost.database.link', { picks: ['coverage-db', 'coverage-app2'], inputs: [''] });
    } },
    { via: 'AppHost: Unlink App from Database…', run: () => runScripted('apphost.database.unlink', { picks: ['coverage-db', 'coverage-app2'], buttons: [[/Unlink/, 'Unlink']] }) },
    { via: 'AppHost: Delete App…', run: () => runScripted('apphost.app.delete', { picks: ['coverage-app2'], inputs: ['coverage-app2'] }) },
    // ---- templates (deploy followed until done) ----
    { via: 'AppHost: Deploy from Template…', run: () => runScripted('apphost.template.deploy', { picks: ['Node.js + Express', 'eu-central-1'], buttons: [[/Deploy the template/, 'Deploy…']], inputs: ['coverage-tpl'] }) },
    // ---- SSH keys, teams, notifications, activity ----
    // The source pick is asked only when ~/.ssh holds .pub files; otherwise the pick stays unused.
    { via: 'AppHost: Add SSH Key…', run: () => runScripted('apphost.sshKey.add', { picks: ['Paste a public key'], inputs: [makeEd25519PublicKey('coverage', 'cov@box'), 'cov'] }) },
    { via: 'AppHost: Manage SSH Keys… → remove', run: () => runScripted('apphost.sshKeys.manage', { picks: ['cov'], buttons: [[/Remove the SSH key/, 'Remove']] }) },
    { via: 'AppHost: Create Team…', run: () => runScripted('apphost.team.create', { inputs: ['Coverage Team'] }) },
    { via: 'AppHost: Add Team Member…', run: () => runScripted('apphost.team.addMember', { picks: ['Coverage Team', 'viewer'], inputs: ['kim@apphost.dev'] }) },
    { via: 'AppHost: Team Members… → remove', run: () => runScripted('apphost.team.members', { picks: ['Coverage Team', 'kim@apphost.dev'], buttons: [[/Remove kim/, 'Remove']] }) },
    { via: 'AppHost: Create Notification Channel…', run: () => runScripted('apphost.notification.create', { picks: ['Push', 'deploy_failed'] }) },
    { via: 'AppHost: Notification Channels… → delete', run: () => runScripted('apphost.notifications.manage', { picks: ['Push'], buttons: [[/Delete this notification channel/, 'Delete']] }) },
    { via: 'Activity view (shown)', run: async () => {
      await vscode.commands.executeCommand('apphost.activity.focus');
      await vscode.commands.executeCommand('apphost.activity.refresh');
      await until('the activity log', () => server.control.requestLog.some((e) => e.path.endsWith('/activities')), 5000);
      await vscode.commands.executeCommand('workbench.view.explorer');
    } },
    // ---- servers and backups (admin only) ----
    { via: 'AppHost: Sign Out', run: () => signOutQuietly() },
    { via: 'AppHost: Sign In (admin, e-mail, password and one-time code)', run: () => runScripted('apphost.signIn', { picks: ['e-mail and password'], inputs: [ADMIN_USER.email, ADMIN_USER.password, ADMIN_USER.otp] }) },
    // Backups are started by platform admins only (wokku); the database is the demo user's.
    { via: 'AppHost: Create Database Backup', run: () => runScripted('apphost.database.backup', { picks: ['coverage-db'] }) },
    { via: 'AppHost: Add Server…', run: () => runScripted('apphost.server.add', { picks: ['Paste a private key'], inputs: ['coverage-box', '198.51.100.77', '22', 'dokku', privateKey()] }) },
    { via: 'AppHost: Check Server Status', run: () => runScripted('apphost.server.checkStatus', { picks: ['coverage-box'] }) },
    { via: 'AppHost: Remove Server…', run: () => runScripted('apphost.server.remove', { picks: ['coverage-box'], buttons: [[/Remove server/, 'Remove']] }) },
    { via: 'AppHost: Sign Out', run: () => signOutQuietly() },
    { via: 'AppHost: Sign In (paste an API token)', run: () => signInWithIssuedToken(server, DEMO_USER.email) },
    { via: 'AppHost: Delete Database…', run: () => runScripted('apphost.database.delete', { picks: ['coverage-db'], inputs: ['coverage-db'] }) },
  ];
}

describe('coverage: every endpoint of the specification is called from the UI', function () {
  this.timeout(240_000);
  let server: RunningServer;

  before(async () => {
    server = await useServer();
    await signOutQuietly();
  });
  after(async () => {
    await stopSignedIn(server);
  });

  it('normalises request paths to the 65 endpoints', () => {
    assert.equal(SPEC_ENDPOINTS.length, 65);
    assert.equal(endpointOf('POST', '/api/v1/templates/deploy'), 'POST /templates/deploy');
    assert.equal(endpointOf('GET', '/api/v1/templates/django'), 'GET /templates/:id');
    assert.equal(endpointOf('POST', '/api/v1/apps/abc/domains/d1/ssl'), 'POST /apps/:id/domains/:did/ssl');
    assert.equal(endpointOf('GET', '/api/v1/nothing'), undefined);
  });

  it('reaches all 65 endpoints through commands and views', async () => {
    server.control.clearRequestLog();
    const seenBy = new Map<string, string[]>();
    const failures: string[] = [];
    let logged = 0;
    for (const step of steps(server)) {
      try {
        // Any prompt a step does not script is dismissed (Escape) rather than left open.
        let result: unknown;
        await withScript({}, async () => (result = await step.run()));
        // The inner script's record: errors the command showed (its wrapper catches them).
        const shown = (result as { shown?: { kind: string; text: string }[] } | undefined)?.shown ?? [];
        for (const e of shown.filter((x) => x.kind === 'error')) failures.push(`${step.via}: showed "${e.text}"`);
      } catch (error) {
        failures.push(`${step.via}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const log = server.control.requestLog;
      for (const entry of log.slice(logged)) {
        const endpoint = endpointOf(entry.method, entry.path);
        if (!endpoint || entry.status >= 400) continue;
        seenBy.set(endpoint, [...new Set([...(seenBy.get(endpoint) ?? []), step.via])]);
      }
      logged = log.length;
    }
    const missing = SPEC_ENDPOINTS.filter((e) => !seenBy.has(e));
    const table = SPEC_ENDPOINTS.map((e) => `${e} ← ${(seenBy.get(e) ?? ['MISSING']).join('; ')}`).join('\n');
    // The observed mapping, for docs/endpoints.md (test-results/ is git-ignored).
    const results = join(__dirname, '..', '..', '..', 'test-results');
    mkdirSync(results, { recursive: true });
    writeFileSync(join(results, 'coverage.txt'), `${SPEC_ENDPOINTS.length - missing.length}/${SPEC_ENDPOINTS.length} endpoints reached\n${table}\n\nfailed steps:\n${failures.join('\n')}\n`);
    assert.deepEqual(missing, [], `endpoints no command reached:\n${missing.join('\n')}\nfailed steps:\n${failures.join('\n')}`);
  });
});
