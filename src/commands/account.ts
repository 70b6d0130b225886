import type { ServiceCore } from '../core';
import type { CommandTable } from '../kit/running';
import { setServiceUrl } from './serviceUrl';
import { foreignCommand } from '../commandCalls';

/** The id of the Getting Started walkthrough in package.json (`contributes.walkthroughs`). */
export const WALKTHROUGH_ID = 'gettingStarted';

/** Service URL and the Getting Started walkthrough (sign-in is per service: services.ts). */
export function accountCommands(s: ServiceCore): CommandTable {
  return {
    'apphost.setServiceUrl': () => setServiceUrl(s),
    // A walkthrough is addressed as `<publisher>.<name>#<id>`.
    'apphost.walkthrough.open': () => foreignCommand('workbench.action.openWalkthrough', `${s.context.extension.id}#${WALKTHROUGH_ID}`, false),
  };
}
