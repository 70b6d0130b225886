// The one place that builds `contextValue` strings. Grammar: the node kind, then
// `:flag` segments (`app:running`, `app:stopped:tailing`). Menus match them with
// anchored regexes such as `viewItem =~ /^app(:|$)/` or `/^app\b.*:running\b/`.
// The kind is the row's CommandTarget kind (`list:apps` is a ListTarget, `group:domains` a
// GroupTarget, `databaseGroup:backups` a DatabaseGroupTarget); a leaf's is its item kind
// (`domain`, `release`…), the `item` of its ItemTarget.

export type NodeKind =
  | 'service'
  | 'workspace'
  | 'list'
  | 'group'
  | 'databaseGroup'
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
  | 'buildpack'
  | 'backup'
  | 'linkedApp';

export function contextValue(kind: NodeKind, ...flags: (string | false | undefined)[]): string {
  return [kind, ...flags.filter((f): f is string => !!f)].join(':');
}
