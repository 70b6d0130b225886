// Scaling: one input for every process type ("web=2 worker=1"), checked as you type and
// prefilled with the current counts, then one PUT for all of them.
import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import { readProcessReport, type ProcessType } from '../api';
import type { Core, ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { explained } from '../kit/apiErrors';
import { runAction, confirm } from '../kit/prompts';
import { itemOf, resolveApp } from '../kit/targets';
import { type AppRef, UserCancelled } from '../model';
import { formatScaling, parseScaling, validateScaling, type Scaling } from '../actions/scale';
import type { Action } from '../kit/action';

export { formatScaling, parseScaling, validateScaling, type Scaling };



export const processActions: readonly Action[] = [
  { command: 'apphost.processes.scale', run: scale },
];

/** Current counts: from the Processes group when loaded (no request), else one GET of the report. */
async function currentScaling(s: Core, app: AppRef, target: CommandTarget | undefined): Promise<Scaling> {
  const shown = s.tree.shownItems<ProcessType>(s.tree.groupOf(target, 'processes'), 'process');
  const types = shown
    ? shown.items.map((n) => n.data)
    : readProcessReport(
        await explained(vscode.l10n.t('Cannot read the processes of {0}', app.name), () =>
          s.connections.of(app.service).api().processes.get(app.id, { workspace: app.workspace, priority: 'user' }),
        ),
      ).types;
  return Object.fromEntries(types.map((t) => [t.type, t.instances.length]));
}

async function scale(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app to scale'));
  const current = await currentScaling(s, app, target);
  const value = formatScaling(Object.keys(current).length ? current : { web: 1 });
  // Invoked on one type: select its count, so typing replaces just that.
  const type = itemOf<ProcessType>(target, 'process')?.data.type;
  const at = type ? value.indexOf(`${type}=`) : -1;
  const selection: [number, number] | undefined = at >= 0 ? [at + type!.length + 1, at + type!.length + 1 + String(current[type!]).length] : undefined;
  const input = await vscode.window.showInputBox({
    title: vscode.l10n.t('Scale {0}', app.name),
    prompt: vscode.l10n.t('Process types and counts, e.g. "web=2 worker=1"; 0 stops a type. Types left out keep their count.'),
    value,
    valueSelection: selection,
    ignoreFocusOut: true,
    validateInput: validateScaling,
  });
  if (input === undefined) throw new UserCancelled();
  const parsed = parseScaling(input);
  if ('error' in parsed) throw new Error(parsed.error);
  // Only what changes is sent: the rest keeps running untouched.
  const changes = Object.fromEntries(Object.entries(parsed.scaling).filter(([k, v]) => current[k] !== v));
  if (!Object.keys(changes).length) {
    void inform(s, vscode.l10n.t('{0} already runs {1}: nothing to change.', app.name, formatScaling(parsed.scaling)));
    return;
  }
  const stopped = Object.keys(changes).filter((k) => changes[k] === 0 && (current[k] ?? 0) > 0);
  if (stopped.length) {
    await confirm(s,
      vscode.l10n.t('Stop every {0} process of {1}?', stopped.join(', '), app.name),
      stopped.includes('web') ? vscode.l10n.t('With web=0 the app stops answering requests.') : vscode.l10n.t('The processes are stopped until you scale them up again.'),
      vscode.l10n.t('Scale'),
    );
  }
  const result = await runAction(s, s.tree.groupOf(target, 'processes'), vscode.l10n.t('Scaling {0} to {1}…', app.name, formatScaling(changes)), () =>
    explained(vscode.l10n.t('Cannot scale {0}', app.name), () => s.connections.of(app.service).api().processes.scale(app.id, changes, { workspace: app.workspace })),
  );
  s.tree.reloadPart(app, 'processes');
  void inform(s, vscode.l10n.t('{0} scaled: {1}.', app.name, formatScaling({ ...current, ...result.scaling })));
}
