// The deploy area: folder ↔ app links, the linked app's status bar item, and deploys
// by git push. Built once at activation (no network, no git command); the commands
// (./commands.ts) find it through the Core object.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { areaSlot, type Core } from '../core';
import { FolderLinks } from './folderLinks';
import { LinkStatusBar } from './linkStatusBar';
import type { PreDeployRun } from './preDeployTask';

export interface DeployArea {
  readonly links: FolderLinks;
  readonly statusBar: LinkStatusBar;
  /** Deploys running now, by app name (one at a time per app). */
  /** The deploys under way, by deployKey (deployFlow.ts). */
  readonly running: Map<string, Promise<void>>;
  /** Pre-deploy tasks running now, by the name of the app they run before. */
  readonly preDeploying: Map<string, { name: string; run: PreDeployRun }>;
  /** What the last deploy task of each app wrote in its terminal, without colours (tests read it). */
  readonly taskTranscripts: Map<string, string>;
  /** Where the user's public keys are (tests point it elsewhere). */
  sshDir: string;
  /** The services (API roots) whose SSH key check passed this session (no need to ask /ssh_keys again). */
  readonly keysChecked: Set<string>;
  /** Delays between reads of a deploy that had not finished when its push ended (tests shorten them). */
  settleDelaysMs: number[];
}

const areas = areaSlot<DeployArea>('The deploy area');

export function registerDeploy(s: Core): DeployArea {
  const links = new FolderLinks(s.context.globalState, s.connections, s.tree);
  links.onRowChanged = (row) => s.tree.rerenderApp(row.appRef());
  const statusBar = new LinkStatusBar(links, s.connections, s.tree);
  const area: DeployArea = { links, statusBar, running: new Map(), preDeploying: new Map(), taskTranscripts: new Map(), sshDir: join(homedir(), '.ssh'), keysChecked: new Set(), settleDelaysMs: [500, 1000, 2000, 4000] };
  s.context.subscriptions.push(links, statusBar);
  return areas.set(s, area);
}

export const deployArea = areas.get;
