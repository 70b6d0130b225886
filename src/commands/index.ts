import { accountActions } from './account';
import { serviceActions } from './services';
import { activityActions } from './activity';
import { appsActions } from './apps';
import { databaseActions } from './databases';
import { deployActions } from '../deploy/commands';
import { detailsActions } from './details';
import { diagnoseActions } from './diagnose';
import { addonActions } from './addons';
import { checkSettingActions } from './checkSettings';
import { configActions } from './config';
import { domainActions } from './domains';
import { buildpackActions } from './buildpacks';
import { githubActions } from './github';
import { logDrainActions } from './logDrains';
import { logActions } from './logs';
import { releaseActions } from './releases';
import { runCommandActions } from './runCommand';
import { notificationActions } from './notifications';
import { serverActions } from './servers';
import { sshKeyActions } from './sshKeys';
import { teamActions } from './teams';
import { templateActions } from './templates';
import { tokenActions } from './tokens';
import { viewActions } from './view';
import { workspaceActions } from './workspaces';
import type { Action } from '../kit/action';
import { appCommand } from '../kit/appCommand';
import { APP_ACTIONS } from '../actions';

/** Every action of the extension (its command, and its tool and task where it has them), one list per area. */
export const ACTIONS: readonly Action[] = [
  ...accountActions,
  ...serviceActions,
  ...tokenActions,
  ...workspaceActions,
  ...viewActions,
  ...appsActions,
  ...APP_ACTIONS.map(appCommand),
  ...serverActions,
  ...databaseActions,
  ...detailsActions,
  ...domainActions,
  ...buildpackActions,
  ...githubActions,
  ...releaseActions,
  ...runCommandActions,
  ...checkSettingActions,
  ...configActions,
  ...addonActions,
  ...logDrainActions,
  ...logActions,
  ...diagnoseActions,
  ...templateActions,
  ...sshKeyActions,
  ...teamActions,
  ...notificationActions,
  ...deployActions,
  ...activityActions,
];
