import type * as vscode from 'vscode';
import { icon, type ColorName } from '../theme';

type Look = [icon: string, color?: ColorName];

/** Exact actions first, then by resource (the part before the dot), then by verb. */
const BY_ACTION: Record<string, Look> = {
  'deploy.succeeded': ['pass', 'passed'],
  'deploy.failed': ['error', 'failed'],
  'deploy.timed_out': ['watch', 'failed'],
  'deploy.started': ['sync', 'info'],
  'template.deploy': ['rocket', 'info'],
  'app.restart': ['debug-restart'],
  'app.stop': ['debug-stop'],
  'app.start': ['play'],
  'app.crashed': ['error', 'failed'],
  'release.rollback': ['history'],
  'domain.ssl': ['lock'],
  // wokku's action names
  'app.deployed': ['rocket', 'passed'],
  'app.created': ['add'],
  'app.destroyed': ['trash', 'failed'],
  'app.restarted': ['debug-restart'],
  'app.stopped': ['debug-stop'],
  'app.stoped': ['debug-stop'],
  'app.started': ['play'],
  'config.updated': ['settings'],
  'domain.ssl_enabled': ['lock'],
  'backup.restored': ['history'],
  'github.connected': ['github'],
  'github.disconnected': ['github'],
};

const BY_RESOURCE: Record<string, string> = {
  app: 'package', server: 'server', database: 'database', backup: 'archive', config: 'settings', domain: 'globe',
  ssl: 'lock', release: 'tag', ps: 'layers', process: 'layers', scale: 'layers', checks: 'pulse', check: 'pulse',
  addon: 'extensions', log_drain: 'output', drain: 'output', ssh_key: 'key', team: 'organization', member: 'person',
  notification: 'bell', token: 'key', deploy: 'rocket', template: 'rocket', link: 'link', auth: 'account',
};

const BY_VERB: Record<string, Look> = {
  create: ['add'], add: ['add'], delete: ['trash'], destroy: ['trash'], remove: ['trash'],
  link: ['link'], unlink: ['debug-disconnect'], update: ['edit'], rename: ['edit'],
  created: ['add'], added: ['add'], deleted: ['trash'], destroyed: ['trash'], removed: ['trash'],
  linked: ['link'], unlinked: ['debug-disconnect'], updated: ['edit'],
};

/** An icon for an activity's action, e.g. `app.create`, `deploy.failed`, `member.add`. */
export function activityIcon(action: string): vscode.ThemeIcon {
  const key = action.replace(/\\(.)/g, '$1').toLowerCase(); // "app\.deployed" comes escaped at times
  const [resource, verb = ''] = key.split('.', 2);
  const look: Look = BY_ACTION[key]
    ?? (verb in BY_VERB && (resource === 'app' || !(resource in BY_RESOURCE)) ? BY_VERB[verb] : undefined)
    ?? (resource in BY_RESOURCE ? [BY_RESOURCE[resource], ['delete', 'remove', 'destroyed', 'removed'].includes(verb) ? 'failed' : undefined] : undefined)
    ?? ['history'];
  return icon(look[0], look[1]);
}
