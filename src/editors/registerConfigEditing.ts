// Wires config editing into the extension: the apphost: file system, server snapshots
// for diffs, diagnostics, and keeping the tree in step with saves.
import type { App } from '../api';
import { areaSlot, type Core } from '../core';
import { isEmptyChangeSet } from '../configText/configDiff';
import { ConfigFileSystem, type SavedChange } from './configFileSystem';
import { EditBases } from './editBases';
import { editorSaves } from './editorSaves';
import { documentKeys } from './documentKeys';
import { trackDiagnostics } from './editorDiagnostics';
import { SavePrompts } from './savePrompts';
import { DetailsDocuments } from './detailsDocuments';
import { ServerSnapshots } from './serverSnapshots';

export interface ConfigEditing {
  readonly fileSystem: ConfigFileSystem;
  readonly snapshots: ServerSnapshots;
  /** The read-only documents of Show Details. */
  readonly details: DetailsDocuments;
}

const registered = areaSlot<ConfigEditing>('Config editing');

/** The editors area of this Core (built by registerConfigEditing, in features.ts). */
export const configEditing = registered.get;

/**
 * Builds the editors area: config editing, server snapshots, Show Details documents. Their
 * providers are registered at activation (lazyFeatures.ts, registerDocumentProviders) and forward here.
 */
export function registerConfigEditing(s: Core): ConfigEditing {
  const keys = documentKeys(s.context);
  const snapshots = new ServerSnapshots(keys);
  const fileSystem = new ConfigFileSystem(s.connections, new SavePrompts(s.context.globalState, snapshots), new EditBases(s.context.secrets), keys, editorSaves(s.context));
  const details = new DetailsDocuments(keys);
  const editing = { fileSystem, snapshots, details };
  registered.set(s, editing);
  s.context.subscriptions.push(
    snapshots,
    details,
    fileSystem,
    trackDiagnostics((uri, text) => fileSystem.check(uri, text)),
    fileSystem.onDidSave((saved) => {
      showSaved(s, saved);
      // Each config write adds a release we cannot know without reading (only when Releases is shown).
      if (saved.address.kind === 'config' && !isEmptyChangeSet(saved.changes)) s.tree.reloadPart(saved.address.app, 'releases');
      if (saved.renamedTo) s.log.info(`${saved.address.app.name} renamed to ${saved.renamedTo} through app.json`);
    }),
  );
  return editing;
}

/**
 * Shows a save's result in every row of the app (under Apps and under its server) from
 * what the save already knows: the state it read plus what it sent, or the app the PUT
 * returned. No request; groups never expanded stay unfetched.
 */
function showSaved(s: Core, { address, state, app }: SavedChange): void {
  if (address.kind === 'app') {
    if (app) s.tree.showApp(address.app, known(app));
    return;
  }
  s.tree.showValues(address.app, address.kind, state);
}

/** The fields the response carried (a sparse one must not blank the row's status or server). */
function known(app: App): Partial<App> {
  const fields = Object.entries(app).filter(([key, value]) => value !== undefined && !(key === 'status' && value === 'unknown'));
  return Object.fromEntries(fields) as Partial<App>;
}
