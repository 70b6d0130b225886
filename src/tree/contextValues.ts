// The one place that builds `contextValue` strings. Grammar: the node kind, then
// `:flag` segments (`app:running`, `app:stopped:tailing`). Menus match them with
// anchored regexes such as `viewItem =~ /^app(:|$)/` or `/^app\b.*:running\b/`.

export type NodeKind =
  | 'service'
  | 'workspace'
  | 'group'
  | 'server'
  | 'app'
  | 'database'
  | 'message'
  | 'loadMore'
  | 'configVar'
  | 'domain'
  | 'release'
  | 'process'
  | 'processInstance'
  | 'check'
  | 'deploy'
  | 'addon'
  | 'logDrain'
  | 'backup'
  | 'linkedApp';

export function contextValue(kind: NodeKind, ...flags: (string | false | undefined)[]): string {
  return [kind, ...flags.filter((f): f is string => !!f)].join(':');
}
