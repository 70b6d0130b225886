import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ApiClient } from '../../src/api';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../server';
import { extensionApi, signInWithIssuedToken, signOutQuietly, until, useServer } from './support/env';
import { withScript } from './support/resourceTree';
import { scriptUi } from './support/scriptedUi';

/** A client of the test's own, to check the server's view of a token. */
function probe(server: RunningServer, token: string) {
  return new ApiClient({ baseUrl: server.url, getToken: () => token, retry: { maxAttempts: 1 } });
}

async function tokenWorks(server: RunningServer, token: string): Promise<boolean> {
  try {
    await probe(server, token).auth.whoami();
    return true;
  } catch {
    return false;
  }
}

async function rootLabels(): Promise<string[]> {
  const api = await extensionApi();
  const roots = await api.treeInsides.resources.getChildren();
  return Promise.all(roots.map(async (n) => String((await n.getTreeItem()).label)));
}

describe('auth: sign-in, sign-out, expiry, workspaces', function () {
  let server: RunningServer;
  const tokensSeen: string[] = [];

  before(async () => {
    server = await useServer();
  });
  afterEach(async () => signOutQuietly());
  after(async () => server.close());

  it('signs in with e-mail and password: stores an API token named after this machine and ends the login session', async () => {
    const ui = scriptUi({ picks: ['e-mail and password'], inputs: [DEMO_USER.email, 'wrong-password', DEMO_USER.password] });
    try {
      await vscode.commands.executeCommand('apphost.signIn');
    } finally {
      ui.restore();
    }
    assert.ok(ui.shown.some((s) => s.kind === 'validation' && /Invalid email or password/.test(s.text)), 'wrong password explained in place');
    const session = await (await extensionApi()).connection.session();
    assert.ok(session, 'signed in');
    assert.equal(session.account.email, DEMO_USER.email);
    assert.equal(session.method, 'password');
    tokensSeen.push(session.token);
    const tokens = await probe(server, session.token).auth.listTokens();
    const mine = tokens.find((t) => t.id === session.tokenId);
    assert.equal(mine?.name, `VS Code on ${hostname()}`);
    // The password login's session token was logged out: only the API token remains in use.
    const logouts = server.control.requestLog.filter((e) => e.method === 'DELETE' && e.path.endsWith('/auth/logout'));
    assert.equal(logouts.length, 1);
    assert.equal(logouts[0].status, 200);
  });

  it('asks the admin for a one-time code, and explains a wrong one', async () => {
    const ui = scriptUi({ picks: ['e-mail and password'], inputs: [ADMIN_USER.email, ADMIN_USER.password, '000000', ADMIN_USER.otp] });
    try {
      await vscode.commands.executeCommand('apphost.signIn');
    } finally {
      ui.restore();
    }
    assert.ok(ui.shown.some((s) => s.kind === 'inputBox' && /one-time code/.test(s.text)), 'asked for the code');
    assert.ok(ui.shown.some((s) => s.kind === 'validation' && /not accepted/.test(s.text)), 'wrong code explained');
    const session = await (await extensionApi()).connection.session();
    assert.equal(session?.account.email, ADMIN_USER.email);
    tokensSeen.push(session!.token);
  });

  it('signs in with the browser once the code is approved', async () => {
    let opened: vscode.Uri | undefined;
    const env = vscode.env as { openExternal: typeof vscode.env.openExternal };
    const openExternal = env.openExternal;
    env.openExternal = async (uri) => {
      opened = uri;
      return true;
    };
    const ui = scriptUi({ picks: ['browser'] });
    try {
      const signingIn = vscode.commands.executeCommand('apphost.signIn');
      await until('the approval page to open', () => opened);
      const userCode = new URL(opened!.toString(true)).searchParams.get('user_code') ?? new URL(opened!.toString(true)).searchParams.get('code');
      assert.ok(userCode, `the page URL carries the code: ${opened!.toString(true)}`);
      server.control.approveDevice(userCode, DEMO_USER.email);
      await signingIn;
    } finally {
      env.openExternal = openExternal;
      ui.restore();
    }
    const session = await (await extensionApi()).connection.session();
    assert.equal(session?.method, 'browser');
    assert.equal(session?.account.email, DEMO_USER.email);
    assert.ok(session?.tokenId, 'the device session was exchanged for a revocable API token');
    tokensSeen.push(session!.token);
  });

  it('accepts a pasted API token only after whoami confirms it', async () => {
    const good = server.control.issueToken(DEMO_USER.email, 'pasted');
    const ui = scriptUi({ picks: ['Paste an API token'], inputs: ['not-a-real-token', good] });
    try {
      await vscode.commands.executeCommand('apphost.signIn');
    } finally {
      ui.restore();
    }
    assert.ok(ui.shown.some((s) => s.kind === 'validation' && /not valid/.test(s.text)));
    const session = await (await extensionApi()).connection.session();
    assert.equal(session?.token, good);
    assert.equal(session?.method, 'token');
    tokensSeen.push(good);
  });

  it('signs out by revoking the stored token on the server', async () => {
    const ui = scriptUi({ picks: ['e-mail and password'], inputs: [DEMO_USER.email, DEMO_USER.password] });
    try {
      await vscode.commands.executeCommand('apphost.signIn');
    } finally {
      ui.restore();
    }
    const session = (await (await extensionApi()).connection.session())!;
    assert.ok(session, `signed in; the UI showed ${JSON.stringify(ui.shown)}`);
    tokensSeen.push(session.token);
    assert.ok(await tokenWorks(server, session.token));
    // From the palette (nothing named): one question naming the service and the account, then the sign-out.
    const out = await withScript({ buttons: [[/^Sign out of /, 'Sign Out']] }, () => vscode.commands.executeCommand('apphost.signOut'));
    const [question] = out.shown.filter((m) => /^Sign out of /.test(m.text));
    assert.match(question?.text ?? '', /^Sign out of .*127\.0\.0\.1.*\?$/, JSON.stringify(out.shown));
    assert.ok((question.detail ?? '').startsWith(`Account ${DEMO_USER.email}.`), question.detail);
    assert.equal(await (await extensionApi()).connection.session(), undefined);
    assert.equal(await tokenWorks(server, session.token), false, 'revoked on the server');
    assert.deepEqual(await rootLabels(), [], 'the tree is empty again (welcome content)');
  });

  it('signs out locally and says so when the server cannot revoke', async () => {
    const ui = scriptUi({ picks: ['e-mail and password'], inputs: [DEMO_USER.email, DEMO_USER.password] });
    try {
      await vscode.commands.executeCommand('apphost.signIn');
    } finally {
      ui.restore();
    }
    tokensSeen.push((await (await extensionApi()).connection.session())!.token);
    server.control.failNext({ count: 5, status: 503, path: /\/auth\/tokens\// });
    const out = scriptUi({ buttons: [[/^Sign out of /, 'Sign Out']] });
    try {
      await vscode.commands.executeCommand('apphost.signOut');
    } finally {
      out.restore();
      server.control.clearFaults();
    }
    assert.equal(await (await extensionApi()).connection.session(), undefined);
    assert.ok(out.shown.some((s) => s.kind === 'warning' && /could not be revoked/.test(s.text)), JSON.stringify(out.shown));
  });

  it('every team is a workspace on a service without workspaces (wokku); each shows only its own team\'s apps', async () => {
    tokensSeen.push(await signInWithIssuedToken(server, DEMO_USER.email));
    assert.deepEqual(await rootLabels(), ['Personal', 'Acme Corp', 'OSS Collective']);
    const api = await extensionApi();
    const requests = server.control.requestLog.length;
    const [personal, acme] = await api.treeInsides.resources.getChildren();
    const appsOf = async (ws: unknown) => {
      const [, apps] = await api.treeInsides.resources.getChildren(ws as never);
      return Promise.all((await api.treeInsides.resources.getChildren(apps)).map(async (n) => String((await n.getTreeItem()).label)));
    };
    const mine = await appsOf(personal);
    const theirs = await appsOf(acme);
    assert.ok(mine.includes('storefront') && !mine.includes('acme-api'), mine.join(', '));
    assert.ok(theirs.includes('acme-api') && !theirs.includes('storefront'), theirs.join(', '));
    const read = server.control.requestLog.slice(requests).filter((e) => e.path.endsWith('/apps'));
    assert.equal(read.length, 2, 'one list per workspace expanded, no extra request to tell them apart');
    assert.ok(server.control.requestLog.slice(requests).every((e) => e.workspace === null), 'no header: the service has none');
    assert.match(String((await acme.getTreeItem()).description), /team/);
  });

  it('lists workspaces from teams and slugs added by hand; a foreign slug shows a clear 403 row (a service with workspaces)', async () => {
    // The specification's workspaces: the reference server's header option.
    const headerServer = await useServer({ workspaceHeader: true });
    try {
      await workspacesWithHeader(headerServer);
    } finally {
      await signOutQuietly();
      await vscode.workspace.getConfiguration('apphost').update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
      await headerServer.close();
    }
  });

  async function workspacesWithHeader(server: RunningServer): Promise<void> {
    tokensSeen.push(await signInWithIssuedToken(server, DEMO_USER.email));
    const ui = scriptUi({ inputs: ['globex'] });
    try {
      await vscode.commands.executeCommand('apphost.workspace.add');
    } finally {
      ui.restore();
    }
    assert.deepEqual(await rootLabels(), ['Personal', 'Acme Corp', 'OSS Collective', 'globex']);
    const api = await extensionApi();
    const globex = (await api.treeInsides.resources.getChildren())[3];
    const [, apps] = await api.treeInsides.resources.getChildren(globex);
    const rows = await api.treeInsides.resources.getChildren(apps);
    assert.equal(rows.length, 1);
    assert.match(String((await rows[0].getTreeItem()).label), /not a member of workspace "globex"/);
    const remove = scriptUi({ picks: ['globex'] });
    try {
      await vscode.commands.executeCommand('apphost.workspace.remove');
    } finally {
      remove.restore();
    }
    assert.deepEqual(await rootLabels(), ['Personal', 'Acme Corp', 'OSS Collective']);
  }

  it('a token revoked behind its back leads to exactly one prompt, and signing in again recovers', async () => {
    const token = await signInWithIssuedToken(server, DEMO_USER.email);
    tokensSeen.push(token);
    const api = await extensionApi();
    const [personal] = await api.treeInsides.resources.getChildren();
    const groups = await api.treeInsides.resources.getChildren(personal);
    server.control.revokeToken(token);

    const fresh = server.control.issueToken(DEMO_USER.email, 'after expiry');
    tokensSeen.push(fresh);
    const ui = scriptUi({ buttons: [[/session expired/i, 'Sign In']], picks: ['Paste an API token'], inputs: [fresh] });
    try {
      // Several views fail together with 401.
      const rows = await Promise.all(groups.map((g) => api.treeInsides.resources.getChildren(g)));
      for (const r of rows) assert.match(String((await r[0].getTreeItem()).label), /Session expired/);
      await until('the new session', async () => (await api.connection.session())?.token === fresh);
    } finally {
      ui.restore();
    }
    assert.equal(ui.shown.filter((s) => /session expired/i.test(s.text) && s.kind === 'warning').length, 1, 'one prompt');
    assert.deepEqual(await rootLabels(), ['Personal', 'Acme Corp', 'OSS Collective'], 'the tree works again');
  });

  it('follows a sign-in and a sign-out made in another window', async () => {
    const api = await extensionApi();
    const apiRoot = api.connection.apiRoot()!;
    const token = server.control.issueToken(DEMO_USER.email, 'other window');
    tokensSeen.push(token);
    const changes: vscode.AuthenticationSessionsChangeEvent[] = [];
    const sub = vscode.authentication.onDidChangeSessions((e) => e.provider.id === 'apphost' && changes.push(e));
    try {
      const session = { id: 'other-window-session', apiRoot, token, account: { id: '1', email: DEMO_USER.email }, method: 'token', createdAt: new Date().toISOString() };
      // Written as another window's SessionStore writes it.
      await api.context.secrets.store('apphost.sessions', JSON.stringify({ writer: 'another-window', seq: 1, sessions: { [apiRoot]: session } }));
      await until('the session from the other window', async () => (await api.connection.session())?.id === 'other-window-session');
      assert.deepEqual(await rootLabels(), ['Personal', 'Acme Corp', 'OSS Collective']);
      await api.context.secrets.store('apphost.sessions', JSON.stringify({ writer: 'another-window', seq: 2, sessions: {} }));
      await until('the sign-out from the other window', async () => !(await api.connection.session()));
      assert.deepEqual(await rootLabels(), []);
      await until('two session changes', () => changes.length >= 2);
    } finally {
      sub.dispose();
    }
  });

  it('keeps tokens out of settings, logs and files on disk', async function () {
    this.timeout(60_000);
    const api = await extensionApi();
    const settings = JSON.stringify(vscode.workspace.getConfiguration('apphost'));
    const logDir = api.logUri.fsPath;
    // The user-data folder holds settings, state databases and logs (secrets live in the browser's storage).
    const userData = join(api.globalStorageUri.fsPath, '..', '..', '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        const st = statSync(path);
        if (st.isDirectory()) walk(path);
        else if (st.isFile() && st.size < 20_000_000) files.push(path);
      }
    };
    for (const dir of [userData, logDir]) if (existsSync(dir)) walk(dir);
    assert.ok(files.length > 0);
    assert.ok(tokensSeen.length >= 6, 'the suite collected the tokens it used');
    for (const token of tokensSeen) {
      assert.ok(!settings.includes(token), 'token in settings');
      for (const file of files) assert.ok(!readFileSync(file).includes(token), `token found in ${file}`);
    }
  });
});
