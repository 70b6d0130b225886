import * as vscode from 'vscode';
import { inform, serviceNoticeOf } from '../kit/notices';
import { ApiError, deployFinished, sleep, systemClock, type Deploy, type Template, type TemplateDeployment } from '../api';
import { checkedInput } from '../auth/checkedInput';
import type { Core, ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { validateAppName } from './apps';
import { pickServer, resolveWorkspace, serverOf } from '../kit/targets';
import { type AppRef, UserCancelled } from '../model';
import { notify } from '../notices';
import { ownCommand } from '../commandCalls';
import type { Action } from '../kit/action';

/** Following a deploy stops after this long: the Deploys group shows the rest. */
const FOLLOW_LIMIT_MS = 120_000;
/** Poll delays grow, so a long build costs few requests (~25 over two minutes). */
const POLL_DELAYS_MS = [1000, 2000, 3000, 5000];

type TemplateItem = vscode.QuickPickItem & { template?: Template };

/** Browse the template catalogue and deploy one as a new app. */
export const templateActions: readonly Action[] = [
  { command: 'apphost.template.deploy', run: deployTemplate },
];

/** The catalogue grouped by category (one separator each), searchable by name, description and category. */
export function templateItems(templates: Template[], categories: string[]): TemplateItem[] {
  const order = [...categories, ...templates.map((t) => t.category ?? '')].filter((c, i, all) => all.indexOf(c) === i);
  const items: TemplateItem[] = [];
  for (const category of order) {
    const inCategory = templates.filter((t) => (t.category ?? '') === category);
    if (!inCategory.length) continue;
    items.push({ label: categoryLabel(category), kind: vscode.QuickPickItemKind.Separator });
    for (const t of inCategory) {
      // The category stays in the description so that typing it filters too.
      const tags = Array.isArray(t.raw.tags) ? (t.raw.tags as unknown[]).filter((x): x is string => typeof x === 'string') : [];
      const words = [t.category, ...tags].filter((w, i, all): w is string => !!w && all.indexOf(w) === i);
      items.push({ label: `$(rocket) ${t.name}`, description: words.join(', '), detail: t.description, template: t });
    }
  }
  return items;
}

const ACRONYMS = new Set(['cms', 'api', 'ai', 'ci', 'crm', 'erp']);

/** "web" → "Web", "cms" → "CMS". */
function categoryLabel(category: string): string {
  if (!category) return vscode.l10n.t('Other');
  return ACRONYMS.has(category.toLowerCase()) ? category.toUpperCase() : category[0].toUpperCase() + category.slice(1);
}

async function deployTemplate(s: ServiceCore, target?: CommandTarget): Promise<void> {
  // From a workspace, its Apps group or a server (not from its Servers or Databases group).
  const { slug: workspace } = await resolveWorkspace(s, target, { from: ['workspace', 'apps', 'server'] });
  const api = s.connections.of(s.service).api();
  const title = vscode.l10n.t('Deploy an AppHost template');

  const items = api.templates.list({}, { workspace, priority: 'user' }).then((list) => templateItems(list.templates, list.categories));
  const picked = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: vscode.l10n.t('Search templates by name, description, category or tag'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked?.template) throw new UserCancelled();

  // Details (addons, env, repository) before committing to a deploy.
  const template = await api.templates.get(picked.template.slug, { workspace, priority: 'user' });
  const deploy = vscode.l10n.t('Deploy…');
  const answer = await inform(s,
    vscode.l10n.t('Deploy the template "{0}"?', template.name),
    { modal: true, detail: describeTemplate(template) },
    deploy,
  );
  if (answer !== deploy) throw new UserCancelled();

  const server = serverOf(target)?.server ?? (await pickServer(s, workspace, title));
  let result: TemplateDeployment | undefined;
  const name = await checkedInput({
    title,
    prompt: vscode.l10n.t('Name of the new app on {0} (created from {1})', server.name, template.name),
    placeholder: template.slug,
    value: await suggestName(s, workspace, template.slug),
    validate: validateAppName,
    // The deploy itself is the check: a taken name (409) is explained in place with a free one.
    check: async (value) => {
      try {
        result = await api.templates.deploy({ slug: template.slug, serverId: server.id, appName: value.trim() }, { workspace });
        return undefined;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          const free = await suggestName(s, workspace, value.trim());
          return vscode.l10n.t('{0} — "{1}" is free: type it and press Enter.', error.message, free);
        }
        if (error instanceof ApiError && error.status === 422) return error.message; // the first few (errorBody)
        throw error;
      }
    },
  });
  if (!result) return;
  const app: AppRef = { service: s.service, workspace, id: result.app.id || name.trim(), name: result.app.name || name.trim() };
  await revealApp(s, app);
  await followDeploy(s, app, result.deploy);
}

function describeTemplate(t: Template): string {
  const raw = t.raw;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string').join(', ') : '');
  const env = raw.env && typeof raw.env === 'object' ? Object.keys(raw.env as object).join(', ') : '';
  return [
    t.description,
    t.category && vscode.l10n.t('Category: {0}', t.category),
    list(raw.addons) && vscode.l10n.t('Services created and linked: {0}', list(raw.addons)),
    env && vscode.l10n.t('Config vars set: {0}', env),
    typeof raw.repository === 'string' && vscode.l10n.t('Source: {0}', raw.repository),
  ]
    .filter(Boolean)
    .join('\n');
}

/** `base`, or `base-2`, `base-3`… : the first name no app of the workspace has (one GET /apps). */
async function suggestName(s: ServiceCore, workspace: string | undefined, base: string): Promise<string> {
  const stem = base.replace(/-\d+$/, '').slice(0, 58) || 'app';
  let taken: Set<string>;
  try {
    taken = new Set((await s.connections.of(s.service).api().apps.list({ q: stem, includePreviews: true }, { workspace, priority: 'user' })).map((a) => a.name));
  } catch {
    return base;
  }
  if (!taken.has(base) && validateAppName(base) === undefined) return base;
  for (let i = 2; ; i++) if (!taken.has(`${stem}-${i}`)) return `${stem}-${i}`;
}

/** Fetches only the workspace's Apps group again and selects the new app in it. */
async function revealApp(s: Core, app: AppRef): Promise<void> {
  const apps = s.tree.listOf(app.service, app.workspace, 'apps');
  if (!apps) return;
  s.tree.refresh(apps);
  const row = await s.tree.appRowIn(apps, app.id);
  if (row && s.tree.visible) await s.tree.reveal(row, { select: true, focus: false, expand: false });
}

/**
 * Follows the first deploy in a progress notification with a bounded, slowing poll
 * (background priority: it yields to the user's actions), then reports how it ended.
 */
export async function followDeploy(s: ServiceCore, app: AppRef, started: Deploy | undefined, limitMs = FOLLOW_LIMIT_MS): Promise<string | undefined> {
  if (!started?.id) {
    void inform(s, vscode.l10n.t('{0} was created; its first deploy is starting.', app.name));
    return undefined;
  }
  const api = s.connections.of(app.service).api();
  let deploy = started;
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Deploying {0}', app.name), cancellable: true },
    async (progress, token) => {
      const deadline = Date.now() + limitMs;
      for (let i = 0; !deployFinished(deploy.status) && Date.now() < deadline && !token.isCancellationRequested; i++) {
        progress.report({ message: deploy.status });
        await sleep(systemClock, POLL_DELAYS_MS[Math.min(i, POLL_DELAYS_MS.length - 1)]);
        deploy = { ...deploy, ...(await api.deploys.get(app.id, started.id, { workspace: app.workspace, priority: 'background' })) };
      }
    },
  );
  await s.tree.reloadApp(app).catch(() => undefined);
  const commands = await vscode.commands.getCommands(true);
  const showLog = commands.includes('apphost.deploy.showLog') ? vscode.l10n.t('Show Deploy Log') : undefined;
  const buttons = showLog ? [showLog] : [];
  let choice: string | undefined;
  if (deploy.status === 'succeeded') {
    choice = await inform(s, vscode.l10n.t('{0} deployed.', app.name), ...buttons);
  } else if (deployFinished(deploy.status)) {
    choice = await notify('error', serviceNoticeOf(s, vscode.l10n.t('The deploy of {0} ended: {1}.', app.name, deploy.status)), ...buttons);
  } else {
    choice = await inform(s, vscode.l10n.t('{0} is still deploying ({1}); the Deploys group shows how it goes.', app.name, deploy.status), ...buttons);
  }
  if (showLog && choice === showLog) await ownCommand('apphost.deploy.showLog', app, started.id);
  return deploy.status;
}
