// Databases: create, delete (type the name), link/unlink apps, and backups.
import * as vscode from 'vscode';
import { inform, warn } from '../kit/notices';
import { ApiError, dashboardUrl, policyRefusal, readLinkedApps, sleep, systemClock, type Backup, type Database, type LinkedApp, teamOfWorkspace } from '../api';
import { askDownloadDestination, confirmRestore, downloadBackup, planBackup, restoreBackup, type DatabaseAt } from '../actions/backupTransfer';
import { confirmImport, planImport, runImport } from '../actions/databaseImport';
import type { ServiceCore } from '../core';
import { showLoadOutcome } from './databaseChecks';
import type { CommandTarget, DatabaseTarget as DatabaseRow } from '../tree/commandTarget';
import { isGone, writeOrReadBack } from '../kit/outcome';
import { runAction, confirm, confirmByTypingName } from '../kit/prompts';
import { databaseOf, inWorkspace, itemOf, pickApp, pickServer, activeWorkspace, resolveWorkspace, serverOf } from '../kit/targets';
import { type AppRef, UserCancelled } from '../model';
import type { Action } from '../kit/action';

const NAME = /^[a-z][a-z0-9-]*$/;
const NAME_MAX = 40;
const ALIAS = /^[A-Z][A-Z0-9_]*$/;

/** The service types of the contract, with what they are for. */
export const DATABASE_TYPES: readonly { type: string; description: () => string }[] = [
  { type: 'postgres', description: () => vscode.l10n.t('PostgreSQL: relational SQL database') },
  { type: 'mysql', description: () => vscode.l10n.t('MySQL: relational SQL database') },
  { type: 'redis', description: () => vscode.l10n.t('Redis: in-memory key-value store, caches and queues') },
  { type: 'mongodb', description: () => vscode.l10n.t('MongoDB: document database') },
  { type: 'memcached', description: () => vscode.l10n.t('Memcached: in-memory cache') },
  { type: 'rabbitmq', description: () => vscode.l10n.t('RabbitMQ: message broker (AMQP)') },
  { type: 'elasticsearch', description: () => vscode.l10n.t('Elasticsearch: full-text search and analytics') },
  { type: 'meilisearch', description: () => vscode.l10n.t('Meilisearch: fast, typo-tolerant search') },
  { type: 'clickhouse', description: () => vscode.l10n.t('ClickHouse: column-oriented analytics database') },
  { type: 'nats', description: () => vscode.l10n.t('NATS: lightweight messaging') },
];

/** Backups that are not done yet, in the words deployments use. */
const UNFINISHED = new Set(['pending', 'running', 'creating', 'in_progress', 'queued', 'started']);
/** Backup poll: soon at first (backups of small databases are quick), then every 2 s, for 30 s at most. */
const BACKUP_POLL_DELAYS_MS = [500, 1000, 1500, ...Array<number>(14).fill(2000)];
const BACKUP_POLL_SECONDS = Math.round(BACKUP_POLL_DELAYS_MS.reduce((a, b) => a + b, 0) / 1000);

export function validateDatabaseName(value: string): string | undefined {
  const name = value.trim();
  if (!name) return vscode.l10n.t('Enter a name');
  if (name.length > NAME_MAX || !NAME.test(name) || name.endsWith('-')) {
    return vscode.l10n.t('Use lowercase letters, digits and dashes, starting with a letter (e.g. "shop-db"); at most {0} characters.', NAME_MAX);
  }
  return undefined;
}

export function validateAlias(value: string): string | undefined {
  const alias = value.trim();
  if (!alias || ALIAS.test(alias)) return undefined;
  return vscode.l10n.t('Use uppercase letters, digits and "_", starting with a letter (e.g. "DATABASE"); leave empty for the default.');
}

export const databaseActions: readonly Action[] = [
  { command: 'apphost.database.create', run: createDatabase },
  { command: 'apphost.database.delete', run: deleteDatabase },
  { command: 'apphost.database.link', run: linkApp },
  { command: 'apphost.database.unlink', run: unlinkApp },
  { command: 'apphost.database.backup', run: backupDatabase },
  { command: 'apphost.database.downloadBackup', run: downloadBackupOf },
  { command: 'apphost.database.restoreBackup', run: restoreBackupOf },
  { command: 'apphost.database.import', run: importDump },
];

interface DatabaseTarget {
  database: Database;
  service: string;
  workspace: string | undefined;
  /** The row, when the command came from the tree (the database's, or one of its groups or their rows). */
  node?: DatabaseRow;
}

async function resolveDatabase(s: ServiceCore, target: CommandTarget | undefined, placeHolder: string): Promise<DatabaseTarget> {
  const node = databaseOf(target);
  if (node) return { database: node.database, service: node.service, workspace: node.workspace, node };
  const { slug: workspace } = await activeWorkspace(s);
  const items = s.connections.of(s.service)
    .api()
    .databases.list({ workspace, priority: 'user' })
    .then(async (list) => (await inWorkspace(s, workspace, list)).map((database) => ({ label: database.name, description: [database.serviceType, database.status].filter(Boolean).join(' · '), database })));
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('AppHost databases in {0}', workspace ? (s.tree.shownWorkspace(s.service, workspace)?.label ?? workspace) : vscode.l10n.t('your personal workspace')),
    placeHolder,
    matchOnDescription: true,
  });
  if (!picked) throw new UserCancelled();
  return { database: picked.database, service: s.service, workspace };
}

const databasesGroupOf = (s: ServiceCore, workspace: string | undefined) => s.tree.listOf(s.service, workspace, 'databases');

/** Linking changes the app's config (`<ALIAS>_URL`): its Config group, where shown, is stale. */
/** A link changes the app's config (<ALIAS>_URL) and its Addons (wokku lists linked databases there). */
export function refreshLinkedApp(s: ServiceCore, app: AppRef): void {
  s.tree.reloadPart(app, 'config');
  s.tree.reloadPart(app, 'addons');
}

async function createDatabase(s: ServiceCore, target?: CommandTarget): Promise<void> {
  // From a workspace, its Databases group or a server (not from its Servers or Apps group).
  const { slug: workspace } = await resolveWorkspace(s, target, { from: ['workspace', 'databases', 'server'] });
  const title = vscode.l10n.t('Create an AppHost database');
  const type = await vscode.window.showQuickPick(
    DATABASE_TYPES.map((t) => ({ label: t.type, description: t.description(), type: t.type })),
    { title, placeHolder: vscode.l10n.t('Type of database'), matchOnDescription: true },
  );
  if (!type) throw new UserCancelled();
  // A service without workspaces (wokku) puts new databases in the user's own team, whatever is selected.
  const landsInPersonal = !!teamOfWorkspace(workspace);
  const name = await vscode.window.showInputBox({
    title,
    prompt: landsInPersonal
      ? vscode.l10n.t('Name of the new {0} database (the service puts it in your personal workspace, whichever team is selected)', type.type)
      : vscode.l10n.t('Name of the new {0} database', type.type),
    placeHolder: `shop-${type.type}`,
    ignoreFocusOut: true,
    validateInput: validateDatabaseName,
  });
  if (name === undefined) throw new UserCancelled();
  const server = serverOf(target)?.server ?? (await pickServer(s, workspace, title));
  const created = await runAction(s, undefined, vscode.l10n.t('Creating database {0}…', name.trim()), () =>
    s.connections.of(s.service).api().databases.create({ name: name.trim(), serviceType: type.type, serverId: server.id }, { workspace }),
  );
  const landedIn = landsInPersonal ? undefined : workspace;
  const group = databasesGroupOf(s, landedIn);
  if (group) s.tree.refresh(group);
  // The service creates it synchronously (status running): linking it is the usual next step.
  const linkToApp = vscode.l10n.t('Link to App…');
  const next = await inform(s,
    vscode.l10n.t('Database {0} ({1}) created on {2}: {3}.', created.name, created.serviceType, server.name, created.status ?? '?'),
    linkToApp,
  );
  if (next === linkToApp) await linkTo(s, { database: created, service: s.service, workspace: landedIn });
}

async function deleteDatabase(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const { database, service, workspace, node } = await resolveDatabase(s, target, vscode.l10n.t('Select the database to delete'));
  await confirmByTypingName(s, database.name, vscode.l10n.t('This destroys {0} and all its data. Type the database name to confirm.', database.name));
  const api = s.connections.of(service).api();
  await runAction(s, node?.row, vscode.l10n.t('Deleting {0}…', database.name), () =>
    writeOrReadBack(vscode.l10n.t('Deleting {0}', database.name), () => api.databases.delete(database.id, { workspace }),
      () => isGone(() => api.databases.get(database.id, { workspace }))));
  const group = node?.row.parent ?? databasesGroupOf(s, workspace);
  if (group) s.tree.refresh(group);
  void inform(s, vscode.l10n.t('Database {0} deleted.', database.name));
}

/**
 * The apps linked to a database: from the Linked Apps group when it is already loaded
 * (no request), else from the database details. Undefined when the service does not say.
 */
async function linkedAppsOf(s: ServiceCore, target: DatabaseTarget): Promise<LinkedApp[] | undefined> {
  const shown = s.tree.shownItems<LinkedApp>(target.node?.linkedApps, 'linkedApp');
  if (shown && (shown.items.length || shown.total === 0)) return shown.items.map((r) => r.data);
  return readLinkedApps(await s.connections.of(s.service).api().databases.get(target.database.id, { workspace: target.workspace, priority: 'user' }));
}

async function linkApp(s: ServiceCore, target: CommandTarget | undefined, dropped?: AppRef): Promise<void> {
  await linkTo(s, await resolveDatabase(s, target, vscode.l10n.t('Select the database to link')), dropped);
}

/** Links an app (dropped on the database, or picked) to the database, with an optional alias. */
async function linkTo(s: ServiceCore, db: DatabaseTarget, dropped?: AppRef): Promise<void> {
  const { database, workspace } = db;
  let app: AppRef;
  let alias: string | undefined;
  if (dropped) {
    // Dragged onto the database: confirm, since a link restarts the app with a new config var.
    if (dropped.service !== db.service) throw new Error(vscode.l10n.t('{0} and {1} are on different services: a database links apps of its own service.', dropped.name, database.name));
    if (dropped.workspace !== workspace) throw new Error(vscode.l10n.t('{0} and {1} are in different workspaces: drop an app onto a database of its own workspace.', dropped.name, database.name));
    const link = vscode.l10n.t('Link');
    const withAlias = vscode.l10n.t('Link with Alias…');
    const answer = await inform(s,
      vscode.l10n.t('Link {0} to {1}?', dropped.name, database.name),
      { modal: true, detail: vscode.l10n.t('The app gets the connection URL of {0} as a config var and restarts.', database.name) },
      link,
      withAlias,
    );
    if (answer !== link && answer !== withAlias) throw new UserCancelled();
    app = dropped;
    if (answer === withAlias) alias = await askAlias(database);
  } else {
    app = await pickUnlinkedApp(s, db);
    alias = await askAlias(database);
  }
  await runAction(s, db.node?.row, vscode.l10n.t('Linking {0} to {1}…', app.name, database.name), () =>
    s.connections.of(app.service).api().databases.link(database.id, { appId: app.id, aliasName: alias }, { workspace }),
  );
  if (db.node) s.tree.refresh(db.node.linkedApps);
  refreshLinkedApp(s, app);
  void inform(s, vscode.l10n.t('{0} linked to {1}.', app.name, database.name));
}

async function pickUnlinkedApp(s: ServiceCore, db: DatabaseTarget): Promise<AppRef> {
  const api = s.connections.of(db.service).api();
  const items = Promise.all([api.apps.list({ includePreviews: true }, { workspace: db.workspace, priority: 'user' }), linkedAppsOf(s, db)]).then(async ([apps, linked]) => {
    const taken = new Set((linked ?? []).map((l) => l.appId));
    return (await inWorkspace(s, db.workspace, apps))
      .filter((a) => !taken.has(a.id))
      // Apps on the database's own server first: that is where a link is cheapest.
      .sort((a, b) => Number(b.serverId === db.database.serverId) - Number(a.serverId === db.database.serverId) || a.name.localeCompare(b.name))
      .map((a) => ({ label: a.name, description: [a.status, a.serverId === db.database.serverId && vscode.l10n.t('same server')].filter(Boolean).join(' · '), app: a }));
  });
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Link {0} to an app', db.database.name),
    placeHolder: vscode.l10n.t('App to link (apps already linked are not listed)'),
    matchOnDescription: true,
  });
  if (!picked) throw new UserCancelled();
  return { service: db.service, workspace: db.workspace, id: picked.app.id, name: picked.app.name };
}

async function askAlias(database: Database): Promise<string | undefined> {
  const alias = await vscode.window.showInputBox({
    title: vscode.l10n.t('Link {0}', database.name),
    prompt: vscode.l10n.t('Alias of the link (the app gets <ALIAS>_URL); leave empty for the default'),
    placeHolder: database.serviceType === 'redis' ? 'REDIS' : 'DATABASE',
    ignoreFocusOut: true,
    validateInput: validateAlias,
  });
  if (alias === undefined) throw new UserCancelled();
  return alias.trim() || undefined;
}

async function unlinkApp(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const db = await resolveDatabase(s, target, vscode.l10n.t('Select the database to unlink an app from'));
  let app: AppRef;
  const row = itemOf<LinkedApp>(target, 'linkedApp');
  if (row) {
    const link = row.data;
    app = { service: db.service, workspace: db.workspace, id: link.appId, name: link.appName ?? link.appId };
  } else {
    app = await pickLinkedApp(s, db);
  }
  await confirm(s,
    vscode.l10n.t('Unlink {0} from {1}?', app.name, db.database.name),
    vscode.l10n.t('The app loses the connection URL config var of {0} and restarts. The data stays.', db.database.name),
    vscode.l10n.t('Unlink'),
  );
  await runAction(s, db.node?.row, vscode.l10n.t('Unlinking {0} from {1}…', app.name, db.database.name), () =>
    s.connections.of(app.service).api().databases.unlink(db.database.id, app.id, { workspace: db.workspace }),
  );
  if (db.node) s.tree.refresh(db.node.linkedApps);
  refreshLinkedApp(s, app);
  void inform(s, vscode.l10n.t('{0} unlinked from {1}.', app.name, db.database.name));
}

async function pickLinkedApp(s: ServiceCore, db: DatabaseTarget): Promise<AppRef> {
  const linked = await linkedAppsOf(s, db);
  // A service that does not list links: let the user name the app among all apps.
  if (!linked) return pickApp(s, vscode.l10n.t('App to unlink from {0}', db.database.name));
  if (!linked.length) throw new Error(vscode.l10n.t('No app is linked to {0}.', db.database.name));
  const picked = await vscode.window.showQuickPick(
    linked.map((l) => ({ label: l.appName ?? l.appId, description: l.alias, link: l })),
    { title: vscode.l10n.t('Unlink an app from {0}', db.database.name), placeHolder: vscode.l10n.t('Linked app to unlink') },
  );
  if (!picked) throw new UserCancelled();
  return { service: db.service, workspace: db.workspace, id: picked.link.appId, name: picked.link.appName ?? picked.link.appId };
}

/**
 * Starts a backup, then watches the backups list (a short, bounded poll) until the new
 * backup is there and finished, refreshing only the Backups group when it changes.
 */
async function backupDatabase(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const db = await resolveDatabase(s, target, vscode.l10n.t('Select the database to back up'));
  const { database, workspace, node } = db;
  const api = s.connections.of(db.service).api();
  const opts = { workspace, priority: 'user' as const };
  let limit: ApiError | undefined;
  const outcome = await runAction(s, node?.row, vscode.l10n.t('Backing up {0}…', database.name), async () => {
    // What exists now, to recognise the new backup (from the loaded group when possible).
    const shown = s.tree.shownItems<Backup>(node?.backups, 'backup');
    const before = new Set(shown ? shown.items.map((n) => n.data.id) : (await api.backups.list(database.id, opts)).map((b) => b.id));
    try {
      await api.backups.create(database.id, opts);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        limit = error;
        return 'limit' as const;
      }
      // wokku authorizes a backup against the database's server (ServerPolicy#update?, administrators
      // only) inside `rescue => e`: the refusal comes as 422 naming the policy; the specification's is a 403.
      if ((error instanceof ApiError && error.status === 403) || policyRefusal(error)) {
        throw new Error(vscode.l10n.t('Only administrators of this service can start backups: no backup of {0} was started. Its backups stay listed here; ask an administrator to back it up.', database.name), { cause: error });
      }
      throw error;
    }
    let seen = '';
    let appeared = false;
    for (const delay of BACKUP_POLL_DELAYS_MS) {
      await sleep(systemClock, delay);
      const fresh = (await api.backups.list(database.id, { workspace, priority: 'background' })).filter((b) => !before.has(b.id));
      appeared ||= fresh.length > 0;
      const state = fresh.map((b) => `${b.id}:${b.status}`).join();
      if (state !== seen && node) s.tree.refresh(node.backups);
      seen = state;
      if (fresh.length && fresh.every((b) => !UNFINISHED.has(b.status ?? ''))) return fresh[0];
    }
    return appeared ? undefined : ('none' as const);
  });
  if (outcome === 'limit') {
    await explainBackupLimit(s, db, limit);
  } else if (outcome === 'none') {
    // wokku's BackupService raises before it creates the record when the server has no backup
    // destination, and its BackupJob swallows that: the 201 was all there will ever be.
    void warn(s, vscode.l10n.t('No backup of {0} has appeared: the service accepted the request, but recorded no backup in {1} s. The likely cause: no backup destination (S3 storage) is configured for its server, and the service then drops the backup without a record. An administrator of the service can configure one in its dashboard; then start the backup again.', database.name, BACKUP_POLL_SECONDS));
  } else if (!outcome) {
    void inform(s, vscode.l10n.t('The backup of {0} is still running; it will show under Backups when you refresh.', database.name));
  } else if (outcome.status === 'failed') {
    void warn(s, vscode.l10n.t('The backup of {0} failed.', database.name));
  } else {
    void inform(s, vscode.l10n.t('Backup of {0} completed.', database.name));
  }
}

/**
 * A 402 to a backup: the plan's limit, in words, with the page of the service's dashboard
 * where the plan changes. wokku's free tier keeps 2 backups of a database and says
 * "Free tier limit reached (2 backups). Upgrade to Basic…": the database's own page, where
 * its tier is picked. The specification's plan limit is the account's: its billing page.
 */
async function explainBackupLimit(s: ServiceCore, db: DatabaseTarget, error: ApiError | undefined): Promise<void> {
  const { database, service } = db;
  const said = error?.message ?? '';
  const freeTier = /free tier/i.test(said);
  const text = freeTier
    ? vscode.l10n.t('No backup of {0} was started: it is on the free tier, which keeps only a few backups, and it has them all. The service says: "{1}"', database.name, said)
    : vscode.l10n.t('Cannot back up {0}: {1}. Delete older backups or upgrade your plan.', database.name, said);
  const open = vscode.l10n.t('Open Plan Page');
  const choice = await warn(s, text, open);
  if (choice === open) await vscode.env.openExternal(vscode.Uri.parse(dashboardUrl(service, freeTier ? { database: database.id } : 'billing')));
}

/** What the actions take: the database (a row's or a pick's), with its row and Backups group. */
function databaseAt(db: DatabaseTarget): DatabaseAt {
  return { database: db.database, service: db.service, workspace: db.workspace, row: db.node?.row, backups: db.node?.backups };
}

/** The backup row's backup (with its row), or none (the palette, a database row: the action asks). */
function backupRowOf(target: CommandTarget | undefined): { data: Backup; row?: DatabaseRow['row'] } | undefined {
  const item = itemOf<Backup>(target, 'backup');
  return item ? { data: item.data, row: item.row } : undefined;
}

async function downloadBackupOf(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const db = databaseAt(await resolveDatabase(s, target, vscode.l10n.t('Select the database whose backup to download')));
  const plan = await planBackup(s, db, backupRowOf(target), { feature: 'backupDownload', placeHolder: vscode.l10n.t('Backup to download') });
  const destination = await askDownloadDestination(plan);
  await downloadBackup(s, plan, destination);
}

async function restoreBackupOf(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const db = databaseAt(await resolveDatabase(s, target, vscode.l10n.t('Select the database to restore')));
  const plan = await planBackup(s, db, backupRowOf(target), { feature: 'backupRestore', placeHolder: vscode.l10n.t('Backup to restore from') });
  await confirmRestore(s, plan);
  await showLoadOutcome(s, db, await restoreBackup(s, plan));
}

async function importDump(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const db = databaseAt(await resolveDatabase(s, target, vscode.l10n.t('Select the database to import a dump into')));
  const plan = await planImport(s, db);
  await confirmImport(s, plan);
  await showLoadOutcome(s, db, await runImport(s, plan));
}
