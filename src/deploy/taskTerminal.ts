// The terminal of an AppHost deploy task: git's output and the live build as the push
// receives them, then how the deploy ended; the task's exit code is the deploy's outcome
// (0: deployed, or nothing new to deploy; 1: not deployed, or not allowed). The one question
// is whether the task may run (actions/taskConsent.ts); what the status bar's deploy would
// ask about fails the task with what to do (preflight.ts).
import * as vscode from 'vscode';
import { errorMessage } from '../connection';
import type { Core } from '../core';
import { deployFlow } from './deployFlow';
import type { DeployOutput } from './deployOutput';
import { deployEnd } from './deployRun';
import type { DeployTarget } from './deployTarget';
import type { DeployArea } from './index';
import type { PushPlan } from './preflight';
import { UserCancelled } from '../model';
import { TaskNotAllowed } from '../actions/taskConsent';

const STYLE = { bold: '\x1b[1m', dim: '\x1b[2m', red: '\x1b[31m', green: '\x1b[32m', yellow: '\x1b[33m', reset: '\x1b[0m' };
type Style = keyof typeof STYLE;

export class DeployTerminal implements vscode.Pseudoterminal {
  private readonly written = new vscode.EventEmitter<string>();
  readonly onDidWrite = this.written.event;
  private readonly closed = new vscode.EventEmitter<number>();
  readonly onDidClose = this.closed.event;
  /** Cancelled when the user terminates the task (or closes its terminal). */
  private readonly stop = new vscode.CancellationTokenSource();
  private progressShown = false;

  constructor(
    private readonly s: Core,
    private readonly area: DeployArea,
    private readonly appName: string,
    /** What to deploy: resolved signed in to its service, and allowed (nothing sent before). */
    private readonly target: () => Promise<DeployTarget>,
  ) {}

  open(): void {
    this.area.taskTranscripts.set(this.appName, '');
    void this.run().then((code) => {
      this.closed.fire(code);
      this.stop.dispose();
    });
  }

  close(): void {
    this.stop.cancel();
  }

  private async run(): Promise<number> {
    try {
      this.line(vscode.l10n.t('AppHost: deploy {0}', this.appName), 'bold');
      const target = await this.target();
      const done = await deployFlow(this.s, this.area, target, {
        output: (plan) => this.output(plan),
        say: (text) => this.line(text, 'bold'),
        warn: (text) => this.line(vscode.l10n.t('Warning: {0}', text), 'yellow'),
        token: this.stop.token,
      });
      if (!done) {
        this.line(vscode.l10n.t('A deploy of {0} is already running: this task did not start another.', target.app.name), 'red');
        return 1;
      }
      const end = deployEnd(done.plan, done.result);
      switch (end.state) {
        case 'succeeded':
        case 'upToDate':
          this.line(end.message, 'green');
          return 0;
        case 'running':
          this.line(vscode.l10n.t('The push of {0} ended; its deploy is still {1}: the app\'s Deploys in the AppHost view follow it.', target.app.name, done.result.deploy?.status ?? ''), 'yellow');
          return 0;
        default:
          this.line(end.message, 'red');
          return 1;
      }
    } catch (error) {
      const cancelled = error instanceof UserCancelled || error instanceof vscode.CancellationError;
      this.line(error instanceof TaskNotAllowed ? error.message : cancelled ? vscode.l10n.t('Deploy cancelled.') : errorMessage(error), 'red');
      if (!cancelled) this.s.log.warn(`[deploy task] ${this.appName}: ${errorMessage(error)}`);
      return 1;
    }
  }

  /** Where runDeploy writes: git's lines and the build's, progress rewritten in place. */
  private output(plan: PushPlan): DeployOutput {
    const short = plan.commit.hash.slice(0, 7);
    return {
      during: (work) => {
        this.line(`git push ${plan.remote} ${plan.source}:${plan.deployBranch} (${short} ${plan.commit.subject})`, 'bold');
        return work(this.stop.token);
      },
      progress: (text) => {
        this.write(`\r\x1b[2K${STYLE.dim}${text}${STYLE.reset}`);
        this.progressShown = true;
      },
      git: (text) => this.line(text, 'dim'),
      build: (text) => this.line(text),
      attach: () => undefined,
      finish: () => undefined,
    };
  }

  private line(text: string, style?: Style): void {
    const clear = this.progressShown ? '\r\x1b[2K' : '';
    this.progressShown = false;
    const body = text.replace(/\r?\n/g, '\r\n');
    this.write(`${clear}${style ? `${STYLE[style]}${body}${STYLE.reset}` : body}\r\n`);
  }

  private write(text: string): void {
    this.written.fire(text);
    // eslint-disable-next-line no-control-regex
    this.area.taskTranscripts.set(this.appName, `${this.area.taskTranscripts.get(this.appName) ?? ''}${text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/\r\n/g, '\n')}`);
  }
}
