import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateField, channelTypes } from '../../src/commands/notifications';
import { validateKeyName, validatePublicKey } from '../../src/commands/sshKeys';
import { publicKeyFiles } from '../../src/deploy/sshKeyFiles';
import { validateEmail, validateTeamName } from '../../src/commands/teams';
import { DEMO_USER, type RunningServer } from '../server';
import { makeEd25519PublicKey } from '../server/sshKey';
import { startSignedIn, stopSignedIn, until } from './support/env';
import { labelsUnder, nodeAt, requestsOf, runScripted } from './support/resourceTree';

type Shown = { kind: string; text: string; items?: string[] }[];
const saw = (shown: Shown, kind: string, pattern: RegExp) => assert.ok(shown.some((s) => s.kind === kind && pattern.test(s.text)), `${kind} ${pattern} in ${JSON.stringify(shown)}`);

describe('account: templates, SSH keys, teams, notification channels', function () {
  let server: RunningServer;

  before(async () => (server = await startSignedIn()));
  afterEach(() => server.control.clearFaults());
  after(() => stopSignedIn(server));

  const store = () => server.control.state.store;
  const demoId = () => [...store().users.values()].find((u) => u.email === DEMO_USER.email)!.id;

  describe('templates', () => {
    const deployScript = (inputs: (string | undefined)[]) => ({
      picks: ['Node.js + Express', 'eu-central-1'],
      buttons: [[/Deploy the template/, 'Deploy…']] as [RegExp, string][],
      inputs,
    });

    it('groups the catalogue by category with descriptions, shows details, deploys, reveals the app and follows its deploy', async () => {
      const apps = await nodeAt('Personal', 'Apps');
      await labelsUnder(apps);
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.template.deploy', deployScript(['hello-api']));
      const picker = ui.shown.find((s) => s.kind === 'quickPick' && /template/.test(s.text))!;
      assert.ok(picker.items!.includes('--- Web') && picker.items!.some((i) => i.startsWith('--- ') && i !== '--- Web'), picker.items!.join(' | '));
      saw(ui.shown, 'info', /Deploy the template "Node\.js \+ Express"\?/);
      saw(ui.shown, 'info', /hello-api deployed\./);
      const app = server.control.findApp('hello-api');
      assert.equal(app?.serverId, server.control.findServer('eu-central-1')?.id);
      const log = requestsOf(server);
      assert.deepEqual(log.slice(0, 3), ['GET /api/v1/templates', 'GET /api/v1/templates/node-express', 'GET /api/v1/servers']);
      assert.equal(log.filter((r) => r === 'POST /api/v1/templates/deploy').length, 1);
      assert.ok(log.some((r) => r.startsWith(`GET /api/v1/apps/${app!.id}/deploys/`)), 'the deploy is followed');
      assert.ok(!log.includes('GET /api/v1/databases') && !log.includes('GET /api/v1/teams'), 'only the Apps group is fetched again');
      assert.ok((await labelsUnder(apps)).includes('hello-api'));
    });

    it('explains a taken name (409) in place with a free one, and deploys under the name typed next', async () => {
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.template.deploy', deployScript(['storefront', 'storefront-copy']));
      saw(ui.shown, 'validation', /App name already taken — "storefront-\d+" is free/);
      assert.ok(server.control.findApp('storefront-copy'));
      assert.equal(requestsOf(server).filter((r) => r === 'POST /api/v1/templates/deploy').length, 2);
    });

    it('refuses an invalid name while typing (no request) and reports a failed deploy call', async () => {
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.template.deploy', deployScript(['Bad Name', undefined]));
      saw(ui.shown, 'validation', /lowercase letters/);
      assert.ok(!requestsOf(server).includes('POST /api/v1/templates/deploy'));
      server.control.failNext({ method: 'POST', path: '/templates/deploy', status: 503, body: { error: 'Cannot connect to server: timeout' } });
      const failed = await runScripted('apphost.template.deploy', deployScript(['later-api']));
      saw(failed.shown, 'error', /Cannot connect to server/);
      assert.equal(server.control.findApp('later-api'), undefined);
    });
  });

  describe('SSH keys', () => {
    const key = makeEd25519PublicKey('integration', 'me@laptop');

    it('validates public keys and names as you type', () => {
      assert.equal(validatePublicKey(key), undefined);
      assert.equal(validatePublicKey(`  ${key}\n`), undefined);
      for (const bad of ['', 'ssh-ed25519', 'ssh-foo AAAA', 'ssh-ed25519 not*base64', key.replace('ssh-ed25519', 'ssh-rsa'), '-----BEGIN OPENSSH PRIVATE KEY-----']) {
        assert.ok(validatePublicKey(bad), bad);
      }
      assert.ok(validateKeyName(' '));
      assert.ok(validateKeyName('x'.repeat(101)));
      assert.equal(validateKeyName('laptop'), undefined);
    });

    it('offers the valid .pub files of a directory', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'apphost-ssh-'));
      writeFileSync(join(dir, 'id_ed25519.pub'), `${key}\n`);
      writeFileSync(join(dir, 'broken.pub'), 'ssh-ed25519 nope');
      writeFileSync(join(dir, 'id_ed25519'), '-----BEGIN OPENSSH PRIVATE KEY-----');
      const files = await publicKeyFiles(dir);
      assert.deepEqual(files.map((f) => f.key), [key]);
      assert.deepEqual(await publicKeyFiles(join(dir, 'missing')), []);
    });

    it('adds a pasted key named after its comment, and explains a duplicate (422)', async () => {
      const viaPicker = (await publicKeyFiles()).length > 0;
      const picks = viaPicker ? ['Paste a public key'] : [];
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.sshKey.add', { picks: [...picks], inputs: [key, 'me@laptop'] });
      saw(ui.shown, 'info', /SSH key "me@laptop" added \([0-9a-f]{64}\)/);
      assert.deepEqual(requestsOf(server), ['POST /api/v1/ssh_keys']);
      assert.ok([...store().sshKeys.values()].some((k) => k.name === 'me@laptop' && k.userId === demoId()));
      const again = await runScripted('apphost.sshKey.add', { picks: [...picks], inputs: [key, 'again'] });
      saw(again.shown, 'error', /You've already added this key\./);
    });

    it('lists keys with fingerprints and removes one only after confirmation', async () => {
      const before = store().sshKeys.size;
      server.control.clearRequestLog();
      const declined = await runScripted('apphost.sshKeys.manage', { picks: ['me@laptop'], buttons: [[/Remove the SSH key/, undefined]] });
      const list = declined.shown.find((s) => s.kind === 'quickPick')!;
      assert.ok(list.items!.some((i) => i.includes('MacBook Pro')) && list.items!.some((i) => i.includes('Add SSH Key')), list.items!.join(' | '));
      assert.equal(store().sshKeys.size, before, 'declined: nothing removed');
      const ui = await runScripted('apphost.sshKeys.manage', { picks: ['me@laptop'], buttons: [[/Remove the SSH key "me@laptop"/, 'Remove']] });
      saw(ui.shown, 'info', /SSH key "me@laptop" removed/);
      assert.equal(store().sshKeys.size, before - 1);
      assert.equal(requestsOf(server).filter((r) => r.startsWith('DELETE /api/v1/ssh_keys/')).length, 1);
    });
  });

  describe('teams', () => {
    it('validates team names and e-mail addresses', () => {
      assert.ok(validateTeamName(''));
      assert.ok(validateTeamName('x'.repeat(61)));
      assert.equal(validateTeamName('Platform Crew'), undefined);
      for (const bad of ['', 'kim', 'kim@', 'kim@apphost', 'k m@a.dev']) assert.ok(validateEmail(bad), bad);
      assert.equal(validateEmail('kim@apphost.dev'), undefined);
    });

    it('creates a team; its workspace appears in the Resources view', async () => {
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.team.create', { inputs: ['Platform Crew'] });
      // wokku's teams have no slug: the team is a workspace all the same.
      saw(ui.shown, 'info', /Team "Platform Crew" created; its workspace is in the Resources view/);
      assert.equal(requestsOf(server)[0], 'POST /api/v1/teams');
      await until('the team workspace', () => nodeAt('Platform Crew').then(() => true, () => false));
    });

    it('adds a member by e-mail with a role from the workspace node, and explains an unknown user (404)', async () => {
      const team = await nodeAt('Platform Crew');
      const ui = await runScripted('apphost.team.addMember', { inputs: ['kim@apphost.dev'], picks: ['admin'] }, team);
      saw(ui.shown, 'info', /kim@apphost\.dev added to Platform Crew as admin/);
      const unknown = await runScripted('apphost.team.addMember', { inputs: ['nobody@apphost.dev'], picks: ['viewer'] }, team);
      saw(unknown.shown, 'error', /User not found/);
      const bad = await runScripted('apphost.team.addMember', { inputs: ['not-an-email'] }, team);
      saw(bad.shown, 'error', /rejected: Enter an e-mail address/);
    });

    it("opens the members of the personal workspace, which is the user's own team on wokku", async () => {
      const personal = await nodeAt('Personal');
      assert.match(String((await personal.getTreeItem()).contextValue), /^workspace:personal:ofTeam\b/, 'the Members entries apply to it');
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.team.members', {}, personal);
      const members = ui.shown.find((s) => /Members of Personal/.test(s.text));
      assert.ok(members?.items?.some((i) => i.includes(DEMO_USER.email)), JSON.stringify(ui.shown));
      assert.ok(!ui.shown.some((s) => /AppHost teams/.test(s.text)), 'no team to pick: the row is the team');
      assert.deepEqual(requestsOf(server).map((r) => r.replace(/teams\/[^/]+/, 'teams/:id')), ['GET /api/v1/teams/:id/members']);
    });

    it('lists members and removes one after confirmation; a non-admin is told why not (403)', async () => {
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.teams.manage', { picks: ['Platform Crew', 'kim@apphost.dev'], buttons: [[/Remove kim@apphost\.dev from Platform Crew/, 'Remove']] });
      const members = ui.shown.find((s) => /Members of Platform Crew/.test(s.text))!;
      assert.ok(members.items!.some((i) => i.includes(DEMO_USER.email)), members.items!.join(' | '));
      saw(ui.shown, 'info', /kim@apphost\.dev removed from Platform Crew/);
      assert.equal(requestsOf(server).filter((r) => /^DELETE \/api\/v1\/teams\/[^/]+\/members\//.test(r)).length, 1);
      const acme = await nodeAt('Acme Corp');
      const denied = await runScripted('apphost.team.addMember', { inputs: ['sam@apphost.dev'], picks: ['member'] }, acme);
      saw(denied.shown, 'error', /Not authorized|permission/i);
    });
  });

  describe('API tokens', () => {
    it('creates a token without a name: the service names it after the time, as wokku does', async () => {
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.tokens.create', { inputs: [''], buttons: [[/created/, undefined]] });
      saw(ui.shown, 'info', /API token "token-\d+" created\. Copy it now/);
      assert.deepEqual(requestsOf(server), ['POST /api/v1/auth/tokens']);
      const long = await runScripted('apphost.tokens.create', { inputs: ['x'.repeat(101)] });
      saw(long.shown, 'error', /rejected: At most 100 characters/);
    });
  });

  describe('notification channels', () => {
    it('checks each channel type’s config fields as you type', () => {
      const types = channelTypes();
      assert.deepEqual(Object.keys(types).sort(), ['discord', 'email', 'push', 'slack', 'telegram', 'webhook']);
      const [webhook] = types.webhook.fields;
      assert.equal(validateField(webhook, 'https://example.com/hook'), undefined);
      assert.ok(validateField(webhook, 'ftp://example.com'));
      assert.ok(validateField(types.slack.fields[0], 'https://example.com/hook'));
      assert.equal(validateField(types.telegram.fields[1], '-100123'), undefined);
      assert.ok(validateField(types.email.fields[0], 'ops'));
    });

    it('creates a webhook channel with several events in the personal workspace', async () => {
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.notification.create', { picks: ['Webhook', 'deploy_failed, backup_failed'], inputs: ['https://example.com/hooks/apphost'] });
      const events = ui.shown.find((s) => s.kind === 'quickPick' && s.items?.some((i) => i.startsWith('deploy_succeeded')));
      assert.deepEqual(events?.items?.map((i) => i.split(' ')[0]), ['deploy_succeeded', 'deploy_failed', 'backup_failed'], 'the events the service sends');
      saw(ui.shown, 'info', /Webhook notifications created for deploy_failed, backup_failed/);
      assert.deepEqual(requestsOf(server), ['POST /api/v1/notifications']);
      assert.equal(server.control.requestLog[0].workspace, null);
      const rec = [...store().notifications.values()].find((n) => n.config.url === 'https://example.com/hooks/apphost');
      assert.deepEqual(rec?.events, ['deploy_failed', 'backup_failed']);
      assert.equal(rec?.teamId, server.control.teamId(), 'the personal workspace is the user\'s own team');
    });

    it('scopes a channel created on a team workspace to its team', async () => {
      const crew = await nodeAt('Platform Crew');
      server.control.clearRequestLog();
      await runScripted('apphost.notification.create', { picks: ['Telegram', 'backup_failed'], inputs: ['123456:ABC-def', '-1001234'] }, crew);
      assert.equal(server.control.requestLog.at(-1)?.workspace, null, 'no header: the service has no workspaces');
      const rec = [...store().notifications.values()].find((n) => n.channel === 'telegram');
      assert.equal(rec?.teamId, (crew as unknown as { workspace: { teamId: string } }).workspace.teamId);
    });

    it('refuses a bad Slack URL in place and shows every message of a 422', async () => {
      const bad = await runScripted('apphost.notification.create', { picks: ['Slack', 'deploy_failed'], inputs: ['https://example.com/x'] });
      saw(bad.shown, 'error', /rejected: A Slack webhook URL/);
      server.control.failNext({ method: 'POST', path: '/notifications', status: 422, body: { errors: ['Events are not allowed', 'Config is odd'] } });
      const ui = await runScripted('apphost.notification.create', { picks: ['E-mail', 'backup_failed'], inputs: ['ops@example.com'] });
      saw(ui.shown, 'error', /Events are not allowed.*Config is odd/s);
    });

    it('lists the workspace’s channels and deletes one after confirmation', async () => {
      const count = store().notifications.size;
      server.control.clearRequestLog();
      // Webhook URLs are credentials: masked until "Reveal Webhook URLs".
      const ui = await runScripted('apphost.notifications.manage', { picks: ['Reveal Webhook URLs', 'example.com/hooks/apphost'], buttons: [[/Delete this notification channel/, 'Delete']] });
      const [masked, revealed] = ui.shown.filter((s) => s.kind === 'quickPick');
      assert.ok(masked.items!.some((i) => i.includes('demo@apphost.dev')), masked.items!.join(' | '));
      assert.ok(masked.items!.some((i) => i.includes('https://example.com/••••••••')), masked.items!.join(' | '));
      assert.ok(!masked.items!.some((i) => i.includes('hooks/apphost')), masked.items!.join(' | '));
      assert.ok(revealed.items!.some((i) => i.includes('https://example.com/hooks/apphost')), revealed.items!.join(' | '));
      saw(ui.shown, 'info', /Notification channel deleted/);
      assert.equal(store().notifications.size, count - 1);
      assert.deepEqual(requestsOf(server).filter((r) => !r.startsWith('GET')).length, 1);
    });
  });
});
