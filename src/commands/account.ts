import type { ServiceCore } from '../core';
import { setServiceUrl } from './serviceUrl';
import { foreignCommand } from '../commandCalls';
import type { Action } from '../kit/action';

/** The id of the Getting Started walkthrough in package.json (`contributes.walkthroughs`). */
export const WALKTHROUGH_ID = 'gettingStarted';

/** Service URL and the Getting Started walkthrough (sign-in is per service: services.ts). */
export const accountActions: readonly Action[] = [
  { command: 'apphost.setServiceUrl', needs: 'none', run: setServiceUrl },
  // A walkthrough is addressed as `<publisher>.<name>#<id>`.
  { command: 'apphost.walkthrough.open', consent: 'harmless', needs: 'none', run: (s: ServiceCore) => foreignCommand('workbench.action.openWalkthrough', `${s.context.extension.id}#${WALKTHROUGH_ID}`, false) },
];
