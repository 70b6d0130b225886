// The terminal of an AppHost deploy task: git's output and the live build as the push
// receives them, then how the deploy ended; the task's exit code is the deploy's outcome
// (0: deployed, or nothing new to deploy; 1: not deployed, or not allowed). The one question
// is whether the task may run (actions/taskConsent.ts); what the status bar's deploy would
// ask about fails the task with what to do (preflight.ts).
import * as vscode from 'vscode';
import { onceTerminal } from '../kit/onceTerminal';
import { errorMessage } from '../connection';
import type { Core } from '../core';
import { deployFlow } from './deployFlow';
import type { DeployOutput } from './deployOutput';
import { deployEnd } from './deployRun';
import type { DeployTarget } from './deployTarget';
import type { DeployArea } from './';
import type { PushPlan } from './preflight';
import { UserCancelled } from '../model';
import { TaskNotAllowed } from '../actions/taskConsent';

const STYLE = { bold: '\x1b[1m', dim: '\x1b[2m', red: '\x1b[31m', green: '\x1b[32m', yellow: '\x1b[33m', reset: '\x1b[0m' };
type Style = keyof typeof STYLE;

/**
 * The deploy task's pseudoterminal. Any extension can call the task's execution and get it,
 * so it is an object of closures: nothing on it leads to AppHost (the Core, the deploy area,
 * a connection). It deploys once: opened again, or after it was closed, it does nothing.
 * `target`: what to deploy, resolved signed in to its service and allowed (nothing sent before).
 */
export function deployTerminal(s: Core, area: DeployArea, appName: string, target: () => Promise<DeployTarget>): vscode.Pseudoterminal {
  /** Cancelled when the user terminates the task (or closes its terminal). */
  const stop = new vscode.CancellationTokenSource();
  let progressShown = false;
  const terminal = onceTerminal(async () => {
    area.taskTranscripts.set(appName, '');
    try {
      return await run();
    } finally {
      stop.dispose();
    }
  }, () => stop.cancel());

  const write = (text: string) => {
    terminal.write(text);
    // eslint-disable-next-line no-control-regex
    area.taskTranscripts.set(appName, `${area.taskTranscripts.get(appName) ?? ''}${text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/\r\n/g, '\n')}`);
  };
  const line = (text: string, style?: Style) => {
    const clear = progressShown ? '\r\x1b[2K' : '';
    progressShown = false;
    const body = text.replace(/\r?\n/g, '\r\n');
    write(`${clear}${style ? `${STYLE[style]}${body}${STYLE.reset}` : body}\r\n`);
  };

  /** Where runDeploy writes: git's lines and the build's, progress rewritten in place. */
  const output = (plan: PushPlan): DeployOutput => {
    const short = plan.commit.hash.slice(0, 7);
    return {
      during: (work) => {
        line(`git push ${plan.remote} ${plan.source}:${plan.deployBranch} (${short} ${plan.commit.subject})`, 'bold');
        return work(stop.token);
      },
      progress: (text) => {
        write(`\r\x1b[2K${STYLE.dim}${text}${STYLE.reset}`);
        progressShown = true;
      },
      git: (text) => line(text, 'dim'),
      build: (text) => line(text),
      attach: () => undefined,
      finish: () => undefined,
    };
  };

  const run = async (): Promise<number> => {
    try {
      line(vscode.l10n.t('AppHost: deploy {0}', appName), 'bold');
      const resolved = await target();
      const done = await deployFlow(s, area, resolved, {
        output,
        say: (text) => line(text, 'bold'),
        warn: (text) => line(vscode.l10n.t('Warning: {0}', text), 'yellow'),
        token: stop.token,
      });
      if (!done) {
        line(vscode.l10n.t('A deploy of {0} is already running: this task did not start another.', resolved.app.name), 'red');
        return 1;
      }
      const end = deployEnd(done.plan, done.result);
      switch (end.state) {
        case 'succeeded':
        case 'upToDate':
          line(end.message, 'green');
          return 0;
        case 'running':
          line(vscode.l10n.t('The push of {0} ended; its deploy is still {1}: the app\'s Deploys in the AppHost view follow it.', resolved.app.name, done.result.deploy?.status ?? ''), 'yellow');
          return 0;
        default:
          line(end.message, 'red');
          return 1;
      }
    } catch (error) {
      const cancelled = error instanceof UserCancelled || error instanceof vscode.CancellationError;
      line(error instanceof TaskNotAllowed ? error.message : cancelled ? vscode.l10n.t('Deploy cancelled.') : errorMessage(error), 'red');
      if (!cancelled) s.log.warn(`[deploy task] ${appName}: ${errorMessage(error)}`);
      return 1;
    }
  };

  return terminal.pty;
}
