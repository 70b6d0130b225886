// A self-hosted service behind a private certificate authority, as a user meets it: the
// reference server over https, its certificate signed by a throwaway authority made now.
// 1. Not trusted: sign-in says why at once and offers Open Settings; the user adds the
//    authority's file to apphost.tls.certificateAuthorities there, and the view loads.
// 2. The authority installed in the operating system's store (Debian:
//    /usr/local/share/ca-certificates + update-ca-certificates, undone afterwards even on
//    failure): it works with no setting at all, in an extension host started after.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER, makeTestPki, type RunningServer, type TestPki } from '../server';
import { until } from '../support/wait';
import { ACT_TIMEOUT, gesture, shows } from './gesture';
import { closeJourney, startJourneyServer } from './journey';
import { Workbench } from './workbench';
import { patient } from '../support/patience';

const OS_STORE_DIR = '/usr/local/share/ca-certificates';

function httpsServer(pki: TestPki): Promise<RunningServer> {
  return startJourneyServer({ seed: 'demo', actionDelayMs: 300, tls: pki.server });
}

describe('journey: certificates (a private certificate authority)', () => {
  let pki: TestPki;
  let dir: string;
  let caFile: string;
  let server: RunningServer;
  let workbench: Workbench;

  before(async () => {
    pki = await makeTestPki();
    dir = mkdtempSync(join(tmpdir(), 'apphost-ca-'));
    caFile = join(dir, 'company-ca.pem');
    writeFileSync(caFile, pki.ca.cert);
    server = await httpsServer(pki);
    workbench = await Workbench.open({ settings: { 'apphost.baseUrl': server.url } });
  });
  after(async () => {
    await closeJourney(workbench, server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('sign-in says the certificate is not trusted, why, and offers Open Settings', async () => {
    await workbench.openAppHostView();
    const toast = workbench.page.locator('.notification-toast', { hasText: 'does not trust the certificate of 127.0.0.1' });
    await workbench.click(workbench.welcomeView().getByRole('button', { name: 'Sign In' }), () => shows(toast, 15_000), 'Sign In (welcome view)');
    assert.match(await toast.innerText(), /private certificate authority/);
    await toast.getByRole('button', { name: 'Open Settings' }).waitFor();
    assert.equal(await workbench.quickInput().isVisible(), false, 'nothing was asked before');
    await workbench.screenshot('certificates-1-sign-in-untrusted');
  });

  it('Open Settings shows the setting (the Remote tab: code-server is a remote window), where the user adds the authority\'s file', async () => {
    const page = workbench.page;
    const setting = page.locator('.settings-editor .setting-item-contents', { hasText: 'Certificate Authorities' }).first();
    await workbench.click(page.locator('.notification-toast').getByRole('button', { name: 'Open Settings' }), () => shows(setting), 'Open Settings (toast)');
    // The Settings editor re-renders its list while settings load (on a cold machine, as
    // the user types): an input can be detached under the keys. The file says whether it took.
    const saved = () => {
      const cas = workbench.settingsFile('Machine')?.['apphost.tls.certificateAuthorities'];
      return Array.isArray(cas) && cas.includes(caFile);
    };
    const input = setting.locator('.setting-list-edit-row input').first();
    await gesture('add the authority\'s file to apphost.tls.certificateAuthorities', async () => {
      if (saved()) return;
      if (!(await input.isVisible())) await workbench.click(setting.getByRole('button', { name: 'Add Item' }), () => shows(input), 'Add Item');
      await input.fill(caFile, { timeout: ACT_TIMEOUT });
      await input.press('Enter', { timeout: ACT_TIMEOUT });
    }, () => until('the settings file to hold the authority', saved, 5_000).then(() => true, () => false));
    await setting.locator('.setting-list-row', { hasText: 'company-ca.pem' }).waitFor();
    await workbench.screenshot('certificates-2-setting');
  });

  it('then the view loads over https, without a reload', async () => {
    await workbench.runCommand('View: Close Editor'); // the Settings editor
    await workbench.page.locator('.settings-editor').waitFor({ state: 'hidden' });
    await workbench.signInWithToken(server.control.issueToken(DEMO_USER.email));
    await workbench.expand('Apps');
    await workbench.treeRow('storefront').waitFor();
    await workbench.screenshot('certificates-3-tree-over-https');
  });
});

describe('journey: certificates (the authority in the operating system\'s store)', () => {
  let pki: TestPki;
  let server: RunningServer;
  let workbench: Workbench | undefined;
  let installed: string | undefined;

  before(async function () {
    // Debian's store, changed as root: CI runs as root on Debian; elsewhere this case cannot run.
    if (process.getuid?.() !== 0 || !existsSync(OS_STORE_DIR) || spawnSync('update-ca-certificates', ['--help']).error) {
      this.skip();
    }
    this.timeout(patient(180_000));
    pki = await makeTestPki('AppHost OS Store Test CA');
    server = await httpsServer(pki);
    installed = join(OS_STORE_DIR, `apphost-test-ca-${process.pid}.crt`);
    writeFileSync(installed, pki.ca.cert);
    updateStore();
    // Only the OS store may trust it: no setting, and NODE_EXTRA_CA_CERTS (set on some machines to the store's bundle) off.
    workbench = await Workbench.open({ settings: { 'apphost.baseUrl': server.url }, env: { NODE_EXTRA_CA_CERTS: '' } });
  });
  after(async function () {
    this.timeout(patient(120_000));
    try {
      await closeJourney(workbench, server);
    } finally {
      if (installed) {
        rmSync(installed, { force: true });
        updateStore();
      }
    }
  });

  it('works with no setting at all', async () => {
    await workbench!.signInWithToken(server.control.issueToken(DEMO_USER.email));
    await workbench!.expand('Apps');
    await workbench!.treeRow('storefront').waitFor();
    await workbench!.screenshot('certificates-4-os-store');
  });
});

function updateStore(): void {
  const run = spawnSync('update-ca-certificates', [], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`update-ca-certificates failed: ${run.stderr || run.stdout}`);
}
