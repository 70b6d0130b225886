// The parts of an app shown under it, in order. Each costs one request when expanded.
// An area adds or enriches its part here (its look, its contextValue flags, its click).
import * as vscode from 'vscode';
import { readProcessReport, type Addon, type Deploy, type Domain, type LogDrain, type ProcessType, type Release } from '../api';
import { relativeTime } from '../format';
import type { AppGroupNode } from './appNode';
import { ItemNode } from './itemNode';
import type { TreeNode } from './resourcesProvider';

export interface AppGroupDescriptor {
  /** Id segment and contextValue flag: `group:<kind>`. */
  kind: string;
  label(): string;
  icon: string;
  /** The group's one request, turned into child nodes. */
  fetch(group: AppGroupNode): Promise<TreeNode[]>;
  emptyLabel?(): string;
}

function call(group: AppGroupNode) {
  const ref = group.appRef();
  return { api: group.app.workspaceNode.ctx.api(), id: ref.id, opts: group.app.workspaceNode.callOptions() };
}

const GREEN = new vscode.ThemeColor('testing.iconPassed');
const RED = new vscode.ThemeColor('testing.iconFailed');
const BLUE = new vscode.ThemeColor('charts.blue');
const icon = (id: string, color?: vscode.ThemeColor) => new vscode.ThemeIcon(id, color);

const DEPLOY_ICONS: Record<string, vscode.ThemeIcon> = {
  pending: icon('clock', BLUE),
  building: icon('sync~spin', BLUE),
  succeeded: icon('pass', GREEN),
  failed: icon('error', RED),
  timed_out: icon('watch', RED),
};

export const configGroup: AppGroupDescriptor = {
  kind: 'config',
  label: () => vscode.l10n.t('Config'),
  icon: 'symbol-variable',
  emptyLabel: () => vscode.l10n.t('No config vars'),
  async fetch(group) {
    const { api, id, opts } = call(group);
    const vars = await api.config.get(id, opts);
    return Object.keys(vars).sort().map((key) =>
      new ItemNode(group, 'configVar', key, vars[key], (value) => ({ label: key, description: value, icon: icon('symbol-constant') })));
  },
};

export const domainsGroup: AppGroupDescriptor = {
  kind: 'domains',
  label: () => vscode.l10n.t('Domains'),
  icon: 'globe',
  emptyLabel: () => vscode.l10n.t('No domains'),
  async fetch(group) {
    const { api, id, opts } = call(group);
    return (await api.domains.list(id, opts)).map((d) =>
      new ItemNode<Domain>(group, 'domain', d.id, d, (x) => ({
        label: x.hostname,
        description: x.sslEnabled ? vscode.l10n.t('SSL') : vscode.l10n.t('no SSL'),
        icon: x.sslEnabled ? icon('lock', GREEN) : icon('unlock'),
        flags: [x.sslEnabled ? 'ssl' : 'nossl'],
      })));
  },
};

export const releasesGroup: AppGroupDescriptor = {
  kind: 'releases',
  label: () => vscode.l10n.t('Releases'),
  icon: 'tag',
  emptyLabel: () => vscode.l10n.t('No releases'),
  async fetch(group) {
    const { api, id, opts } = call(group);
    const releases = await api.releases.list(id, opts);
    return releases.map((r, i) =>
      new ItemNode<Release>(group, 'release', r.id, r, (x) => ({
        label: x.version !== undefined ? `v${x.version}` : x.id,
        description: [x.description, relativeTime(x.createdAt)].filter(Boolean).join(' · '),
        icon: icon(i === 0 ? 'tag' : 'history'),
        flags: [i === 0 && 'current'],
      })));
  },
};

export const processesGroup: AppGroupDescriptor = {
  kind: 'processes',
  label: () => vscode.l10n.t('Processes'),
  icon: 'server-process',
  emptyLabel: () => vscode.l10n.t('No processes running'),
  async fetch(group) {
    const { api, id, opts } = call(group);
    const summary = readProcessReport(await api.processes.get(id, opts));
    return summary.types.map((t) =>
      new ItemNode<ProcessType>(group, 'process', t.type, t, (x) => {
        const running = x.instances.filter((i) => i.state === 'running').length;
        return {
          label: x.type,
          description: vscode.l10n.t('{0} running of {1}', running, x.instances.length),
          icon: running === x.instances.length ? icon('pulse', GREEN) : icon('warning', RED),
          tooltip: x.instances.map((i) => `${x.type}.${i.index}: ${i.detail}`).join('\n'),
        };
      }));
  },
};

export const checksGroup: AppGroupDescriptor = {
  kind: 'checks',
  label: () => vscode.l10n.t('Health Checks'),
  icon: 'heart',
  emptyLabel: () => vscode.l10n.t('No health check settings'),
  async fetch(group) {
    const { api, id, opts } = call(group);
    const checks = await api.checks.get(id, opts);
    return Object.keys(checks).sort().map((key) =>
      new ItemNode(group, 'check', key, checks[key], (value) => ({ label: key, description: value, icon: icon('settings') })));
  },
};

export const deploysGroup: AppGroupDescriptor = {
  kind: 'deploys',
  label: () => vscode.l10n.t('Deploys'),
  icon: 'rocket',
  emptyLabel: () => vscode.l10n.t('No deploys'),
  async fetch(group) {
    const { api, id, opts } = call(group);
    return (await api.deploys.list(id, opts)).map((d) =>
      new ItemNode<Deploy>(group, 'deploy', d.id, d, (x) => ({
        label: x.description || x.commitSha?.slice(0, 7) || x.id,
        description: [x.status, x.commitSha?.slice(0, 7), relativeTime(x.startedAt ?? x.createdAt)].filter(Boolean).join(' · '),
        icon: DEPLOY_ICONS[x.status] ?? icon('rocket'),
        flags: [x.status],
      })));
  },
};

export const addonsGroup: AppGroupDescriptor = {
  kind: 'addons',
  label: () => vscode.l10n.t('Addons'),
  icon: 'extensions',
  emptyLabel: () => vscode.l10n.t('No addons'),
  async fetch(group) {
    const { api, id, opts } = call(group);
    return (await api.addons.list(id, opts)).map((a) =>
      new ItemNode<Addon>(group, 'addon', a.id, a, (x) => ({
        label: x.name,
        description: [x.serviceType, x.status].filter(Boolean).join(' · '),
        icon: icon('extensions'),
      })));
  },
};

export const logDrainsGroup: AppGroupDescriptor = {
  kind: 'logDrains',
  label: () => vscode.l10n.t('Log Drains'),
  icon: 'output',
  emptyLabel: () => vscode.l10n.t('No log drains'),
  async fetch(group) {
    const { api, id, opts } = call(group);
    return (await api.logDrains.list(id, opts)).map((d) =>
      new ItemNode<LogDrain>(group, 'logDrain', d.id, d, (x) => ({ label: x.url, description: x.drainType, icon: icon('output') })));
  },
};

export const APP_GROUPS: AppGroupDescriptor[] = [
  configGroup, domainsGroup, releasesGroup, processesGroup, checksGroup, deploysGroup, addonsGroup, logDrainsGroup,
];
