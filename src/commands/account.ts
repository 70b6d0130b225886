import * as vscode from 'vscode';
import type { Core } from '../core';
import type { CommandTable } from './kit/running';
import { setServiceUrl } from './serviceUrl';

/** The id of the Getting Started walkthrough in package.json (`contributes.walkthroughs`). */
export const WALKTHROUGH_ID = 'gettingStarted';

/** Service URL, sign-in and the Getting Started walkthrough. */
export function accountCommands(s: Core): CommandTable {
  return {
    'apphost.setServiceUrl': () => setServiceUrl(s),
    // Not the session: a command's result reaches whoever ran it.
    'apphost.signIn': async () => void (await s.auth.signIn()),
    'apphost.signOut': () => s.auth.signOut(),
    // A walkthrough is addressed as `<publisher>.<name>#<id>`.
    'apphost.walkthrough.open': () => vscode.commands.executeCommand('workbench.action.openWalkthrough', `${s.context.extension.id}#${WALKTHROUGH_ID}`, false),
  };
}
