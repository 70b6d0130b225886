// The terminal of a one-off command (./runCommand.ts): Run Command…'s own tab, and the
// `apphost` task's terminal. The service answers only when the command has ended, so it
// says "running…" (with the seconds waited) until then, then prints the output, stderr in
// red apart from it, and the exit code with the duration. Closing it while the command
// runs stops the wait (the request is aborted).
import * as vscode from 'vscode';
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

export class RunTerminal implements vscode.Pseudoterminal {
  private readonly written = new vscode.EventEmitter<string>();
  readonly onDidWrite = this.written.event;
  private readonly closed = new vscode.EventEmitter<number>();
  readonly onDidClose = this.closed.event;
  private readonly abort = new AbortController();
  private ticker: ReturnType<typeof setInterval> | undefined;
  private settle!: (summary: RunSummary | undefined) => void;
  /** How the run ended (undefined: it never started, e.g. a task naming an unknown app). */
  readonly done = new Promise<RunSummary | undefined>((resolve) => (this.settle = resolve));

  /**
   * `plan` is read when the terminal opens (a task resolves its app then). A task's terminal
   * closes with the command's exit code (1 when it gave none); Run Command…'s stays open to be read.
   */
  constructor(
    private readonly s: Core,
    private readonly name: string,
    private readonly plan: () => Promise<RunPlan>,
    private readonly task: boolean,
  ) {}

  open(): void {
    runTerminals(this.s).transcripts.set(this.name, '');
    void this.run().then((summary) => {
      this.settle(summary);
      if (this.task) this.closed.fire(summary ? taskExitCode(summary) : 1);
    });
  }

  close(): void {
    this.abort.abort();
  }

  private async run(): Promise<RunSummary | undefined> {
    // No cursor: the terminal takes no input.
    this.show('\x1b[?25l');
    let plan: RunPlan;
    try {
      plan = await this.plan();
    } catch (error) {
      this.line(errorMessage(error), 'failed');
      return undefined;
    }
    this.line(`$ ${plan.command.replace(/\r?\n/g, '\r\n  ')}`, 'bold');
    this.line(`${whereText(this.s, plan.app)} ${vscode.l10n.t('A new container runs the command; the service answers when it ends.')}`, 'dim');
    const running = vscode.l10n.t('running…');
    this.show(`${STYLE.dim}${running}${RESET}`);
    this.keep(`${running}\n`);
    const started = Date.now();
    this.ticker = setInterval(() => this.show(`\r\x1b[2K${STYLE.dim}${running} ${Math.round((Date.now() - started) / 1000)} s${RESET}`), 1000);
    let summary: RunSummary;
    try {
      summary = await runOneOff(this.s, plan, { signal: this.abort.signal });
    } finally {
      clearInterval(this.ticker);
    }
    this.show('\r\x1b[2K');
    for (const { text, style } of summaryLines(summary)) this.line(text, style);
    return summary;
  }

  private line(text: string, style: keyof typeof STYLE): void {
    const body = text.replace(/\r?\n/g, '\r\n');
    this.write(`${STYLE[style]}${body}${STYLE[style] ? RESET : ''}\r\n`);
  }

  /** Written and kept in the transcript (without colours). */
  private write(text: string): void {
    this.show(text);
    // eslint-disable-next-line no-control-regex
    this.keep(text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/\r\n/g, '\n'));
  }

  private keep(plain: string): void {
    const transcripts = runTerminals(this.s).transcripts;
    transcripts.set(this.name, `${transcripts.get(this.name) ?? ''}${plain}`);
  }

  /** Written only (the seconds waited, rewritten in place). */
  private show(text: string): void {
    this.written.fire(text);
  }
}

/** Run Command…'s tab: opens and shows the terminal; resolves with how the run ended. */
export function openRunTerminal(s: Core, plan: RunPlan): { terminal: vscode.Terminal; done: Promise<RunSummary | undefined> } {
  const name = runTerminalName(plan.app.name, plan.command);
  const pty = new RunTerminal(s, name, async () => plan, false);
  const terminal = vscode.window.createTerminal({ name, pty, iconPath: new vscode.ThemeIcon('run') });
  terminal.show();
  return { terminal, done: pty.done };
}
