// Shared by the bench driver and the runners it loads into the extension host.
export const APPHOST_ID = 'apphost.apphost';
export const BASELINE_ID = 'apphost-bench.empty-baseline';

/** One line of the activation runner's results file (JSON Lines). */
export interface ActivationSample {
  run: number;
  order: string[];
  vscode: string;
  node: string;
  /** How often the baseline's module body ran: 1 means VS Code reused the module the runner loaded. */
  baselineLoads: number;
  times: Record<string, { load: number; activate: number; total: number }>;
  /** AppHost only: building what activation left for first use (dist/features.js), ms. */
  firstUse?: number;
}
