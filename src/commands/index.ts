import * as vscode from 'vscode';
import type { Core } from '../core';
import { accountCommands } from './account';
import { appCommands } from './apps';
import { databaseCommands } from './databases';
import { deployCommands } from '../deploy/commands';
import { detailsCommands } from './details';
import { reportError } from './errorReporting';
import { argsFor } from './selection';
import { addonCommands } from './addons';
import { checkSettingCommands } from './checkSettings';
import { configCommands } from './config';
import { domainCommands } from './domains';
import { logDrainCommands } from './logDrains';
import { logCommands } from './logs';
import { processCommands } from './processes';
import { releaseCommands } from './releases';
import { notificationCommands } from './notifications';
import { serverCommands } from './servers';
import { sshKeyCommands } from './sshKeys';
import { teamCommands } from './teams';
import { templateCommands } from './templates';
import { viewCommands } from './view';
import { workspaceCommands } from './workspaces';

import type { CommandHandler, CommandTable } from './commandTypes';


/** Every command of the extension, one table per area. */
export function commandTable(s: Core): CommandTable {
  return {
    ...accountCommands(s),
    ...workspaceCommands(s),
    ...viewCommands(s),
    ...appCommands(s),
    ...serverCommands(s),
    ...databaseCommands(s),
    ...detailsCommands(s),
    ...domainCommands(s),
    ...releaseCommands(s),
    ...processCommands(s),
    ...checkSettingCommands(s),
    ...configCommands(s),
    ...addonCommands(s),
    ...logDrainCommands(s),
    ...logCommands(s),
    ...templateCommands(s),
    ...sshKeyCommands(s),
    ...teamCommands(s),
    ...notificationCommands(s),
    ...deployCommands(s),
  };
}

/**
 * Runs every command through one wrapper, so that errors are reported the same way
 * everywhere: cancellation is silent, everything else gets a short message plus details
 * in the extension log. A row reaches a handler as a CommandTarget (see argsFor); a tree
 * multi-selection reaches only handlers that take it.
 */
export async function runCommand(log: vscode.LogOutputChannel, id: string, handler: CommandHandler | undefined, args: unknown[]): Promise<unknown> {
  try {
    if (!handler) throw new Error(`No handler for ${id}`);
    return await (handler as (...a: unknown[]) => unknown)(...argsFor(handler, args));
  } catch (error) {
    await reportError(log, id, error);
    return undefined;
  }
}
