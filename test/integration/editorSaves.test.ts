// Saves come from the editor (#43): any extension reads an open apphost: tab's address from
// workspace.textDocuments, so a write to it is sent to the service only when VS Code's editor
// saved it. The same bytes written with workspace.fs.writeFile reach nothing, for every kind.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { RunningServer } from '../server';
import { appRequests, closeAll, openDocument, save, setText, skipRestartPrompt, type Kind } from './support/configDocs';
import { startSignedIn, stopSignedIn, until } from './support/env';
import { withScript } from './support/resourceTree';

const APP = 'storefront';
const NEIGHBOUR_PACK = 'https://github.com/neighbour/buildpack.git';
/** Config as keys and value digests: a failure shows what changed, never a value. */
const digest = (config: Record<string, string>) => Object.fromEntries(Object.entries(config).map(([k, v]) => [k, createHash('sha256').update(v).digest('hex').slice(0, 12)]));

describe('saves come from the editor: a write to an open apphost: tab from elsewhere reaches no service', function () {
  this.timeout(90_000);
  let server: RunningServer;

  before(async () => {
    server = await startSignedIn();
    // "Don't Ask Again" on the restart question: the case where config.env asked nothing either.
    await skipRestartPrompt(true);
  });
  afterEach(async () => {
    await closeAll();
  });
  after(async () => {
    await skipRestartPrompt(false);
    await stopSignedIn(server);
  });

  /** Per kind: the edit a neighbour would write, and what the server holds of that document. */
  const kinds: Record<Kind, { edit: (text: string) => string; state: () => unknown; saves: 'document.save()' | 'the Save command' }> = {
    config: {
      edit: (text) => `${text.replace(/\n*$/, '\n')}NEIGHBOUR_LINE=1\n`,
      state: () => digest(server.control.getConfig(APP)),
      saves: 'document.save()',
    },
    checks: {
      edit: (text) => `${JSON.stringify({ ...JSON.parse(text), path: '/neighbour' }, null, 2)}\n`,
      state: () => ({ ...server.control.findApp(APP)!.checks }),
      saves: 'the Save command',
    },
    app: {
      edit: (text) => `${JSON.stringify({ ...JSON.parse(text), deploy_branch: 'neighbour' }, null, 2)}\n`,
      state: () => ({ name: server.control.findApp(APP)!.name, branch: server.control.findApp(APP)!.deployBranch }),
      saves: 'document.save()',
    },
    buildpacks: {
      edit: (text) => `${text.replace(/\n*$/, '\n')}${NEIGHBOUR_PACK}\n`,
      state: () => server.control.buildpacks(APP),
      saves: 'the Save command',
    },
  };
  const writes = () => appRequests(server, APP).filter((r) => !r.startsWith('GET'));
  const writeFile = (uri: vscode.Uri, text: string) =>
    Promise.resolve(vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text))).then(() => undefined, (e: unknown) => e);
  const refusedAsNotTheEditors = (outcome: unknown) => {
    assert.ok(outcome instanceof vscode.FileSystemError, `the writer gets an error (got ${String(outcome)})`);
    assert.equal(outcome.code, 'NoPermissions');
    assert.match(outcome.message, /AppHost saves .+ of storefront only from its editor/);
  };

  for (const [kind, { edit, state, saves }] of Object.entries(kinds) as [Kind, (typeof kinds)[Kind]][]) {
    it(`${kind}: workspace.fs.writeFile of the open tab is refused and sends nothing; the same bytes saved from the editor (${saves}) go through`, async () => {
      const doc = await openDocument(server, APP, kind);
      const opened = doc.getText();
      const before = state();
      const next = edit(opened);
      server.control.clearRequestLog();

      const outcome = await writeFile(doc.uri, next);
      assert.deepEqual(state(), before, 'the server holds what it held');
      assert.deepEqual(writes(), [], 'no write request');
      refusedAsNotTheEditors(outcome);
      assert.equal(doc.getText(), opened, 'the tab still shows what it showed');
      assert.equal(doc.isDirty, false);

      // The user types the same text and saves it.
      await setText(doc, next);
      if (saves === 'document.save()') {
        assert.equal((await save(doc)).saved, true);
      } else {
        assert.equal(vscode.window.activeTextEditor?.document, doc, 'the tab is the active editor');
        await vscode.commands.executeCommand('workbench.action.files.save');
        await until('the save is done', () => !doc.isDirty, 30_000);
      }
      assert.notDeepEqual(state(), before, 'the editor\'s save reached the server');
      assert.ok(writes().length > 0, 'a write request');
    });
  }

  it('config.env: the editor\'s save still asks before restarting the app; a write from elsewhere asks nothing and is refused', async () => {
    await skipRestartPrompt(false);
    try {
      const doc = await openDocument(server, APP, 'config');
      const next = `${doc.getText().replace(/\n*$/, '\n')}ASKED_LINE=1\n`;
      server.control.clearRequestLog();
      let outcome: unknown;
      const quiet = await withScript({ buttons: [[/Saving restarts/, 'Save and Restart']] }, async () => {
        outcome = await writeFile(doc.uri, next);
      });
      assert.deepEqual(quiet.shown.map((s) => s.text), [], 'no question');
      assert.equal(server.control.getConfig(APP).ASKED_LINE, undefined);
      assert.deepEqual(writes(), []);
      refusedAsNotTheEditors(outcome);

      await setText(doc, next);
      const declined = await save(doc, { buttons: [[/Saving restarts/, undefined]] });
      assert.equal(declined.saved, false);
      assert.ok(declined.ui.shown.some((s) => /^Saving restarts storefront/.test(s.text)), JSON.stringify(declined.ui.shown));
      assert.equal(server.control.getConfig(APP).ASKED_LINE, undefined, 'declined: nothing sent');
      const accepted = await save(doc, { buttons: [[/Saving restarts/, 'Save and Restart']] });
      assert.equal(accepted.saved, true, JSON.stringify(accepted.ui.shown));
      assert.equal(server.control.getConfig(APP).ASKED_LINE, '1');
    } finally {
      await skipRestartPrompt(true);
    }
  });

  it('a write of other bytes while the editor saves is refused; the editor\'s own write goes through', async () => {
    const doc = await openDocument(server, APP, 'config');
    const mine = `${doc.getText().replace(/\n*$/, '\n')}MINE_LINE=1\n`;
    await setText(doc, mine);
    // A neighbour's participant: it writes its own text in the moment the editor is saving.
    let raced: unknown = 'not run';
    const participant = vscode.workspace.onWillSaveTextDocument((e) => {
      if (e.document.uri.toString() !== doc.uri.toString()) return;
      e.waitUntil(writeFile(doc.uri, `${mine}RACED_LINE=1\n`).then((r) => {
        raced = r;
      }));
    });
    try {
      server.control.clearRequestLog();
      assert.equal((await save(doc)).saved, true);
    } finally {
      participant.dispose();
    }
    refusedAsNotTheEditors(raced);
    const config = server.control.getConfig(APP);
    assert.equal(config.RACED_LINE, undefined, 'the neighbour\'s bytes reached nothing');
    assert.equal(config.MINE_LINE, '1', 'the user\'s save went through');
  });
});
