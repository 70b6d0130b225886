// Restart: the service restarts every process of an app (POST /apps/:id/restart).
import * as vscode from 'vscode';
import { lifecycleAction } from './lifecycle';

export const restart = lifecycleAction({
  command: 'apphost.app.restart',
  tool: 'apphost_restart_app',
  request: (api, id, options) => api.apps.restart(id, options),
  texts: {
    title: (n) => vscode.l10n.t('Restart {0}?', n),
    effect: (n) => vscode.l10n.t('The service restarts every process of {0}; requests may fail for a few seconds.', n),
    busy: (n) => vscode.l10n.t('Restarting {0}…', n),
    done: (n) => vscode.l10n.t('{0} restarted.', n),
  },
  batch: {
    title: (count) => vscode.l10n.t('Restarting {0} apps…', count),
    allDone: (count) => vscode.l10n.t('Restarted {0} apps.', count),
    someDone: (done, total) => vscode.l10n.t('Restarted {0} of {1} apps.', done, total),
  },
});
