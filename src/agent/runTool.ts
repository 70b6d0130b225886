// Act tool: a one-off command in a new container of an app (the action:
// actions/runCommand.ts). The confirmation shows the exact command line, the app, its
// workspace and the service; the answer gives the exit code, the output and stderr, the
// app's config values and credential shapes masked as in every answer of the app's output.
import * as vscode from 'vscode';
import { planRun, RUN_TEXTS, runOneOff, summaryText, type RunPlan } from '../actions/runCommand';
import { type AppInput, resolveApp } from './appInput';
import { where } from './appActionTool';
import { appOutputScrub } from './appOutput';
import { ToolFailure } from './modelText';
import { type ActTool, callOptions, tailText } from './toolBase';

export interface RunInput extends AppInput {
  /** The command line, as a shell in the app's container reads it. */
  readonly command: string;
}

/** The command line as a Markdown block, exactly as it runs: the fence is longer than any run of backticks in it. */
function commandBlock(command: string): string {
  const longest = Math.max(2, ...(command.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${command}\n${fence}`;
}

export const runCommand: ActTool<RunInput, RunPlan> = {
  name: 'apphost_run_command',
  kind: 'act',
  progress: (input) => RUN_TEXTS.busy(input.app ?? vscode.l10n.t('the linked app'), String(input.command ?? '')),
  async plan(input, ctx) {
    if (typeof input.command !== 'string') throw new ToolFailure(vscode.l10n.t('Give the command line to run as "command".'));
    const app = await resolveApp(ctx, input);
    const plan = planRun(ctx.s, app, input.command);
    return {
      plan,
      confirmation: {
        title: RUN_TEXTS.title(app.name),
        message: [await where(ctx, app), '', commandBlock(input.command), '', RUN_TEXTS.effect(app.name)].join('\n'),
      },
    };
  },
  async run(plan, ctx) {
    const summary = await runOneOff(ctx.s, plan, { signal: ctx.signal, options: callOptions(ctx, plan.app) });
    const scrub = summary.kind === 'exited' && (summary.stdout || summary.stderr) ? await appOutputScrub(ctx, plan.app) : (text: string) => text;
    return summaryText(summary, scrub, tailText);
  },
};
