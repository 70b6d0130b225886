// The marker lines of log tails in the user's language (the engine in src/logs
// has no vscode import and defaults to English).
import * as vscode from 'vscode';
import { markerLines, type MarkerTexts } from '../logs';

export function localizedMarkerTexts(): MarkerTexts {
  return {
    gap: (windowLines) => vscode.l10n.t('lines may have been missed here (more than {0} new lines since the last read); reading more lines from now on', windowLines),
    containerGap: (container, windowLines) =>
      vscode.l10n.t('lines of {0} may have been missed here (more than {1} new lines of it since the last read); reading more lines from now on', container, windowLines),
    uncertain: () => vscode.l10n.t('some repeated identical lines may have been missed here'),
    containerUncertain: (container) => vscode.l10n.t('some repeated identical lines of {0} may have been missed here', container),
    newContainers: (containers) => vscode.l10n.t('new containers (restart or deploy): {0}; lines the old ones wrote after the last read may have been missed', containers),
    notDeployed: () => vscode.l10n.t('this app has not been deployed yet: its lines will show here after the first deploy (checking about once a minute)'),
    deployed: () => vscode.l10n.t('the app has been deployed: following its lines'),
    skipped: (count) => vscode.l10n.t('{0} lines skipped: the output could not keep up', count),
    reconnecting: (detail) => vscode.l10n.t('connection lost ({0}); reconnecting…', detail),
    reconnected: () => vscode.l10n.t('reconnected'),
    resumed: () => vscode.l10n.t('resuming'),
    signedInAgain: () => vscode.l10n.t('signed in again: resuming'),
    stopped: {
      user: vscode.l10n.t('stopped tailing'),
      unauthorized: vscode.l10n.t('stopped tailing: not signed in, or the session expired; sign in again to resume'),
      forbidden: vscode.l10n.t('stopped tailing: not authorized to read these logs'),
      notFound: vscode.l10n.t('stopped tailing: the app no longer exists'),
      disposed: vscode.l10n.t('stopped tailing'),
    },
  };
}

export const localizedMarkers = () => markerLines(localizedMarkerTexts());
