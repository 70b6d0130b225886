// The .env round trip: pull an app's config vars into a file of the workspace, and
// push a file back after a diff preview, sending only the differences.
import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import { documentUri } from '../editors/apphostUri';
import { diffMaps, isEmptyChangeSet, type ChangeSet } from '../configText/configDiff';
import { parseEnvFile, renderEnvFile } from '../configText/envFile';
import { configEditing } from '../editors/registerConfigEditing';
import { openDiff } from '../editors/serverSnapshots';
import { describeProblem } from '../configText/textProblem';
import type { ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { changed } from '../actions/configChanged';
import { isGitIgnored } from './configGitIgnore';
import { runAction, confirm } from '../kit/prompts';
import { resolveApp } from '../kit/targets';
import { type AppRef, UserCancelled } from '../model';
import { ask, notify } from '../notices';
import type { Action } from '../kit/action';

export const configEnvFileActions: readonly Action[] = [
  { command: 'apphost.config.pull', run: pull },
  { command: 'apphost.config.push', consent: 'asksAboutAFile', run: push },
];

async function pickFolder(): Promise<vscode.WorkspaceFolder> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (!folders.length) throw new Error(vscode.l10n.t('Open a folder first: the .env file is written into the workspace.'));
  if (folders.length === 1) return folders[0];
  const folder = await vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Folder to write the .env file into') });
  if (!folder) throw new UserCancelled();
  return folder;
}

export function validateRelativeFile(value: string): string | undefined {
  const name = value.trim();
  if (!name || name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split(/[\\/]/).includes('..') || /[\\/]$/.test(name)) {
    return vscode.l10n.t('Enter a file path inside the folder, e.g. ".env"');
  }
  return undefined;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

async function pull(s: ServiceCore, target: CommandTarget | undefined): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app whose config to pull'));
  const folder = await pickFolder();
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('Pull config of {0}', app.name),
    prompt: vscode.l10n.t('File in {0} to write the config vars into', folder.name),
    value: '.env',
    validateInput: validateRelativeFile,
  });
  if (name === undefined) throw new UserCancelled();
  const uri = vscode.Uri.joinPath(folder.uri, name.trim());
  if (await exists(uri)) {
    await confirm(s, vscode.l10n.t('{0} already exists. Replace it?', name.trim()), vscode.l10n.t('Its content is replaced by the config vars of {0}.', app.name), vscode.l10n.t('Replace'));
  }
  const vars = await s.connections.of(app.service).api().config.get(app.id, { workspace: app.workspace, priority: 'user' });
  const rendered = renderEnvFile(vars, {
    header: [vscode.l10n.t('Config vars of {0}, pulled {1}.', app.name, new Date().toISOString()), vscode.l10n.t('Holds secrets: keep it out of version control.')],
  });
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(rendered.text));
  if (!(await isGitIgnored(folder.uri, uri))) await offerGitIgnore(folder, uri);
  const open = vscode.l10n.t('Open');
  const count = Object.keys(rendered.values).length;
  const skipped = rendered.skipped.length ? ` ${vscode.l10n.t('{0} could not be written in .env syntax (named at the top of the file).', rendered.skipped.length)}` : '';
  void inform(s, vscode.l10n.t('Pulled {0} config vars of {1} into {2}.', count, app.name, name.trim()) + skipped, open).then(async (choice) => {
    if (choice === open) await vscode.window.showTextDocument(uri);
  });
}

async function offerGitIgnore(folder: vscode.WorkspaceFolder, file: vscode.Uri): Promise<void> {
  const relative = vscode.workspace.asRelativePath(file, false);
  const add = vscode.l10n.t('Add to .gitignore');
  const answer = await notify('warning',
    vscode.l10n.t('{0} is not ignored by git, but it holds secrets. A commit would publish them.', relative),
    add,
  );
  if (answer !== add) return;
  const gitignore = vscode.Uri.joinPath(folder.uri, '.gitignore');
  let text = '';
  try {
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(gitignore));
  } catch {
    // No .gitignore yet: create it.
  }
  const separator = text && !text.endsWith('\n') ? '\n' : '';
  await vscode.workspace.fs.writeFile(gitignore, new TextEncoder().encode(`${text}${separator}/${relative.replace(/\\/g, '/')}\n`));
}

/** The .env file to push: the one invoked on (Explorer), the active editor's, or one picked. */
async function pickEnvFile(target: CommandTarget | vscode.Uri | undefined): Promise<vscode.Uri> {
  if (target instanceof vscode.Uri) return target;
  const files = await vscode.workspace.findFiles('**/.env*', '**/node_modules/**', 50);
  if (!files.length) {
    const picked = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: vscode.l10n.t('Push'), title: vscode.l10n.t('Select a .env file to push') });
    if (!picked?.[0]) throw new UserCancelled();
    return picked[0];
  }
  const items = files.sort((a, b) => a.path.localeCompare(b.path)).map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri }));
  const picked = await vscode.window.showQuickPick(items, { placeHolder: vscode.l10n.t('Select the .env file to push') });
  if (!picked) throw new UserCancelled();
  return picked.uri;
}

async function push(s: ServiceCore, target: CommandTarget | vscode.Uri | undefined): Promise<void> {
  const file = await pickEnvFile(target);
  const row = target instanceof vscode.Uri ? undefined : target;
  const app = await resolveApp(s, row, vscode.l10n.t('Select the app to push the file to'));
  const fileName = vscode.workspace.asRelativePath(file);
  // Unsaved edits count (the preview shows them); otherwise what is on disk.
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === file.toString());
  const parsed = parseEnvFile(open?.isDirty ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(file)));
  const error = parsed.problems.find((p) => p.severity === 'error');
  if (error) throw new Error(vscode.l10n.t('{0} was not pushed: {1}', fileName, describeProblem(error)));

  const api = s.connections.of(app.service).api();
  const opts = { workspace: app.workspace, priority: 'user' as const };
  const serverState = async () => renderEnvFile(await api.config.get(app.id, opts));
  const before = await serverState();
  const changes = diffMaps(before.values, parsed.values);
  if (isEmptyChangeSet(changes)) {
    void inform(s, vscode.l10n.t('{0} already matches the config of {1}: nothing to push.', fileName, app.name));
    return;
  }
  const left = configEditing(s).snapshots.put(documentUri(app, 'config'), before.text);
  const closeDiff = await openDiff(left, file, vscode.l10n.t('{0} config ↔ {1} (push preview)', app.name, fileName));
  const chosen = await askPush(app, fileName, changes);
  await closeDiff();
  if (!chosen) throw new UserCancelled();
  // Someone may have changed the config while the preview was open: push only what was shown.
  const now = await serverState();
  if (!isEmptyChangeSet(diffMaps(before.values, now.values))) {
    throw new Error(vscode.l10n.t('The config of {0} changed while the preview was open. Nothing was pushed: push again to see the new differences.', app.name));
  }
  await runAction(s, s.tree.groupOf(row, 'config'), vscode.l10n.t('Pushing {0} to {1}…', fileName, app.name), async () => {
    const setting = Object.keys(chosen.set).length > 0;
    if (setting) await api.config.set(app.id, chosen.set, opts);
    try {
      if (chosen.unset.length) await api.config.unset(app.id, chosen.unset, opts);
    } catch (error) {
      if (!setting) throw error;
      // The values went up: say exactly that, not "failed".
      changed(s, app);
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(vscode.l10n.t('Partly pushed {0} to {1}: {2} set; not removed: {3} — {4}', fileName, app.name, Object.keys(chosen.set).join(', '), chosen.unset.join(', '), reason), { cause: error });
    }
  });
  changed(s, app);
  void inform(s, vscode.l10n.t('Pushed {0} to {1}: {2}.', fileName, app.name, summary(chosen)));
}

/** The changes the user agrees to send: all, or without removals; undefined = Cancel. */
async function askPush(app: AppRef, fileName: string, changes: ChangeSet): Promise<ChangeSet | undefined> {
  const push = vscode.l10n.t('Push');
  const keep = vscode.l10n.t('Push Without Removing');
  const buttons = changes.unset.length && Object.keys(changes.set).length ? [push, keep] : [push];
  const answer = await ask('warning',
    vscode.l10n.t('Push {0} to {1}?', fileName, app.name), `${summary(changes)}. ${vscode.l10n.t('The app restarts.')}`,
    ...buttons);
  if (answer === push) return changes;
  if (answer === keep) return { set: changes.set, unset: [] };
  return undefined;
}

function summary(changes: ChangeSet): string {
  const parts: string[] = [];
  const set = Object.keys(changes.set);
  if (set.length) parts.push(vscode.l10n.t('Sets {0}', set.join(', ')));
  if (changes.unset.length) {
    const keys = changes.unset.join(', ');
    parts.push(parts.length ? vscode.l10n.t('removes {0}', keys) : vscode.l10n.t('Removes {0}', keys));
  }
  return parts.join('; ');
}
