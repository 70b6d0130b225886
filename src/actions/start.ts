// Start: the service starts the stopped processes of an app (POST /apps/:id/start).
import * as vscode from 'vscode';
import { lifecycleAction } from './lifecycle';

export const start = lifecycleAction({
  command: 'apphost.app.start',
  tool: 'apphost_start_app',
  request: (api, id, options) => api.apps.start(id, options),
  texts: {
    title: (n) => vscode.l10n.t('Start {0}?', n),
    effect: (n) => vscode.l10n.t('The service starts the stopped processes of {0}.', n),
    busy: (n) => vscode.l10n.t('Starting {0}…', n),
    done: (n) => vscode.l10n.t('{0} started.', n),
  },
  batch: {
    title: (count) => vscode.l10n.t('Starting {0} apps…', count),
    allDone: (count) => vscode.l10n.t('Started {0} apps.', count),
    someDone: (done, total) => vscode.l10n.t('Started {0} of {1} apps.', done, total),
  },
});
