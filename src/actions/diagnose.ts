// Diagnose Failure, written once: wokku's diagnosis of a failed deploy (POST /ai/diagnose,
// beyond the specification: the service asks its language model about the log's last
// 3,000 characters). The command (a Deploys row, a failed deploy's notice, the log tab's
// title bar) and the deploy log tool are doors onto these: the read, and what it says.
import * as vscode from 'vscode';
import { lostAnswer, type CallOptions, type Deploy, type Diagnosis } from '../api';
import { offered, offeredForCommand } from '../kit/offered';
import { unansweredText } from '../kit/outcome';
import type { ServiceCore } from '../core';
import type { AppRef } from '../model';
import { durationText } from './runCommand';

/** The service's diagnosis, or why there is none; `unanswered`: the proxy in front cut the answer (the service may still be asking its AI). */
export type ServiceDiagnosis = Diagnosis | { kind: 'unavailable'; reason: 'unanswered'; message: string; raw: Record<string, unknown> };

/** The deploy as its log tab names it: the short commit, else the start of its id. */
export function deployLabel(deploy: Pick<Deploy, 'id' | 'commitSha'>): string {
  return deploy.commitSha?.slice(0, 7) || deploy.id.slice(0, 8);
}

/** The texts of the action. */
export const DIAGNOSE = {
  busy: (app: string) => vscode.l10n.t('Asking the service to diagnose the failed deploy of {0}…', app),
  /** The document's title: it names the app and the deploy. */
  title: (app: string, deploy: string) => vscode.l10n.t('Why the deploy {1} of {0} failed', app, deploy),
  byService: () => vscode.l10n.t('Diagnosis by the service\'s AI, from the last 3,000 characters of the build log.'),
  byModel: (model: string) => vscode.l10n.t('Answer of {0} (a language model of VS Code), from the last 3,000 characters of the build log with secrets masked.', model),
};

/**
 * Reads the service's diagnosis of the app's deploy. A service that lacks the endpoint (an
 * older wokku answers 404 while the deploy is there) is found once: a command says so and
 * stops quietly (`forCommand`), a tool gets NotOffered to put in words.
 */
export async function readDiagnosis(s: ServiceCore, app: AppRef, deployId: string, { options = {}, forCommand = false }: { options?: CallOptions; forCommand?: boolean } = {}): Promise<ServiceDiagnosis> {
  const api = s.connections.of(app.service).api();
  const call = () => api.ai.diagnose(deployId, options);
  const stillThere = () => api.deploys.get(app.id, deployId, { workspace: app.workspace, ...options });
  const started = Date.now();
  try {
    return await (forCommand ? offeredForCommand : offered)(s, app.service, 'diagnose', call, stillThere);
  } catch (error) {
    // The service asks its AI inside the request: a cut answer is not a failure, and asking again costs another diagnosis.
    const lost = lostAnswer(error);
    if (!lost) throw error;
    const what = vscode.l10n.t('The diagnosis of the failed deploy of {0}', app.name);
    const check = vscode.l10n.t('The service keeps no diagnosis: asking again later sends the log to its AI once more.');
    return { kind: 'unavailable', reason: 'unanswered', message: unansweredText(what, lost, durationText(Date.now() - started), check), raw: {} };
  }
}

/** Why there is no diagnosis, in words naming the app. */
export function unavailableText(app: AppRef, diagnosis: Extract<ServiceDiagnosis, { kind: 'unavailable' }>): string {
  switch (diagnosis.reason) {
    case 'unanswered':
      return diagnosis.message;
    case 'no_api_key':
      return vscode.l10n.t('The service has no AI key configured (its operator sets none), so it cannot diagnose the deploy of {0}.', app.name);
    case 'no_log':
      return vscode.l10n.t('The service has no build log of this deploy of {0} to diagnose.', app.name);
    case 'failed':
      return vscode.l10n.t('The service could not diagnose the deploy of {0}: {1}', app.name, diagnosis.message);
  }
}

/** The Markdown shown beside the log: a title naming the app and the deploy, who diagnosed it, then the diagnosis. */
export function diagnosisDocument(app: AppRef, deploy: Pick<Deploy, 'id' | 'commitSha' | 'status'>, source: string, body: string): string {
  return `# ${DIAGNOSE.title(app.name, deployLabel(deploy))}\n\n*${source}* ${vscode.l10n.t('Status: {0}.', deploy.status)}\n\n---\n\n${body.trim()}\n`;
}

/** The result summary: what a tool's answer says of the diagnosis. */
export function diagnosisSummary(app: AppRef, diagnosis: ServiceDiagnosis): string {
  return diagnosis.kind === 'diagnosis'
    ? vscode.l10n.t('The service\'s AI diagnosis of this failed deploy (from the log\'s last 3,000 characters):\n{0}', diagnosis.markdown.trim())
    : unavailableText(app, diagnosis);
}
