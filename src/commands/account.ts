import * as vscode from 'vscode';
import { createToken, manageTokens } from '../auth/tokenCommands';
import type { Core } from '../core';
import type { CommandTable } from './kit/running';
import { setServiceUrl } from './serviceUrl';

/** The id of the Getting Started walkthrough in package.json (`contributes.walkthroughs`). */
export const WALKTHROUGH_ID = 'gettingStarted';

/** Service URL, sign-in, API tokens and the Getting Started walkthrough. */
export function accountCommands(s: Core): CommandTable {
  return {
    'apphost.setServiceUrl': () => setServiceUrl(s),
    // Not the session: a command's result reaches whoever ran it.
    'apphost.signIn': async () => void (await s.auth.signIn()),
    'apphost.signOut': () => s.auth.signOut(),
    'apphost.tokens.manage': () => manageTokens(s.connection, s.sessions),
    'apphost.tokens.create': () => createToken(s.connection, s.sessions),
    // A walkthrough is addressed as `<publisher>.<name>#<id>`.
    'apphost.walkthrough.open': () => vscode.commands.executeCommand('workbench.action.openWalkthrough', `${s.context.extension.id}#${WALKTHROUGH_ID}`, false),
  };
}
