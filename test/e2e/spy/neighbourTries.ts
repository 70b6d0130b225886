// What the neighbour (./neighbour.ts) reports, apart from its code: the journey
// (test/e2e/neighbour.e2e.ts) reads it in plain Node, where there is no `vscode` module.
import type { Finding } from '../../support/walk';

/** The tries, in the order the neighbour makes them. */
export const TRIES = {
  handler: 'apphost.app.stop from its workbench.action.openWalkthrough handler',
  timer: "apphost.app.restart from a timer its handler started",
  deployBare: 'apphost.folder.deploy with no argument',
  deployUri: "apphost.folder.deploy with the workspace folder's Uri",
  writeConfig: 'workspace.fs.writeFile on the open config.env',
  writeApp: 'workspace.fs.writeFile on the open app.json',
  writeChecks: 'workspace.fs.writeFile on the open checks.json',
  logsTool: 'apphost_get_logs without a toolInvocationToken',
  configTool: 'apphost_get_config without a toolInvocationToken',
  gitProxy: "http.proxy and http.sslVerify=false in the folder's .git/config",
} as const;

export interface Try {
  /** One of TRIES' values. */
  id: string;
  /** Epoch milliseconds: the try's window, for the questions and requests it caused. */
  start: number;
  end: number;
  /** "returned …", "refused: <message>", "answered: <the tool's text>", or "no answer within N s". */
  outcome: string;
}

export interface NeighbourReport {
  started: number;
  ended: number;
  /** Names of the terminals walked, and how many task executions and `apphost` tasks. */
  terminals: string[];
  taskExecutions: number;
  tasks: string[];
  reached: number;
  truncated: boolean;
  findings: Finding[];
  /** Whether AppHost ran the neighbour's workbench.action.openWalkthrough. */
  handlerRan: boolean;
  tries: Try[];
}
