// Buildpacks of an app (wokku, beyond the specification): edit the list in the `buildpacks`
// tab, add one (URL checked as you type, optional position), remove one (asked first). The
// actions are written once in actions/buildpacks.ts; these are the doors.
import * as vscode from 'vscode';
import { addBuildpack, BUILDPACK_TEXTS, listBuildpacks, removeBuildpack } from '../actions/buildpacks';
import { buildpackUrlProblem } from '../configText/buildpacksFile';
import type { ServiceCore } from '../core';
import { documentUri } from '../editors/apphostUri';
import { configEditing } from '../editors/registerConfigEditing';
import { UserCancelled, type AppRef } from '../model';
import type { CommandTarget } from '../tree/commandTarget';
import { explained } from '../kit/apiErrors';
import { inform } from '../kit/notices';
import { noticeNotOffered } from '../kit/offered';
import { confirm, withProgress } from '../kit/prompts';
import { itemOf, resolveApp, resolveItem, targetOf } from '../kit/targets';
import type { Action } from '../kit/action';

export const buildpackActions: readonly Action[] = [
  { command: 'apphost.buildpacks.edit', run: editBuildpacks },
  { command: 'apphost.buildpacks.add', run: add },
  { command: 'apphost.buildpacks.remove', run: remove },
];

/** A position as typed: empty = last, else a whole number from 1. */
export function validatePosition(value: string): string | undefined {
  const v = value.trim();
  return !v || /^[1-9]\d{0,3}$/.test(v) ? undefined : vscode.l10n.t('Enter a position from 1 (first), or leave it empty to add it last');
}

/** The list now, read for the user: a service without buildpacks says so once. */
function current(s: ServiceCore, app: AppRef): Promise<string[]> {
  return noticeNotOffered(s, app.service, () => listBuildpacks(s, app, { priority: 'user' }));
}

async function editBuildpacks(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app whose buildpacks to edit'));
  const row = itemOf<string>(target, 'buildpack');
  // A Buildpacks row proves the service offers them; from anywhere else, one read asks first.
  if (!row && targetOf(target, 'group')?.group !== 'buildpacks') await current(s, app);
  const uri = configEditing(s).fileSystem.keys.lock(documentUri(app, 'buildpacks'));
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  if (!row) return;
  // From a buildpack's row: at its line.
  for (let i = 0; i < doc.lineCount; i++) {
    const line = doc.lineAt(i);
    if (line.text.trim() !== row.data) continue;
    const at = new vscode.Position(i, line.firstNonWhitespaceCharacterIndex);
    editor.selection = new vscode.Selection(at, at);
    editor.revealRange(line.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return;
  }
}

async function add(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app to add a buildpack to'));
  const url = (await vscode.window.showInputBox({
    title: vscode.l10n.t('Add a buildpack to {0}', app.name),
    prompt: vscode.l10n.t('URL of the buildpack (https://…) or heroku/<name>'),
    placeHolder: 'https://github.com/heroku/heroku-buildpack-nodejs.git',
    ignoreFocusOut: true,
    validateInput: (v) => buildpackUrlProblem(v.trim()),
  }))?.trim();
  if (url === undefined) throw new UserCancelled();
  const position = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add a buildpack to {0}', app.name),
    prompt: vscode.l10n.t('Position of {0} in the list (1 = first); empty: last', url),
    placeHolder: vscode.l10n.t('last'),
    ignoreFocusOut: true,
    validateInput: validatePosition,
  });
  if (position === undefined) throw new UserCancelled();
  const index = position.trim() ? Number(position.trim()) : undefined;
  const list = await noticeNotOffered(s, app.service, () => addBuildpack(s, app, url, index, {
    clicked: s.tree.groupOf(target, 'buildpacks'),
    around: (call) => withProgress(s, BUILDPACK_TEXTS.addBusy(url), () => explained(BUILDPACK_TEXTS.cannotAdd(url), call)),
  }));
  void inform(s, BUILDPACK_TEXTS.added(url, app.name, list.indexOf(url) + 1));
}

async function remove(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const { app, item: url, node } = await resolveItem<string>(
    s,
    target,
    'buildpack',
    {
      appPlaceHolder: vscode.l10n.t('Select the app whose buildpack to remove'),
      title: (a) => vscode.l10n.t('Buildpacks of {0}', a.name),
      placeHolder: vscode.l10n.t('Buildpack to remove'),
      empty: (a) => vscode.l10n.t('{0} has no buildpack set: its build detects one.', a.name),
    },
    (a) => current(s, a),
    (u) => ({ label: u }),
  );
  await confirm(s, BUILDPACK_TEXTS.removeTitle(url, app.name), BUILDPACK_TEXTS.removeEffect(), vscode.l10n.t('Remove'));
  await noticeNotOffered(s, app.service, () => removeBuildpack(s, app, url, {
    clicked: node,
    around: (call) => withProgress(s, BUILDPACK_TEXTS.removeBusy(url), () => explained(BUILDPACK_TEXTS.cannotRemove(url), call)),
  }));
  void inform(s, BUILDPACK_TEXTS.removed(url, app.name));
}
