// What an activity row says, as a sentence. The service's `description` is a fragment
// its dashboard completes with the target ("updated config for" + "shop-api"); for
// actions it does not describe it sends the action itself ("app.https_enabled"), and
// some come escaped ("app\.deployed") or misspelled ("app.stoped", as the API writes it).
// No vscode import: the words are English, as the service's own fragments are.

export interface ActivityWords {
  action: string;
  description?: string;
  targetName?: string;
}

/** Verbs of known actions, as sentence starts completed by the target. */
const VERBS: Record<string, string> = {
  created: 'created', create: 'created', destroyed: 'deleted', destroy: 'deleted', deleted: 'deleted', delete: 'deleted',
  deployed: 'deployed', deploy: 'deployed', restarted: 'restarted', restart: 'restarted', stopped: 'stopped', stoped: 'stopped',
  stop: 'stopped', started: 'started', start: 'started', updated: 'updated', update: 'updated', added: 'added', add: 'added',
  removed: 'removed', remove: 'removed', linked: 'linked', link: 'linked', unlinked: 'unlinked', connected: 'connected',
  disconnected: 'disconnected', restored: 'restored', enabled: 'enabled', queued: 'queued',
};

/** Whole sentences where the verb alone would read oddly. */
const PHRASES: Record<string, string> = {
  'config.updated': 'updated config for',
  'config.update': 'updated config for',
  'config.remove': 'removed config vars of',
  'domain.ssl_enabled': 'enabled SSL on',
  'domain.added': 'added domain',
  'domain.removed': 'removed domain',
  'team.member_added': 'added a member to',
  'team.member_removed': 'removed a member from',
  'github.connected': 'connected GitHub to',
  'github.disconnected': 'disconnected GitHub from',
  'template.deployed': 'deployed a template as',
  'backup.created': 'backed up',
  'backup.restored': 'restored a backup of',
  'database.linked': 'linked database',
};

const unescape = (text: string) => text.replace(/\\(.)/g, '$1');
const words = (text: string) => text.replace(/[_-]+/g, ' ').trim();

export function activitySentence(a: ActivityWords): string {
  const action = unescape(a.action ?? '').trim();
  const target = a.targetName?.trim();
  const description = a.description === undefined ? undefined : unescape(a.description).trim();
  const complete = (start: string) => (target && !start.includes(target) ? `${start} ${target}` : start);
  // The service's own fragment, unless it is only the action repeated.
  if (description && description !== action) return complete(description);
  const known = PHRASES[action.toLowerCase()];
  if (known) return complete(known);
  const [resource = '', verb = ''] = action.toLowerCase().split('.', 2);
  const resourceWords = words(resource);
  if (VERBS[verb]) return resource === 'app' ? complete(VERBS[verb]) : complete(`${VERBS[verb]} ${resourceWords}`);
  // An action nobody described: "App shop-api: https enabled".
  const subject = [resourceWords.charAt(0).toUpperCase() + resourceWords.slice(1), target].filter(Boolean).join(' ');
  return verb ? `${subject}: ${words(verb)}` : subject || action;
}
