// Adding and removing a buildpack: written once. The commands (menus, palette) are doors
// onto these: the texts, the busy mark, the call (a service that lacks buildpacks says so
// once, offered.ts) and what the view and open `buildpacks` tabs show after it. Saving the
// `buildpacks` tab is the editor's own (documentKinds.ts: one PUT of the whole list).
import * as vscode from 'vscode';
import type { ApiClient, CallOptions } from '../api';
import { offered } from '../kit/offered';
import { buildpackValues } from '../configText/buildpacksFile';
import type { Core } from '../core';
import { configEditing } from '../editors/registerConfigEditing';
import type { AppRef } from '../model';
import type { Row } from '../tree/commandTarget';

export const BUILDPACK_TEXTS = {
  addBusy: (url: string) => vscode.l10n.t('Adding {0}…', url),
  added: (url: string, app: string, position: number) => vscode.l10n.t('{0} added to {1} as buildpack {2}. The next deploy uses it.', url, app, position),
  cannotAdd: (url: string) => vscode.l10n.t('Cannot add {0}', url),
  removeTitle: (url: string, app: string) => vscode.l10n.t('Remove the buildpack {0} from {1}?', url, app),
  removeEffect: () => vscode.l10n.t('The next deploy builds with the buildpacks left; with none left, it detects one itself.'),
  removeBusy: (url: string) => vscode.l10n.t('Removing {0}…', url),
  removed: (url: string, app: string) => vscode.l10n.t('{0} removed from {1}.', url, app),
  cannotRemove: (url: string) => vscode.l10n.t('Cannot remove {0}', url),
};

/** The call of a buildpack write on the app's own service: a 404 while the app is there means the service lacks buildpacks. */
function buildpackCall(s: Core, app: AppRef, call: (api: ApiClient, opts: CallOptions) => Promise<string[]>, options: CallOptions = {}): Promise<string[]> {
  const api = s.connections.of(app.service).api();
  const opts = { workspace: app.workspace, ...options };
  return offered(s, app.service, 'buildpacks', () => call(api, opts), () => api.apps.get(app.id, opts));
}

/** The list as the service answered it: the Buildpacks part where it is expanded, and open tabs without edits. */
function showList(s: Core, app: AppRef, urls: readonly string[]): void {
  s.tree.showValues(app, 'buildpacks', buildpackValues(urls));
  configEditing(s).fileSystem.serverChanged(app, 'buildpacks');
}

/** Adds a buildpack (`index` 1 = first; none = last); answers the list afterwards. */
export async function addBuildpack(
  s: Core, app: AppRef, url: string, index: number | undefined,
  { clicked, around = (call) => call(), options }: { clicked?: Row; around?: <T>(call: () => Promise<T>) => Promise<T>; options?: CallOptions } = {},
): Promise<string[]> {
  const list = await s.tree.busyWhile(clicked ? [clicked] : [], BUILDPACK_TEXTS.addBusy(url), () =>
    around(() => buildpackCall(s, app, (api, opts) => api.buildpacks.add(app.id, url, { index }, opts), options)));
  showList(s, app, list);
  return list;
}

/** Removes one buildpack; answers the list afterwards. */
export async function removeBuildpack(
  s: Core, app: AppRef, url: string,
  { clicked, around = (call) => call(), options }: { clicked?: Row; around?: <T>(call: () => Promise<T>) => Promise<T>; options?: CallOptions } = {},
): Promise<string[]> {
  const list = await s.tree.busyWhile(clicked ? [clicked] : [], BUILDPACK_TEXTS.removeBusy(url), () =>
    around(() => buildpackCall(s, app, (api, opts) => api.buildpacks.remove(app.id, url, opts), options)));
  showList(s, app, list);
  return list;
}

/** The app's buildpacks now (for a pick or a question): one read. */
export function listBuildpacks(s: Core, app: AppRef, options: CallOptions = {}): Promise<string[]> {
  return buildpackCall(s, app, (api, opts) => api.buildpacks.list(app.id, opts), options);
}
