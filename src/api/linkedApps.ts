// The apps linked to a database. The contract has no endpoint for them; some deployments
// add them to the database details (`linked_apps`, `links` or `apps`). Undefined = not told.

import type { Database } from './models';
import { isRecord, str } from './normalize';

export interface LinkedApp {
  appId: string;
  appName?: string;
  alias?: string;
}

export function readLinkedApps(database: Database): LinkedApp[] | undefined {
  const raw = database.raw;
  const list = [raw.linked_apps, raw.links, raw.apps].find(Array.isArray) as unknown[] | undefined;
  if (!list) return undefined;
  return list.filter(isRecord).flatMap((l) => {
    const appId = str(l.app_id) ?? str(l.app_record_id) ?? str(l.id);
    if (!appId) return [];
    return [{ appId, appName: str(l.name) ?? str(l.app_name), alias: str(l.alias_name) ?? str(l.alias) }];
  });
}
