// "Show Details": the full JSON of a resource, read-only, in an editor tab. It shows the
// server's own object (`raw`), so fields beyond the contract are visible too.
import * as vscode from 'vscode';
import type { Raw } from '../api';
import { maskSecretFields } from '../configText/secrets';
import type { ServiceCore } from '../core';
import type { CommandTarget, ItemTarget } from '../tree/commandTarget';
import { configEditing } from '../editors/registerConfigEditing';
import { DETAILS_SCHEME } from '../schemes';
import { resolveApp, targetOf } from '../kit/targets';
import { confirm } from '../kit/prompts';
import { settings } from '../settings';
import type { Action } from '../kit/action';

/** What to show: where it lives (for the tab's path) and its JSON. */
interface Details {
  path: string[];
  body: unknown;
}

const provider = (s: ServiceCore) => configEditing(s).details;

function render(body: unknown, reveal: boolean) {
  // Secret-looking fields (a webhook secret, a token) are masked like config secrets are.
  const { masked, count } = reveal || !settings.maskSecrets() ? { masked: body, count: 0 } : maskSecretFields(body);
  return { text: `${JSON.stringify(masked, null, 2)}\n`, count };
}

export const detailsActions: readonly Action[] = [
  { command: 'apphost.showDetails', run: async (s: ServiceCore, target?: CommandTarget) => {
    const details = await detailsOf(s, target);
    const segments = details.path.map((p) => p.replace(/[/\\]/g, '_'));
    segments[segments.length - 1] += '.json';
    // With several services the path starts with the service: two same-named apps never share a tab.
    const service = s.connections.nameWhenSeveral(s.service);
    if (service) segments.unshift(service.replace(/[/\\]/g, '_'));
    // The service in the query as in every AppHost document (its tab's decoration reads it).
    const uri = provider(s).lock(vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${segments.join('/')}`, query: new URLSearchParams({ service: s.service }).toString() }));
    const { text, count } = render(details.body, false);
    await provider(s).set(uri, text, details.body);
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(doc, 'json');
    await vscode.window.showTextDocument(doc, { preview: true });
    if (count) void vscode.window.setStatusBarMessage(vscode.l10n.t('{0} secret-looking field(s) hidden: "Reveal Secrets" in the editor title shows them.', count), 8000);
  } },
  /**
     * Shows the masked fields of a details document (explicit, per document): the one given,
     * else (the palette, or anyone's call with nothing) the active tab's, after one question
     * naming it, since any extension can read an open tab's text.
     */
  { command: 'apphost.details.reveal', needs: 'none', run: async (s: ServiceCore, uri?: vscode.Uri) => {
    const given = uri instanceof vscode.Uri;
    const target = given ? uri : vscode.window.activeTextEditor?.document.uri;
    const body = target?.scheme === DETAILS_SCHEME ? provider(s).bodyOf(target) : undefined;
    if (!target || body === undefined) return;
    if (!given) await confirm(undefined, vscode.l10n.t('Reveal the secrets of {0}?', target.path), vscode.l10n.t('The masked fields of this Show Details tab are shown in clear in it. Any extension can read the text of an open tab.'), vscode.l10n.t('Reveal Secrets'));
    await provider(s).set(target, render(body, true).text);
  } },
];

function rawOf(data: unknown): unknown {
  return data && typeof data === 'object' && 'raw' in data && (data as { raw: Raw }).raw ? (data as { raw: Raw }).raw : data;
}

/**
 * The full resource: one GET where the API has a details endpoint (app, server, database,
 * release, deploy), else the data the row already holds (no request).
 */
async function detailsOf(s: ServiceCore, target: CommandTarget | undefined): Promise<Details> {
  const api = s.connections.of(s.service).api();
  const server = targetOf(target, 'server');
  if (server) {
    const ws = server.workspace;
    return { path: [ws ?? 'personal', 'servers', server.server.name], body: (await api.servers.get(server.server.id, { workspace: ws })).raw };
  }
  const database = targetOf(target, 'database');
  if (database) {
    const ws = database.workspace;
    return { path: [ws ?? 'personal', 'databases', database.database.name], body: (await api.databases.get(database.database.id, { workspace: ws })).raw };
  }
  const item = targetOf(target, 'item');
  if (item) return itemDetails(s, item);
  // An app row, an app ref, or (from the Command Palette) an app the user picks.
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app to show'));
  const details = await api.apps.get(app.id, { workspace: app.workspace });
  // Its rows learn what the list does not carry (the GitHub repository their tooltip shows).
  s.tree.showApp(app, { githubRepo: details.githubRepo, deployBranch: details.deployBranch, gitRemote: details.gitRemote });
  return { path: [app.workspace ?? 'personal', 'apps', app.name], body: details.raw };
}

async function itemDetails(s: ServiceCore, item: ItemTarget): Promise<Details> {
  const api = s.connections.of(s.service).api();
  const owner = item.app;
  const where = owner ? [owner.workspace ?? 'personal', 'apps', owner.name] : parentPath(item);
  const id = (item.data as { id?: string } | undefined)?.id;
  if (owner && id && item.item === 'release') {
    const release = await api.releases.get(owner.id, id, { workspace: owner.workspace });
    return { path: [...where, 'releases', release.version !== undefined ? `v${release.version}` : release.id], body: release.raw };
  }
  if (owner && id && item.item === 'deploy') {
    return { path: [...where, 'deploys', id], body: (await api.deploys.get(owner.id, id, { workspace: owner.workspace })).raw };
  }
  // Config vars and health-check settings are key → value: show them as such.
  const body = typeof item.data === 'object' && item.data !== null ? rawOf(item.data) : { [item.key]: item.data };
  return { path: [...where, item.item, item.key], body };
}

/** Path of a row outside apps (a backup or linked app of a database). */
function parentPath(item: ItemTarget): string[] {
  const db = item.database;
  if (db) return [db.workspace ?? 'personal', 'databases', db.database.name];
  return ['resources'];
}
