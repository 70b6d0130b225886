// Opening, editing and saving the apphost: documents (config.env, checks.json, app.json)
// inside the extension host, the way a user's typing and Ctrl+S would.
import * as vscode from 'vscode';
import type { RunningServer } from '../../server';
import { asAppHost, extensionApi, until } from './env';
import { withScript } from './resourceTree';
import type { scriptUi } from './scriptedUi';

export type Kind = 'config' | 'checks' | 'app' | 'buildpacks';
const COMMANDS: Record<Kind, string> = { config: 'apphost.config.edit', checks: 'apphost.checks.edit', app: 'apphost.app.editSettings', buildpacks: 'apphost.buildpacks.edit' };
const FILES: Record<Kind, string> = { config: 'config.env', checks: 'checks.json', app: 'app.json', buildpacks: 'buildpacks' };
/** globalState key of "Don't Ask Again" on the restart question (savePrompts.ts). */
export const SKIP_RESTART_PROMPT = 'apphost.config.skipRestartPrompt';

/** The AppRef of a demo app in the personal workspace, as commands accept it. */
export function appRef(server: RunningServer, name: string) {
  const app = server.control.findApp(name);
  if (!app) throw new Error(`no app ${name}`);
  return asAppHost({ workspace: undefined, id: app.id, name });
}

/** Opens a document through its command (as from the tree) and returns it. */
export async function openDocument(server: RunningServer, app: string, kind: Kind): Promise<vscode.TextDocument> {
  const ref = appRef(server, app);
  await vscode.commands.executeCommand(COMMANDS[kind], ref);
  // The editor the command showed, once it is in front (a slow workbench shows it late). Not
  // any document at that path: an earlier tab's may linger, at an address whose key was
  // forgotten with its tab, and its saves are refused.
  const matches = (d: vscode.TextDocument | undefined) => d?.uri.scheme === 'apphost' && d.uri.path.endsWith(`/${ref.id}/${app}/${FILES[kind]}`);
  const shown = await until(`${FILES[kind]} of ${app} in front`, () => (matches(vscode.window.activeTextEditor?.document) ? vscode.window.activeTextEditor!.document : undefined), 30_000);
  return shown!;
}

/** Replaces the whole buffer, as typing would (the document becomes dirty). */
export async function setText(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('edit refused');
}

/** Edits lines of a config.env buffer: set (add or change) and remove keys, keep the rest as typed. */
export async function editEnv(doc: vscode.TextDocument, set: Record<string, string>, remove: string[] = []): Promise<void> {
  const todo = new Map(Object.entries(set));
  const lines = doc.getText().split('\n').filter((line) => {
    const key = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(line)?.[1];
    return !key || !remove.includes(key);
  }).map((line) => {
    const key = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(line)?.[1];
    if (!key || !todo.has(key)) return line;
    const value = todo.get(key)!;
    todo.delete(key);
    return `${key}=${value}`;
  });
  const text = lines.join('\n').replace(/\n*$/, '\n') + [...todo].map(([k, v]) => `${k}=${v}\n`).join('');
  await setText(doc, text);
}

/** Saves with scripted answers to the prompts; returns whether VS Code reports the save done. */
export async function save(doc: vscode.TextDocument, script: Parameters<typeof scriptUi>[0] = {}) {
  let saved = false;
  const ui = await withScript(script, async () => {
    saved = await doc.save();
  });
  return { saved, ui };
}

/** Throws edits away and closes every editor, so the next test starts clean. */
export async function closeAll(): Promise<void> {
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

export async function skipRestartPrompt(skip: boolean): Promise<void> {
  await (await extensionApi()).context.globalState.update(SKIP_RESTART_PROMPT, skip || undefined);
}

/** Descriptions of the app's releases created since `since` (each config PUT/DELETE makes one). */
export function releaseNotes(server: RunningServer, app: string, since: number): string[] {
  const id = server.control.findApp(app)!.id;
  return server.control.state.store.releasesOf(id).filter((r) => r.version > since).map((r) => r.description).reverse();
}

export function lastRelease(server: RunningServer, app: string): number {
  return server.control.state.store.releasesOf(server.control.findApp(app)!.id)[0]?.version ?? 0;
}

/** `METHOD /path` of the requests on the app's config/checks/app endpoints since the log was cleared. */
export function appRequests(server: RunningServer, app: string): string[] {
  const id = server.control.findApp(app)!.id;
  return server.control.requestLog
    .filter((e) => e.path.startsWith(`/api/v1/apps/${id}`))
    .map((e) => `${e.method} ${e.path.slice(`/api/v1/apps/${id}`.length) || '/'}`);
}

/** Waits until the server has seen no request for `quietMs` (e.g. a refetch a save might trigger late). */
export async function settled(server: RunningServer, quietMs = 400, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = -1;
  while (server.control.requestLog.length !== seen && Date.now() < deadline) {
    seen = server.control.requestLog.length;
    await new Promise((r) => setTimeout(r, quietMs));
  }
}

export function diagnosticsOf(doc: vscode.TextDocument): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(doc.uri);
}
