// Run Command… from an app's context menu: the command line typed in its box, the
// terminal tab named after app and command with the output, the exit code and the
// duration; the next time the app's recent lines are offered, and a failing command's
// stderr shows apart (in red) with its exit code.
import assert from 'node:assert/strict';
import type { RunningServer } from '../server';
import { patient } from '../support/patience';
import { closeJourney, openJourney } from './journey';
import type { Workbench } from './workbench';

describe('journey: Run Command… on an app', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async function () {
    // Starting code-server, opening the workbench and signing in: slow on a busy machine.
    this.timeout(patient(300_000));
    ({ server, workbench } = await openJourney({
      // A simulated second of a command lasts 100 ms: `rails db:migrate` answers after 0.3 s.
      server: { runSecondMs: 100 },
      // The DOM renderer: the terminal's text is in the page, for the journey to read.
      settings: { 'terminal.integrated.gpuAcceleration': 'off' },
      collapse: ['Activity'],
      expand: ['Apps'],
    }));
  });
  after(() => closeJourney(workbench, server));

  const page = () => workbench.page;
  const terminal = () => page().locator('.terminal-wrapper.active .xterm-rows').first();
  const box = () => workbench.quickInput().getByText('Run a command on storefront');

  it('runs a typed command line in a terminal tab "storefront: rails db:migrate": the output, then exit code 0 and the duration', async () => {
    await workbench.contextMenu('storefront', 'Run Command…', () => box().isVisible());
    await workbench.enter('rails db:migrate');
    await page().locator('.part.panel').getByText('storefront: rails db:migrate').first().waitFor({ timeout: patient(30_000) });
    await terminal().getByText(/Exit code 0 · \d+\.\d s/).waitFor({ timeout: patient(30_000) });
    const text = await terminal().innerText();
    assert.match(text, /\$ rails db:migrate/);
    assert.match(text, /App storefront in workspace Personal, on /);
    assert.match(text, /== 20260315093000 AddStatusToOrders: migrated/);
    assert.ok(!/running…/.test(text), 'the running… line is replaced by the answer');
    assert.deepEqual(server.control.runLog.at(-1), { app: 'storefront', command: 'rails db:migrate', exitCode: 0 });
    console.log(`    screenshot: ${await workbench.screenshot('run-command-1-migrate')}`);
  });

  it('offers the app\'s recent lines; a failing command shows its stderr apart and its exit code', async () => {
    await workbench.contextMenu('storefront', 'Run Command…', () => box().isVisible());
    await workbench.quickInput().locator('.monaco-list-row', { hasText: 'rails db:migrate' }).first().waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('run-command-2-recent')}`);
    await workbench.enter('ls /nope');
    await terminal().getByText(/Exit code 2 · /).waitFor({ timeout: patient(30_000) });
    const stderr = terminal().getByText("ls: cannot access '/nope': No such file or directory");
    await stderr.waitFor();
    // Red: xterm's DOM renderer gives the span the colour of ANSI red (31).
    assert.match(String(await stderr.first().getAttribute('class')), /xterm-fg-1\b/);
    assert.ok((await terminal().innerText()).includes('The service returns no standard output for a command that fails'));
    console.log(`    screenshot: ${await workbench.screenshot('run-command-3-failed')}`);
  });
});
