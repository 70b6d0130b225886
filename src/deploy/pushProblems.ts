// git's refusals in words, with what to do about each (and a button when AppHost can do it).
import * as vscode from 'vscode';
import { gitCertificateMessage, gitCertificateProblem } from '../api';
import { parseRemoteUrl } from './remotes';
import type { PushOutcome } from './pushOutput';
import type { PushPlan } from './preflight';

export interface Explained {
  message: string;
  /** Buttons, by title; the caller runs the chosen one. */
  actions: ExplainedAction[];
}

export type ExplainedAction = 'forceDeploy' | 'fixRemote' | 'manageSshKeys' | 'signIn' | 'showGitOutput';

export const ACTION_TITLES: Record<ExplainedAction, () => string> = {
  forceDeploy: () => vscode.l10n.t('Force Deploy…'),
  fixRemote: () => vscode.l10n.t('Fix Remote'),
  manageSshKeys: () => vscode.l10n.t('Manage SSH Keys…'),
  signIn: () => vscode.l10n.t('Sign In'),
  showGitOutput: () => vscode.l10n.t('Show Git Output'),
};

export function explainPush(outcome: PushOutcome, plan: PushPlan): Explained {
  const { app, remote, deployBranch, pushUrl } = plan;
  const host = parseRemoteUrl(pushUrl)?.host ?? pushUrl;
  const ssh = parseRemoteUrl(pushUrl)?.protocol === 'ssh';
  const detail = outcome.detail ? ` (${outcome.detail})` : '';
  switch (outcome.problem) {
    case 'nonFastForward':
      return {
        message: vscode.l10n.t(
          'The push was rejected: {0}\'s repository has commits your branch does not have (someone else deployed, or history was rewritten). Bring them in first with "git pull {1} {2}", or force the deploy to replace them.',
          app.name, remote, deployBranch,
        ),
        actions: ['forceDeploy', 'showGitOutput'],
      };
    case 'authentication':
      return ssh
        ? {
            message: vscode.l10n.t('The git service refused your SSH key{0}. Register your public key with AppHost (Manage SSH Keys), or load it into your SSH agent if it has a passphrase.', detail),
            actions: ['manageSshKeys', 'showGitOutput'],
          }
        : {
            message: vscode.l10n.t('The git service refused the credentials{0}. Sign in to AppHost again, then deploy.', detail),
            actions: ['signIn', 'showGitOutput'],
          };
    case 'forbidden':
      return { message: vscode.l10n.t('You may not deploy {0}{1}: your role in its team does not allow changes (viewers can only read).', app.name, detail), actions: ['showGitOutput'] };
    case 'noSuchApp':
      return {
        message: plan.details.gitRemote
          ? vscode.l10n.t('The git service has no app at remote "{0}"{1}. The remote of {2} is {3}.', remote, detail, app.name, plan.details.gitRemote)
          : vscode.l10n.t('The git service has no app at remote "{0}"{1}.', remote, detail),
        actions: plan.details.gitRemote ? ['fixRemote', 'showGitOutput'] : ['showGitOutput'],
      };
    case 'noSuchRemote':
      return { message: vscode.l10n.t('The repository has no remote "{0}" any more. Deploy again to add it.', remote), actions: ['showGitOutput'] };
    case 'unknownHost':
      return { message: vscode.l10n.t('git cannot find the host {0}{1}. Check your network, or the remote\'s address.', host, detail), actions: ['showGitOutput'] };
    case 'hostKey':
      return {
        message: vscode.l10n.t('SSH does not trust the host key of {0} yet{1}. Connect once in a terminal to check and accept it ("ssh -T git@{0}"), then deploy again.', host, detail),
        actions: ['showGitOutput'],
      };
    case 'certificate': {
      // git (curl) checks certificates with its own TLS library: AppHost's trust settings do not reach it.
      const problem = gitCertificateProblem(outcome.detail ?? '', host) ?? { kind: 'other' as const, host, reason: outcome.detail ?? '' };
      return { message: gitCertificateMessage(problem), actions: ['showGitOutput'] };
    }
    case 'connection':
      return { message: vscode.l10n.t('git could not connect to {0}{1}. Check your network and try again.', host, detail), actions: ['showGitOutput'] };
    default:
      return { message: vscode.l10n.t('git push failed{0}.', detail), actions: ['showGitOutput'] };
  }
}
