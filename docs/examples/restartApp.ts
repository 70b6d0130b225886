// The worked example of docs/architecture.md ("Where new code goes"): one action, written
// once, and its two doors, a command (menus and palette) and an agent tool. `npm run
// check-types` compiles this file against the real modules (tsconfig.json includes
// docs/examples), so the example cannot drift from the code; nothing registers it (the
// real restart is src/actions/lifecycle.ts and its doors).
import * as vscode from 'vscode';
import type { CallOptions } from '../../src/api';
import type { Core, ServiceCore } from '../../src/core';
import type { AppRef } from '../../src/model';
import type { CommandTarget } from '../../src/tree/commandTarget';
import type { CommandTable } from '../../src/commands/kit/running';
import { confirm, runAction } from '../../src/commands/kit/prompts';
import { resolveApp, targetOf } from '../../src/commands/kit/targets';
import { resolveApp as resolveToolApp, type AppInput } from '../../src/agent/appInput';
import { callOptions, type ActTool } from '../../src/agent/toolBase';

// ---- The action (src/actions/<action>.ts): its texts, its call, its effect on the view ----

/** (3) One table of texts: the question, the busy mark, the result both doors report. */
export const RESTART = {
  title: (app: string) => vscode.l10n.t('Restart {0}?', app),
  effect: (app: string) => vscode.l10n.t('The service restarts every process of {0}.', app),
  busy: (app: string) => vscode.l10n.t('Restarting {0}…', app),
  done: (app: string) => vscode.l10n.t('{0} restarted.', app),
};

/** (4) The call, on the service the app's ref names (never "the" connection), then (5) what the tree shows. */
export async function restart(s: Core, app: AppRef, options: CallOptions = {}): Promise<string> {
  await s.connections.of(app.service).api().apps.restart(app.id, { workspace: app.workspace, ...options });
  s.tree.reloadPart(app, 'processes');
  return RESTART.done(app.name);
}

// ---- Door 1, the command (src/commands/<area>.ts), with (1) its entry in package.json ----

/** (6) The area's command table: id → handler. */
export function restartCommands(s: ServiceCore): CommandTable {
  return { 'apphost.example.restart': (target?: CommandTarget) => restartFromMenu(s, target) };
}

async function restartFromMenu(s: ServiceCore, target?: CommandTarget): Promise<void> {
  // (7) The target: a row of the view, or (from the palette) the app the user picks.
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app to restart'));
  // (8) The user's question (a caller other than the user got AppHost's own before this ran).
  await confirm(s, RESTART.title(app.name), RESTART.effect(app.name), vscode.l10n.t('Restart'));
  // (9) Progress and the row's busy mark while it runs; errors are reported by the runner.
  await runAction(s, targetOf(target, 'app')?.row, RESTART.busy(app.name), () => restart(s, app, { priority: 'user' }));
}

// ---- Door 2, the agent tool (src/agent/<area>.ts), with (2) its entry in package.json ----

/** (10) An act tool: `plan` reads what VS Code's confirmation shows, `run` does exactly that. */
export const restartTool: ActTool<AppInput, AppRef> = {
  name: 'apphost_example_restart',
  kind: 'act',
  progress: (input) => RESTART.busy(input.app ?? vscode.l10n.t('the linked app')),
  async plan(input, ctx) {
    // (11) The app the model named, else the open folder's, as the service names it.
    const app = await resolveToolApp(ctx, input);
    return { plan: app, confirmation: { title: RESTART.title(app.name), message: RESTART.effect(app.name) } };
  },
  // (12) The tool's call options: the user's priority, no waiting out a rate limit.
  run: (app, ctx) => restart(ctx.s, app, callOptions(ctx, app)),
};
