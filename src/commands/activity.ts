import { activityView, showActivityOf } from '../activity/activityView';
import { askService } from '../servicePick';
import type { Action } from '../kit/action';
import type { ServiceCore } from '../core';

/** The Activity view: read it again, show older entries, show another service's feed. */
export const activityActions: readonly Action[] = [
  { command: 'apphost.activity.refresh', consent: 'harmless', needs: 'none', run: (s: ServiceCore) => activityView(s).refresh() },
  { command: 'apphost.activity.loadMore', consent: 'harmless', needs: 'none', run: (s: ServiceCore) => activityView(s).loadMore() },
  { command: 'apphost.activity.showService', consent: 'harmless', needs: 'none', run: async (s: ServiceCore) => {
    const service = await askService(s.connections);
    if (service !== undefined) showActivityOf(s, service);
  } },
];
