// Wires config editing into the extension: the apphost: file system, server snapshots
// for diffs, diagnostics, and keeping the tree in step with saves.
import * as vscode from 'vscode';
import { refreshPart } from '../commands/appParts';
import { reloadApp } from '../commands/apps';
import type { Services } from '../services';
import { SCHEME } from './apphostUri';
import { ConfigFileSystem } from './configFileSystem';
import { trackDiagnostics } from './editorDiagnostics';
import { SavePrompts } from './savePrompts';
import { ServerSnapshots } from './serverSnapshots';

export interface ConfigEditing {
  readonly fileSystem: ConfigFileSystem;
  readonly snapshots: ServerSnapshots;
}

const registered = new WeakMap<Services, ConfigEditing>();

/** The config editing of these services (registered in activate()). */
export function configEditing(s: Services): ConfigEditing {
  const editing = registered.get(s);
  if (!editing) throw new Error('Config editing is not registered');
  return editing;
}

export function registerConfigEditing(s: Services): void {
  const snapshots = new ServerSnapshots();
  const fileSystem = new ConfigFileSystem(s.connection, new SavePrompts(s.context.globalState, snapshots));
  registered.set(s, { fileSystem, snapshots });
  s.context.subscriptions.push(
    snapshots,
    fileSystem,
    vscode.workspace.registerFileSystemProvider(SCHEME, fileSystem, { isCaseSensitive: true }),
    trackDiagnostics((uri, text) => fileSystem.check(uri, text)),
    fileSystem.onDidSave(({ address, renamedTo }) => {
      if (address.kind === 'app') void reloadApp(s, address.app).catch(() => undefined);
      else for (const kind of address.kind === 'config' ? ['config', 'releases'] : ['checks']) refreshPart(s, address.app, kind);
      if (renamedTo) s.log.info(`${address.app.name} renamed to ${renamedTo} through app.json`);
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('apphost.maskSecrets')) s.resources.refresh(undefined, { refetch: false });
    }),
  );
}
