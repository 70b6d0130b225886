// What a command tells the user when it is done. While several services are known, every
// notice says which service it speaks of ("Staging: Restarted storefront."), the way its
// errors do (running.ts); with one service the texts stay as they were.
import * as vscode from 'vscode';
import { serviceNotice } from '../../connections';
import type { Core } from '../../core';

/** The message, named after the service the command acts on (`s.connection`'s, or the one given). */
export function serviceNoticeOf(s: Core, message: string, service: string | undefined = s.connection.apiRoot()): string {
  return serviceNotice(s.connections.nameWhenSeveral(service), message);
}

/** A notice's buttons, after its options (a modal question) or alone. */
type Rest = string[] | [vscode.MessageOptions, ...string[]];

/** An information notice (or modal question) about the command's service. */
export function inform(s: Core, message: string, ...rest: Rest): Thenable<string | undefined> {
  return vscode.window.showInformationMessage(serviceNoticeOf(s, message), ...(rest as [vscode.MessageOptions, ...string[]]));
}

/** A warning (or modal question) about the command's service. */
export function warn(s: Core, message: string, ...rest: Rest): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(serviceNoticeOf(s, message), ...(rest as [vscode.MessageOptions, ...string[]]));
}
