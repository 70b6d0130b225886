// POST /apps/:id/run: a one-off command in a fresh container, like wokku's
// AppsController#run (`dokku run <app> -- <command>` over SSH, answered when it ends).
//   200 {output, exit_code: 0}                       output = stdout, stripped
//   422 {output, exit_code, stderr}                  output = "Dokku command failed: run <app> -- <cmd>\n<stderr>"
//                                                    (wokku's CommandError message: the command's stdout is lost)
//   422 {error: "Missing command"}; 503 {error} when the server cannot be reached.
// wokku passes `timeout: 60`, which Dokku::Client#run ignores: only the proxy in front
// (front.ts) cuts a long command's answer, and the command runs on to its end.

import type { Context, RouteTable } from '../http/context';
import { Reply, platformError } from '../http/reply';
import { requireReachable } from '../operations';
import { simulateCommand, type CommandOutcome } from '../simulation/oneOffCommand';
import { shellEscape } from '../http/reply';
import { appParam } from './lookup';

async function run(ctx: Context) {
  const app = appParam(ctx, 'update');
  const raw = ctx.body.command;
  const command = raw === undefined || raw === null ? '' : String(raw);
  if (command.trim() === '') throw platformError('Missing command');
  const { state } = ctx;
  requireReachable(state, app.serverId);
  const outcome: CommandOutcome = app.commitSha === null && app.status === 'created'
    ? { stdout: '', stderr: ` !     App ${app.name} has not been deployed\n`, exitCode: 1, seconds: 0 }
    : simulateCommand(app, command);
  state.runsInFlight++;
  try {
    await state.scheduler.delay(outcome.seconds * state.settings.runSecondMs);
  } finally {
    state.runsInFlight--;
  }
  state.runLog.push({ app: app.name, command, exitCode: outcome.exitCode });
  if (outcome.exitCode === 0) return { output: outcome.stdout.trim(), exit_code: 0 };
  const line = `run ${shellEscape(app.name)} -- ${command}`;
  return new Reply(422, { output: `Dokku command failed: ${line}\n${outcome.stderr}`, exit_code: outcome.exitCode, stderr: outcome.stderr });
}

export function runRoutes(r: RouteTable): void {
  r.post('/apps/:id/run', run);
}
