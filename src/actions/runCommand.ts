// A one-off command in a fresh container of an app (wokku's POST /apps/:id/run, `dokku run
// <app> -- <command>`), written once for its doors: Run Command… (a terminal tab), the
// agent's tool (text for the model) and the `apphost` task (the task's terminal and exit
// code). The service answers only when the command has ended, with its exit code; what it
// answers and every way it can fail become one summary that each door shows.
import * as vscode from 'vscode';
import { ApiError, isCancelled, lostAnswer, type CallOptions, type LostAnswer, type RunResult } from '../api';
import { errorMessage } from '../connection';
import type { Core } from '../core';
import type { AppRef } from '../model';
import { NotOffered, offered } from '../kit/offered';
import { unansweredText } from '../kit/outcome';
import { RecentCommands } from './recentCommands';

/** What runs: the command line exactly as the user (or the model, or tasks.json) wrote it, on that app. */
export interface RunPlan {
  readonly app: AppRef;
  readonly command: string;
}

/** Why a command gave no exit code ('noAnswer': the proxy in front cut the answer, the connection dropped, AppHost stopped waiting). */
export type RunProblem = 'missing' | 'unreachable' | 'noAnswer' | 'notOffered' | 'cancelled' | 'other';

export type RunSummary = RunPlan & { readonly ms: number } & (
  | {
      readonly kind: 'exited';
      readonly exitCode: number;
      /** The command's standard output ('' when the service kept none). */
      readonly stdout: string;
      readonly stderr: string;
      /** wokku answers a failing command with its error message in place of the output: the output is lost. */
      readonly stdoutLost: boolean;
    }
  | { readonly kind: 'failed'; readonly problem: RunProblem; readonly text: string }
);

export const RUN_TEXTS = {
  /** The confirmation's question. */
  title: (app: string) => vscode.l10n.t('Run a command on {0}?', app),
  effect: (app: string) =>
    vscode.l10n.t('It runs in a new container of {0}, with its code and config vars (like `dokku run`); what it changes in databases and other services stays changed. The service answers when the command ends.', app),
  busy: (app: string, command: string) => vscode.l10n.t('Running {0} on {1}…', command, app),
};

/** The plan of a run; a service known not to offer one-off commands refuses here, before anything is asked or sent. */
export function planRun(s: Core, app: AppRef, command: string): RunPlan {
  if (s.connections.of(app.service).offers.lacks('run')) throw new NotOffered('run');
  return { app, command };
}

/** The lines run on each app, offered again (never one holding a secret). */
export function recentCommands(s: Core): RecentCommands {
  return new RecentCommands(s.context.globalState);
}

/**
 * Runs the plan on the app's own service and says how it ended; never throws. `signal`
 * stops waiting (the terminal was closed, the chat cancelled): the command itself may run on.
 */
export async function runOneOff(s: Core, plan: RunPlan, { signal, options = {} }: { signal?: AbortSignal; options?: CallOptions } = {}): Promise<RunSummary> {
  const { app, command } = plan;
  const started = Date.now();
  const ms = () => Date.now() - started;
  try {
    const api = s.connections.of(app.service).api();
    const opts: CallOptions = { workspace: app.workspace, priority: 'user', ...options, ...(signal ? { signal } : {}) };
    const result = await offered(s, app.service, 'run', () => api.apps.run(app.id, command, opts), () => api.apps.get(app.id, opts));
    await remember(s, plan);
    return { ...plan, ms: ms(), ...exited(result) };
  } catch (error) {
    const problem = problemOf(error, signal);
    if (problem !== 'notOffered' && problem !== 'missing') await remember(s, plan);
    if (problem === 'other') s.log.warn(`[run] ${app.name}: ${errorMessage(error)}`);
    const waited = ms();
    return { ...plan, ms: waited, kind: 'failed', problem, text: problemText(problem, plan, error, waited) };
  }
}

async function remember(s: Core, { app, command }: RunPlan): Promise<void> {
  try {
    await recentCommands(s).add(app, command);
  } catch (error) {
    s.log.warn(`[run] could not remember a command of ${app.name}: ${errorMessage(error)}`);
  }
}

function exited(result: RunResult) {
  // wokku's CommandError message: "Dokku command failed: run <app> -- <command>\n<stderr>", the command's stdout dropped.
  const stdoutLost = !result.ok && /^Dokku command failed: /.test(result.output);
  return { kind: 'exited' as const, exitCode: result.exitCode, stdout: stdoutLost ? '' : result.output, stderr: result.stderr ?? '', stdoutLost };
}

function problemOf(error: unknown, signal: AbortSignal | undefined): RunProblem {
  if (error instanceof NotOffered) return 'notOffered';
  if (signal?.aborted || isCancelled(error)) return 'cancelled';
  if (lostAnswer(error)) return 'noAnswer';
  if (error instanceof ApiError) {
    if (error.status === 422 && /missing command/i.test(error.message)) return 'missing';
    if (error.status === 503) return 'unreachable';
  }
  return 'other';
}

function problemText(problem: RunProblem, { app, command }: RunPlan, error: unknown, waited: number): string {
  switch (problem) {
    case 'notOffered':
      return errorMessage(error);
    case 'cancelled':
      return vscode.l10n.t('Stopped waiting for the answer. The command may still be running in its container; its output is lost.');
    case 'missing':
      return vscode.l10n.t('The service needs a command line to run (it answered "Missing command"). Nothing ran.');
    case 'unreachable':
      return vscode.l10n.t('The service cannot reach the server of {0}, so the command did not run ({1}). Try again when the server is back.', app.name, errorMessage(error));
    case 'noAnswer':
      // The service itself sets no limit (wokku ignores its own `timeout: 60`): the proxy in front does, and only its answer says how long it waited.
      return unansweredText(vscode.l10n.t('`{0}` on {1}', command, app.name), lostAnswer(error) as LostAnswer, durationText(waited),
        vscode.l10n.t('Its output and exit code are lost: look for its effects in the app\'s logs (Tail Logs) or its data. Run long work as a worker process, or split it into shorter commands.'));
    default:
      return vscode.l10n.t('Could not run the command on {0}: {1}', app.name, errorMessage(error));
  }
}

/** "0.4 s", "12 s", "2 min 5 s". */
export function durationText(ms: number): string {
  if (ms < 10_000) return vscode.l10n.t('{0} s', (Math.round(ms / 100) / 10).toFixed(1));
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? vscode.l10n.t('{0} s', seconds) : vscode.l10n.t('{0} min {1} s', Math.floor(seconds / 60), seconds % 60);
}

export type RunLineStyle = 'output' | 'stderr' | 'passed' | 'failed' | 'note';

/** What a terminal shows once the answer came (Run Command…'s tab, the task's terminal). */
export function summaryLines(summary: RunSummary): { text: string; style: RunLineStyle }[] {
  const lines: { text: string; style: RunLineStyle }[] = [];
  if (summary.kind === 'failed') {
    lines.push({ text: summary.text, style: summary.problem === 'cancelled' || summary.problem === 'notOffered' ? 'note' : 'failed' });
    lines.push({ text: vscode.l10n.t('No exit code · {0}', durationText(summary.ms)), style: 'note' });
    return lines;
  }
  if (summary.stdout) lines.push({ text: summary.stdout.replace(/\n$/, ''), style: 'output' });
  if (summary.stdoutLost) lines.push({ text: vscode.l10n.t('(The service returns no standard output for a command that fails, only its standard error.)'), style: 'note' });
  if (summary.stderr) lines.push({ text: summary.stderr.replace(/\n$/, ''), style: 'stderr' });
  if (!summary.stdout && !summary.stderr && !summary.stdoutLost) lines.push({ text: vscode.l10n.t('(no output)'), style: 'note' });
  lines.push({ text: vscode.l10n.t('Exit code {0} · {1}', summary.exitCode, durationText(summary.ms)), style: summary.exitCode === 0 ? 'passed' : 'failed' });
  return lines;
}

/** The exit code a task ends with: the command's, or 1 when it gave none. */
export function taskExitCode(summary: RunSummary): number {
  return summary.kind === 'exited' ? summary.exitCode : 1;
}

/** At most this many characters of output and of stderr reach the model (the end kept). */
const MAX_MODEL_CHARS = 30_000;

/**
 * The answer for the model: the exit code, the output and stderr passed through `scrub`
 * (the app's config values and credential shapes masked), each bounded.
 */
export function summaryText(summary: RunSummary, scrub: (text: string) => string, tail: (text: string, max: number) => string): string {
  const head = vscode.l10n.t('Command `{0}` on {1}', summary.command, summary.app.name);
  if (summary.kind === 'failed') return `${head}: ${summary.text}`;
  const block = (label: string, text: string) => `${label}\n${tail(scrub(text.replace(/\n$/, '')), MAX_MODEL_CHARS)}`;
  return [
    vscode.l10n.t('{0} exited with code {1} after {2}.', head, summary.exitCode, durationText(summary.ms)),
    summary.stdoutLost
      ? vscode.l10n.t('Output: not available (the service returns no standard output for a command that fails, only its standard error).')
      : summary.stdout ? block(vscode.l10n.t('Output:'), summary.stdout) : vscode.l10n.t('Output: none.'),
    summary.stderr ? block(vscode.l10n.t('Standard error:'), summary.stderr) : vscode.l10n.t('Standard error: none.'),
  ].join('\n\n');
}
