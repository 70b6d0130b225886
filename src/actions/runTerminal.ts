// The terminal of a one-off command (./runCommand.ts): Run Command…'s own tab, and the
// `apphost` task's terminal. The service answers only when the command has ended, so it
// says "running…" (with the seconds waited) until then, then prints the output, stderr in
// red apart from it, and the exit code with the duration. Closing it while the command
// runs stops the wait (the request is aborted).
import * as vscode from 'vscode';
import { onceTerminal } from '../kit/onceTerminal';
import { areaSlot, type Core } from '../core';
import { errorMessage } from '../connection';
import { whereText } from './consent';
import { type RunLineStyle, type RunPlan, type RunSummary, runOneOff, summaryLines, taskExitCode } from './runCommand';

const STYLE: Record<RunLineStyle | 'bold' | 'dim', string> = {
  output: '', stderr: '\x1b[31m', passed: '\x1b[1;32m', failed: '\x1b[1;31m', note: '\x1b[2m', bold: '\x1b[1m', dim: '\x1b[2m',
};
const RESET = '\x1b[0m';
/** The longest command line a terminal's name shows. */
const NAME_CHARS = 40;

/** The terminals' shared parts: what each wrote (without colours), by terminal name, for the extension's own tests. */
export interface RunTerminals {
  readonly transcripts: Map<string, string>;
}

const areas = areaSlot<RunTerminals>('The one-off command terminals');

export function registerRunTerminals(s: Core): RunTerminals {
  return areas.set(s, { transcripts: new Map() });
}

export const runTerminals = areas.get;

/** "shop-api: rails db:migrate", the command line cut to a tab's width. */
export function runTerminalName(app: string, command: string): string {
  const flat = command.replace(/\s+/g, ' ').trim();
  return `${app}: ${flat.length > NAME_CHARS ? `${flat.slice(0, NAME_CHARS - 1)}…` : flat}`;
}

/**
 * A one-off command's pseudoterminal. Any extension reads it back (Run Command…'s as
 * `terminal.creationOptions.pty`; a task's by calling its execution), so it is an object of
 * closures: nothing on it leads to AppHost (the Core, a connection, a session). It runs its
 * command once: opened again, or after it was closed, it does nothing. `plan` is read when
 * it opens (a task resolves and asks for its app then). A task's terminal closes with the
 * command's exit code (1 when it gave none); Run Command…'s stays open to be read. `done`:
 * how the run ended (undefined: it never started, e.g. a task naming an unknown app).
 */
export function runTerminal(s: Core, name: string, plan: () => Promise<RunPlan>, task: boolean): { pty: vscode.Pseudoterminal; done: Promise<RunSummary | undefined> } {
  const abort = new AbortController();
  let settle!: (summary: RunSummary | undefined) => void;
  const done = new Promise<RunSummary | undefined>((resolve) => (settle = resolve));
  const terminal = onceTerminal(async () => {
    runTerminals(s).transcripts.set(name, '');
    const summary = await run();
    settle(summary);
    return task ? (summary ? taskExitCode(summary) : 1) : undefined;
  }, (opened) => {
    abort.abort();
    // Closed before it opened: it never runs.
    if (!opened) settle(undefined);
  });

  /** Written only (the seconds waited, rewritten in place). */
  const show = (text: string) => terminal.write(text);
  const keep = (plain: string) => {
    const transcripts = runTerminals(s).transcripts;
    transcripts.set(name, `${transcripts.get(name) ?? ''}${plain}`);
  };
  /** Written and kept in the transcript (without colours). */
  const write = (text: string) => {
    show(text);
    // eslint-disable-next-line no-control-regex
    keep(text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/\r\n/g, '\n'));
  };
  const line = (text: string, style: keyof typeof STYLE) => {
    const body = text.replace(/\r?\n/g, '\r\n');
    write(`${STYLE[style]}${body}${STYLE[style] ? RESET : ''}\r\n`);
  };

  const run = async (): Promise<RunSummary | undefined> => {
    // No cursor: the terminal takes no input.
    show('\x1b[?25l');
    let planned: RunPlan;
    try {
      planned = await plan();
    } catch (error) {
      line(errorMessage(error), 'failed');
      return undefined;
    }
    line(`$ ${planned.command.replace(/\r?\n/g, '\r\n  ')}`, 'bold');
    line(`${whereText(s, planned.app)} ${vscode.l10n.t('A new container runs the command; the service answers when it ends.')}`, 'dim');
    const running = vscode.l10n.t('running…');
    show(`${STYLE.dim}${running}${RESET}`);
    keep(`${running}\n`);
    const startedAt = Date.now();
    const ticker = setInterval(() => show(`\r\x1b[2K${STYLE.dim}${running} ${Math.round((Date.now() - startedAt) / 1000)} s${RESET}`), 1000);
    let summary: RunSummary;
    try {
      summary = await runOneOff(s, planned, { signal: abort.signal });
    } finally {
      clearInterval(ticker);
    }
    show('\r\x1b[2K');
    for (const { text, style } of summaryLines(summary)) line(text, style);
    return summary;
  };

  return { pty: terminal.pty, done };
}

/** Run Command…'s tab: opens and shows the terminal; resolves with how the run ended. */
export function openRunTerminal(s: Core, plan: RunPlan): { terminal: vscode.Terminal; done: Promise<RunSummary | undefined> } {
  const name = runTerminalName(plan.app.name, plan.command);
  const { pty, done } = runTerminal(s, name, async () => plan, false);
  const terminal = vscode.window.createTerminal({ name, pty, iconPath: new vscode.ThemeIcon('run') });
  terminal.show();
  return { terminal, done };
}
