// Stop: the service stops every process of an app (POST /apps/:id/stop).
import * as vscode from 'vscode';
import { lifecycleAction } from './lifecycle';

export const stop = lifecycleAction({
  command: 'apphost.app.stop',
  tool: 'apphost_stop_app',
  request: (api, id, options) => api.apps.stop(id, options),
  texts: {
    title: (n) => vscode.l10n.t('Stop {0}?', n),
    effect: (n) => vscode.l10n.t('The service stops every process of {0}: it stops answering requests until it is started again.', n),
    busy: (n) => vscode.l10n.t('Stopping {0}…', n),
    done: (n) => vscode.l10n.t('{0} stopped.', n),
  },
  batch: {
    title: (count) => vscode.l10n.t('Stopping {0} apps…', count),
    allDone: (count) => vscode.l10n.t('Stopped {0} apps.', count),
    someDone: (done, total) => vscode.l10n.t('Stopped {0} of {1} apps.', done, total),
  },
});
