import * as vscode from 'vscode';
import { createToken, manageTokens } from '../auth/tokenCommands';
import type { Services } from '../services';
import type { CommandTable } from './commandTypes';
import { setServiceUrl } from './serviceUrl';

/** The id of the Getting Started walkthrough in package.json (`contributes.walkthroughs`). */
export const WALKTHROUGH_ID = 'gettingStarted';

/** Service URL, API tokens and the Getting Started walkthrough (sign-in is per service: services.ts). */
export function accountCommands(s: Services): CommandTable {
  return {
    'apphost.setServiceUrl': () => setServiceUrl(s),
    'apphost.tokens.manage': () => manageTokens(s.connection, s.sessions),
    'apphost.tokens.create': () => createToken(s.connection, s.sessions),
    // A walkthrough is addressed as `<publisher>.<name>#<id>`.
    'apphost.walkthrough.open': () => vscode.commands.executeCommand('workbench.action.openWalkthrough', `${s.context.extension.id}#${WALKTHROUGH_ID}`, false),
  };
}
