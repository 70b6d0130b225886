import type { ServiceCore } from '../core';
import { accountCommands } from './account';
import { serviceCommands } from './services';
import { activityCommands } from './activity';
import { appCommands } from './apps';
import { databaseCommands } from './databases';
import { deployCommands } from '../deploy/commands';
import { detailsCommands } from './details';
import { diagnoseCommands } from './diagnose';
import { addonCommands } from './addons';
import { checkSettingCommands } from './checkSettings';
import { configCommands } from './config';
import { domainCommands } from './domains';
import { buildpackCommands } from './buildpacks';
import { githubCommands } from './github';
import { logDrainCommands } from './logDrains';
import { logCommands } from './logs';
import { processCommands } from './processes';
import { releaseCommands } from './releases';
import { runCommandCommands } from './runCommand';
import { notificationCommands } from './notifications';
import { serverCommands } from './servers';
import { sshKeyCommands } from './sshKeys';
import { teamCommands } from './teams';
import { templateCommands } from './templates';
import { tokenCommands } from './tokens';
import { viewCommands } from './view';
import { workspaceCommands } from './workspaces';
import type { CommandTable } from '../kit/running';

/** Every command of the extension, one table per area. */
export function commandTable(s: ServiceCore): CommandTable {
  return {
    ...accountCommands(s),
    ...serviceCommands(s),
    ...tokenCommands(s),
    ...workspaceCommands(s),
    ...viewCommands(s),
    ...appCommands(s),
    ...serverCommands(s),
    ...databaseCommands(s),
    ...detailsCommands(s),
    ...domainCommands(s),
    ...buildpackCommands(s),
    ...githubCommands(s),
    ...releaseCommands(s),
    ...processCommands(s),
    ...runCommandCommands(s),
    ...checkSettingCommands(s),
    ...configCommands(s),
    ...addonCommands(s),
    ...logDrainCommands(s),
    ...logCommands(s),
    ...diagnoseCommands(s),
    ...templateCommands(s),
    ...sshKeyCommands(s),
    ...teamCommands(s),
    ...notificationCommands(s),
    ...deployCommands(s),
    ...activityCommands(s),
  };
}

