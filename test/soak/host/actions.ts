// The user's actions of the soak, through the extension as a user would do them: a
// config edit saved in config.env (the apphost: file system) and a deploy by git push.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DeployResult } from '../../../src/deploy/deployRun';
import type { AppRef } from '../../../src/model';
import type { AppHostTestApi } from '../../../src/extension';
import { scriptUi } from '../../integration/support/scriptedUi';
import type { ActionResult } from '../shared';

async function until<T>(what: string, probe: () => T, timeoutMs: number): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The app as its row hands it (AppHost's own door, the test API's `vouch`): another caller would be asked first. */
function asAppHost(app: AppRef): AppRef {
  const api = vscode.extensions.getExtension<AppHostTestApi | undefined>('apphost.apphost')?.exports;
  if (!api) throw new Error('apphost.apphost is not active');
  return api.vouch({ ...app });
}

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Opens the app's config.env, sets SOAK_EDIT=<n> in the buffer and saves it (Ctrl+S). */
export async function editConfig(app: AppRef, n: number, t0: number): Promise<ActionResult> {
  const at = Date.now() - t0;
  const ui = scriptUi();
  try {
    await vscode.commands.executeCommand('apphost.config.edit', asAppHost(app));
    const opened = Date.now() - t0 - at;
    const doc = await until('config.env to open', () =>
      vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'apphost' && d.uri.path.endsWith(`/${app.id}/${app.name}/config.env`)), 30_000);
    const kept = doc.getText().split('\n').filter((l) => l && !l.startsWith('SOAK_EDIT='));
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), `${[...kept, `SOAK_EDIT=${n}`].join('\n')}\n`);
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error('the edit was refused');
    // What happens to the buffer while it saves, and after a refused save (the API says only "false").
    const events: string[] = [];
    const saves: number[] = [];
    const started = Date.now();
    const watch = [
      vscode.workspace.onDidChangeTextDocument((e) => e.document === doc && events.push(`${e.reason ?? 'edit'}:${e.contentChanges.length}${e.document.isDirty ? ' dirty' : ''}`)),
      vscode.workspace.onDidSaveTextDocument((d) => d === doc && saves.push(Date.now() - started)),
    ];
    const saved = await doc.save().then((ok) => ok, (e: unknown) => (events.push(`threw ${describe(e)}`), false));
    const took = `${Date.now() - started} ms`;
    if (!saved) await new Promise((r) => setTimeout(r, 15_000)); // does the save land later?
    watch.forEach((w) => w.dispose());
    const shown = ui.shown.filter((m) => m.kind === 'error' || m.kind === 'warning').map((m) => m.text);
    const why = saved ? '' : `; saved later at: ${saves.join(', ') || 'never'} ms; still dirty: ${doc.isDirty}; buffer events: ${events.join(', ') || 'none'}`;
    return { kind: 'configEdit', at, ok: saved && !doc.isDirty && shown.length === 0, detail: `opened in ${opened} ms; SOAK_EDIT=${n}${saved ? ' saved' : ' not saved'} in ${took}${why}${shown.length ? `; shown: ${shown.join(' | ')}` : ''}` };
  } catch (e) {
    return { kind: 'configEdit', at, ok: false, detail: describe(e) };
  } finally {
    ui.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}

/** Commits a change in the linked folder and runs Deploy (git push to the gateway); waits for the build's outcome. */
export async function deploy(app: AppRef, repoDir: string, n: number, t0: number): Promise<ActionResult> {
  const at = Date.now() - t0;
  const ui = scriptUi();
  try {
    writeFileSync(join(repoDir, 'SOAK.md'), `deploy ${n}\n`);
    execFileSync('git', ['commit', '-q', '-am', `Soak deploy ${n}`], { cwd: repoDir });
    const result = await vscode.commands.executeCommand<DeployResult | undefined>('apphost.app.deploy', asAppHost(app));
    const ok = result?.outcome.problem === 'ok' && result.deploy?.status === 'succeeded';
    const shown = ui.shown.filter((m) => m.kind === 'error' || m.kind === 'warning').map((m) => m.text);
    return { kind: 'deploy', at, ok, detail: `${result?.outcome.problem ?? 'no result'}, deploy ${result?.deploy?.status ?? '?'}, ${result?.buildLines.length ?? 0} build lines${shown.length ? `; shown: ${shown.join(' | ')}` : ''}` };
  } catch (e) {
    return { kind: 'deploy', at, ok: false, detail: describe(e) };
  } finally {
    ui.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}
