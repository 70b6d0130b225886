import { activityView } from '../activity/activityView';
import type { Core } from '../core';
import type { CommandTable } from './kit/running';

/** The Activity view: read it again, show older entries. */
export function activityCommands(s: Core): CommandTable {
  return {
    'apphost.activity.refresh': () => activityView(s).refresh(),
    'apphost.activity.loadMore': () => activityView(s).loadMore(),
  };
}
