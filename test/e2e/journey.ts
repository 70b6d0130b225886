// The setup most journeys share: a reference server with the demo data, a
// workbench pointed at it, signed in as the demo user, and the rows to start from.
import { DEMO_USER, startServer, type RunningServer, type ServerOptions } from '../server';
import { Workbench, type WorkbenchOptions } from './workbench';

export interface JourneyOptions {
  server?: ServerOptions;
  /** User settings besides `apphost.baseUrl`. */
  settings?: Record<string, unknown>;
  /** Sign in as the demo user (default true). */
  signIn?: boolean;
  /** Side-bar sections to collapse, then tree rows to expand, in order. */
  collapse?: string[];
  expand?: string[];
  /** Extensions and environment of the workbench (settings: `settings` above). */
  workbench?: Omit<WorkbenchOptions, 'settings'>;
  /** What to set up on the server before the workbench opens (a failed deploy, say). */
  prepare?: (server: RunningServer) => void | Promise<void>;
}

/**
 * The journeys' service sits behind a front, as wokku is deployed (test/server/front.ts):
 * Dokku's nginx, its 60 s read timeout and its 1 MB body limit (a journey that uploads more
 * raises `bodyLimitBytes`, as an operator would).
 */
export function startJourneyServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ seed: 'demo', front: 'dokku-nginx', ...options });
}

export async function openJourney(options: JourneyOptions = {}): Promise<{ server: RunningServer; workbench: Workbench }> {
  const server = await startJourneyServer({ actionDelayMs: 300, ...options.server });
  let workbench: Workbench | undefined;
  try {
    await options.prepare?.(server);
    workbench = await Workbench.open({ ...options.workbench, settings: { 'apphost.baseUrl': server.url, ...options.settings } });
    if (options.signIn !== false) await workbench.signInWithToken(server.control.issueToken(DEMO_USER.email));
    for (const section of options.collapse ?? []) await workbench.collapseSection(section);
    for (const row of options.expand ?? []) await workbench.expand(row);
    return { server, workbench };
  } catch (error) {
    // The journey's `after` never gets them: close them here (the failure's picture first).
    await workbench?.screenshot('FAILED-journey-setup').catch(() => undefined);
    await closeJourney(workbench, server);
    throw error;
  }
}

export async function closeJourney(workbench: Workbench | undefined, ...servers: (RunningServer | undefined)[]): Promise<void> {
  await workbench?.close();
  for (const server of servers) await server?.close();
}

/**
 * Two services side by side (#28): a workbench whose first service is `production`
 * (signed in as the demo user), with `staging` added as "Staging" and signed in to through
 * the real UI; the Activity section collapsed.
 */
export async function openTwoServices(production: RunningServer, staging: RunningServer, options: WorkbenchOptions = {}): Promise<Workbench> {
  const workbench = await Workbench.open({ ...options, settings: { 'apphost.baseUrl': production.url, ...options.settings } });
  await workbench.signInWithToken(production.control.issueToken(DEMO_USER.email));
  await workbench.collapseSection('Activity');
  await workbench.addService(staging.url, 'Staging', staging.control.issueToken(DEMO_USER.email));
  return workbench;
}
