// Diagnose Failure (`apphost.deploy.diagnose`): the service's diagnosis of a failed deploy,
// as Markdown beside its log. From a failed deploy's row, the failed deploy's notice (an app
// ref and the deploy's id), the log tab's title bar (its Uri), or the palette (pick an app,
// then one of its failed deploys). A service without an AI key says so; AppHost then offers
// to ask a language model of VS Code instead: the click on the offer is the consent to send
// it the log's last 3,000 characters, secrets masked.
import * as vscode from 'vscode';
import { ApiError, deployFailed, type Deploy } from '../api';
import { DIAGNOSE, deployLabel, diagnosisDocument, readDiagnosis, unavailableText } from '../actions/diagnose';
import type { Core, ServiceCore } from '../core';
import { diagnosisPrompt, logExcerptForModel } from '../logs';
import { logsArea } from '../logViews/registerLogs';
import type { DiagnosisView } from '../logViews/diagnoses';
import { type AppRef, UserCancelled } from '../model';
import { notify } from '../notices';
import { DEPLOY_LOG_SCHEME } from '../schemes';
import type { CommandTarget } from '../tree/commandTarget';
import { serviceNoticeOf } from '../kit/notices';
import { itemOf, resolveApp } from '../kit/targets';
import type { Action } from '../kit/action';

export const diagnoseActions: readonly Action[] = [
  { command: 'apphost.deploy.diagnose', consent: 'aboutActiveTab', run: diagnoseFailure },
];

async function diagnoseFailure(s: ServiceCore, target: CommandTarget | vscode.Uri | undefined, deployId?: string): Promise<void> {
  const { app, deploy } = await failedDeploy(s, target, deployId);
  const diagnosis = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: DIAGNOSE.busy(app.name) }, () =>
    readDiagnosis(s, app, deploy.id, { options: { priority: 'user' }, forCommand: true }));
  if (diagnosis.kind === 'diagnosis') {
    await logsArea(s).diagnoses.show(app, deploy.id, deployLabel(deploy), diagnosisDocument(app, deploy, DIAGNOSE.byService(), diagnosis.markdown));
    return;
  }
  const why = serviceNoticeOf(s, unavailableText(app, diagnosis), app.service);
  if (diagnosis.reason !== 'no_api_key') {
    void notify('warning', why);
    return;
  }
  await offerLanguageModel(s, app, deploy, why);
}

/** The failed deploy the command is about, with its record (status, commit). */
async function failedDeploy(s: ServiceCore, target: CommandTarget | vscode.Uri | undefined, deployId?: string): Promise<{ app: AppRef; deploy: Deploy }> {
  let found: { app: AppRef; deploy?: Deploy } | undefined;
  if (target instanceof vscode.Uri) {
    // The title bar of a deploy log tab: the deploy that tab shows.
    found = target.scheme === DEPLOY_LOG_SCHEME ? logsArea(s).deployLogs.deployOf(target) : undefined;
    if (!found?.deploy) throw new Error(vscode.l10n.t('This tab shows no deploy AppHost knows: open the deploy from Deploys in the AppHost view.'));
  } else {
    const row = itemOf<Deploy>(target, 'deploy');
    if (row?.app) found = { app: row.app, deploy: row.data };
    else {
      const app = await resolveApp(s, target, vscode.l10n.t('Select the app whose failed deploy to diagnose'));
      const api = s.connections.of(app.service).api();
      found = { app, deploy: deployId ? await api.deploys.get(app.id, deployId, { workspace: app.workspace, priority: 'user' }) : await pickFailedDeploy(s, app) };
    }
  }
  const { app, deploy } = found as { app: AppRef; deploy: Deploy };
  if (!deployFailed(deploy.status)) throw new Error(vscode.l10n.t('The deploy {0} of {1} did not fail ({2}): there is nothing to diagnose.', deployLabel(deploy), app.name, deploy.status));
  return { app, deploy };
}

async function pickFailedDeploy(s: ServiceCore, app: AppRef): Promise<Deploy> {
  const failed = (await s.connections.of(app.service).api().deploys.list(app.id, { workspace: app.workspace, priority: 'user' })).filter((d) => deployFailed(d.status));
  if (!failed.length) {
    void notify('info', serviceNoticeOf(s, vscode.l10n.t('No deploy of {0} failed: there is nothing to diagnose.', app.name), app.service));
    throw new UserCancelled();
  }
  const picked = await vscode.window.showQuickPick(
    failed.map((d) => ({ label: d.description || deployLabel(d), description: [d.status, d.commitSha?.slice(0, 7)].filter(Boolean).join(' · '), deploy: d })),
    { title: vscode.l10n.t('Failed deploys of {0}', app.name), placeHolder: vscode.l10n.t('Select the deploy to diagnose') },
  );
  if (!picked) throw new UserCancelled();
  return picked.deploy;
}

/**
 * The service has no AI key: say so, and where VS Code has a language model, offer to ask
 * it instead. Nothing leaves for the model unless the user clicks the offer.
 */
async function offerLanguageModel(s: Core, app: AppRef, deploy: Deploy, why: string): Promise<void> {
  const model = (await chatModels())[0];
  if (!model) {
    void notify('warning', `${why} ${vscode.l10n.t('VS Code has no language model to ask instead (a chat extension such as GitHub Copilot provides one).')}`);
    return;
  }
  const ask = vscode.l10n.t('Ask {0}', model.name);
  const choice = await notify(
    'warning',
    `${why} ${vscode.l10n.t('Ask {0} instead? AppHost sends it the last 3,000 characters of the build log, with secrets masked.', model.name)}`,
    ask,
  );
  if (choice !== ask) return;
  await askModel(s, app, deploy, model);
}

/** The chat models of VS Code; none when it has none, or no language model API at all. */
async function chatModels(): Promise<vscode.LanguageModelChat[]> {
  const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
  if (typeof lm?.selectChatModels !== 'function') return [];
  try {
    return await lm.selectChatModels();
  } catch {
    return [];
  }
}

/** Sends the masked end of the log to the model and streams its answer into the diagnosis beside the log. */
async function askModel(s: Core, app: AppRef, deploy: Deploy, model: vscode.LanguageModelChat): Promise<void> {
  const api = s.connections.of(app.service).api();
  const opts = { workspace: app.workspace, priority: 'user' as const };
  const [log, config] = await Promise.all([
    deploy.log !== undefined ? deploy.log : api.deploys.get(app.id, deploy.id, opts).then((d) => d.log ?? ''),
    // A viewer may not read the config: credential shapes are still masked.
    api.config.get(app.id, opts).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 403) return {};
      throw error;
    }),
  ]);
  const prompt = diagnosisPrompt({ app: app.name, status: deploy.status, commitSha: deploy.commitSha, excerpt: logExcerptForModel(log, config) });
  const source = DIAGNOSE.byModel(model.name);
  const page = (body: string) => diagnosisDocument(app, deploy, source, body);
  const view = await logsArea(s).diagnoses.show(app, deploy.id, deployLabel(deploy), page(`*${vscode.l10n.t('Asking {0}…', model.name)}*`));
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Asking {0} why the deploy of {1} failed…', model.name, app.name), cancellable: true }, async (_, token) => {
    let answer = '';
    try {
      const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(prompt)], {
        justification: vscode.l10n.t('AppHost asks the model why the deploy of {0} failed, with the last 3,000 characters of its build log (secrets masked).', app.name),
      }, token);
      for await (const chunk of response.text) {
        answer += chunk;
        view.update(page(answer));
      }
      // A cancelled request can end quietly (VS Code stops the model's stream without an error): say so all the same.
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      if (!answer.trim()) view.update(page(`*${vscode.l10n.t('{0} gave no answer.', model.name)}*`));
    } catch (error) {
      modelFailed(view, page, answer, model.name, error, token.isCancellationRequested);
    }
    await view.done();
  });
}

/** A refused, failed or cancelled request, in words: in the document (after what came) and in a notice. */
function modelFailed(view: DiagnosisView, page: (body: string) => string, answer: string, model: string, error: unknown, cancelled: boolean): void {
  const code = error instanceof vscode.LanguageModelError ? error.code : undefined;
  const text = cancelled || error instanceof vscode.CancellationError
    ? vscode.l10n.t('You cancelled the request to {0}.', model)
    : code === vscode.LanguageModelError.NoPermissions().code
      ? vscode.l10n.t('{0} was not allowed to answer: VS Code asked whether AppHost may use it, and it was not allowed. Nothing was sent.', model)
      : code === vscode.LanguageModelError.Blocked().code
        ? vscode.l10n.t('{0} refused the request: {1}', model, error instanceof Error ? error.message : String(error))
        : code === vscode.LanguageModelError.NotFound().code
          ? vscode.l10n.t('{0} is no longer available.', model)
          : vscode.l10n.t('{0} could not answer: {1}', model, error instanceof Error ? error.message : String(error));
  view.update(page(`${answer.trim() ? `${answer.trim()}\n\n---\n\n` : ''}*${text}*`));
  void notify('warning', text);
}
