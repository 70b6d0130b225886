import { activityView, showActivityOf } from '../activity/activityView';
import type { Core } from '../core';
import type { CommandTable } from '../kit/running';
import { askService } from '../servicePick';

/** The Activity view: read it again, show older entries, show another service's feed. */
export function activityCommands(s: Core): CommandTable {
  return {
    'apphost.activity.refresh': () => activityView(s).refresh(),
    'apphost.activity.loadMore': () => activityView(s).loadMore(),
    'apphost.activity.showService': async () => {
      const service = await askService(s.connections);
      if (service !== undefined) showActivityOf(s, service);
    },
  };
}
