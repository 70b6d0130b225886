// The editable documents of an app (config.env, checks.json, app.json, buildpacks) behind
// one interface, so the FileSystemProvider runs the same open → save → merge cycle
// for each (see docs/guide.md, "Config editing"). No vscode import: the wording of the config header is
// passed in by the caller.

import type { ApiClient, App, CallOptions } from '../api';
import { appValues, parseAppFile, renderAppFile, toAppUpdate } from './appFile';
import { buildpackList, parseBuildpacksFile, renderBuildpacksFile } from './buildpacksFile';
import { parseChecksFile, renderChecksFile, toChecksUpdate } from './checksFile';
import type { ChangeSet, FlatMap } from './configDiff';
import { parseEnvFile, renderEnvFile } from './envFile';
import type { TextProblem } from './textProblem';

export type DocumentKind = 'config' | 'checks' | 'app' | 'buildpacks';

export const FILE_NAMES: Record<DocumentKind, string> = { config: 'config.env', checks: 'checks.json', app: 'app.json', buildpacks: 'buildpacks' };

export function kindOfFileName(name: string): DocumentKind | undefined {
  return (Object.keys(FILE_NAMES) as DocumentKind[]).find((k) => FILE_NAMES[k] === name);
}

export interface RenderedDocument {
  text: string;
  /** The canonical values `text` holds: the base (at open) or `theirs` (at save) of the merge. */
  values: Record<string, string>;
}

export interface ServerDocument extends RenderedDocument {
  /**
   * All the server holds, as read: config vars that cannot be written in `.env` are here
   * but not in `values`. With a save's changes applied, it is the server's new state.
   */
  state: Record<string, string>;
}

export interface ParsedDocument {
  values: Record<string, string>;
  problems: TextProblem[];
}

export interface DocumentKindSpec {
  /** Reads the server's current state, rendered. */
  read(api: ApiClient, appId: string, opts: CallOptions): Promise<ServerDocument>;
  /** Reads the buffer; `base` = the values the document was opened with. */
  parse(text: string, base: FlatMap): ParsedDocument;
  /** Renders values as the file (e.g. the merged state after a save). */
  render(values: FlatMap): RenderedDocument;
  /**
   * The fewest requests for `changes` (nothing for an empty change set); the app's new name
   * for a rename, and the app as the PUT returned it (app.json), so nobody reads it again.
   */
  send(api: ApiClient, appId: string, changes: ChangeSet, opts: CallOptions): Promise<{ renamedTo?: string; app?: App }>;
}

/** A save of several requests stopped part-way: `done` was applied, the rest failed with `cause`. */
export class PartialSendError extends Error {
  override readonly name = 'PartialSendError';
  constructor(readonly done: ChangeSet, override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** `header`: the comment lines at the top of config.env or buildpacks (worded by the caller). */
export function documentKind(kind: DocumentKind, header: readonly string[] = []): DocumentKindSpec {
  return SPECS[kind](header);
}

const SPECS: Record<DocumentKind, (header: readonly string[]) => DocumentKindSpec> = {
  config: (header) => ({
    async read(api, appId, opts) {
      const state = await api.config.get(appId, opts);
      return { ...renderEnvFile(state, { header }), state };
    },
    parse: (text) => parseEnvFile(text),
    render: (values) => renderEnvFile(values, { header }),
    async send(api, appId, changes, opts) {
      // One PUT of added/changed keys, one DELETE of removed keys: each restarts the app.
      const setting = Object.keys(changes.set).length > 0;
      if (setting) await api.config.set(appId, changes.set, opts);
      try {
        if (changes.unset.length) await api.config.unset(appId, changes.unset, opts);
      } catch (error) {
        // The PUT went through: say so, instead of "not saved".
        throw setting ? new PartialSendError({ set: changes.set, unset: [] }, error) : error;
      }
      return {};
    },
  }),
  checks: () => ({
    async read(api, appId, opts) {
      const state = await api.checks.get(appId, opts);
      return { ...renderChecksFile(state), state };
    },
    // Settings cannot be removed on the service: keep the opened keys (a deleted line is an error).
    parse: (text, base) => parseChecksFile(text, Object.keys(base)),
    render: (values) => renderChecksFile(values),
    async send(api, appId, changes, opts) {
      if (Object.keys(changes.set).length) await api.checks.update(appId, toChecksUpdate(changes.set), opts);
      return {};
    },
  }),
  app: () => ({
    async read(api, appId, opts) {
      const app = await api.apps.get(appId, opts);
      return { ...renderAppFile(app), state: appValues(app) };
    },
    parse: (text, base) => parseAppFile(text, Object.keys(base)),
    render: (values) => renderAppFile({ name: values.name ?? '', deployBranch: values.deploy_branch }),
    async send(api, appId, changes, opts) {
      if (!Object.keys(changes.set).length) return {};
      const update = toAppUpdate(changes.set);
      const app = await api.apps.update(appId, update, opts);
      return { app, ...(update.name === undefined ? {} : { renamedTo: app.name || update.name }) };
    },
  }),
  buildpacks: (header) => ({
    async read(api, appId, opts) {
      const rendered = renderBuildpacksFile(await api.buildpacks.list(appId, opts), header);
      return { ...rendered, state: rendered.values };
    },
    parse: (text) => parseBuildpacksFile(text),
    render: (values) => renderBuildpacksFile(buildpackList(values), header),
    async send(api, appId, changes, opts) {
      // The whole list in one PUT (the service replaces it): the order is part of it.
      if (Object.keys(changes.set).length) await api.buildpacks.set(appId, buildpackList(changes.set), opts);
      return {};
    },
  }),
};
