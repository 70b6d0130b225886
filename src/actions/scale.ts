// Scaling an app's processes, one descriptor for the command and the agent's tool; a scaling
// as the user and the model write it ("web=2 worker=1") is read, checked and written back
// the same way by both.
import * as vscode from 'vscode';
import { readProcessReport, type CallOptions, type ProcessType } from '../api';
import type { Core } from '../core';
import type { AppAction } from '../kit/appAction';
import { explained } from '../kit/apiErrors';
import { inform } from '../kit/notices';
import { confirm } from '../kit/prompts';
import { itemOf } from '../kit/targets';
import { UserCancelled, type AppRef } from '../model';
import type { CommandTarget, Row } from '../tree/commandTarget';

const PROCESS_NAME = /^[a-z][a-z0-9_]*$/;

export type Scaling = Record<string, number>;

/**
 * Reads "web=2 worker=1" (spaces or commas between entries, spaces around "=" allowed)
 * into `{web: 2, worker: 1}`, or says what is wrong with the first bad entry.
 */
export function parseScaling(value: string): { scaling: Scaling } | { error: string } {
  const entries = value.trim().replace(/\s*=\s*/g, '=').split(/[\s,]+/).filter(Boolean);
  if (!entries.length) return { error: vscode.l10n.t('Enter process types and counts, e.g. "web=2 worker=1"') };
  const scaling: Scaling = {};
  for (const entry of entries) {
    const m = /^([^=]*)=(.*)$/.exec(entry);
    if (!m) return { error: vscode.l10n.t('"{0}": write type=count, e.g. "web=2"', entry) };
    const [, name, count] = m;
    if (!PROCESS_NAME.test(name)) return { error: vscode.l10n.t('"{0}" is not a process type: lowercase letters, digits and "_", starting with a letter', name) };
    if (!/^\d+$/.test(count)) return { error: vscode.l10n.t('The count of {0} must be a whole number, 0 or more', name) };
    if (name in scaling) return { error: vscode.l10n.t('{0} is given twice', name) };
    scaling[name] = Number(count);
  }
  return { scaling };
}

export function validateScaling(value: string): string | undefined {
  const parsed = parseScaling(value);
  return 'error' in parsed ? parsed.error : undefined;
}

export const formatScaling = (scaling: Scaling) => Object.entries(scaling).map(([k, v]) => `${k}=${v}`).join(' ');

/** A change of the counts: what changes (only that is sent) and what ran before. */
export interface ScalePlan {
  readonly changes: Scaling;
  readonly current: Scaling;
  /** The row busy meanwhile (the Processes group the command was run from). */
  readonly row?: Row;
}

/** Current counts: from the Processes group when loaded (no request), else one GET of the report. */
async function currentScaling(s: Core, app: AppRef, target: CommandTarget | undefined, options: CallOptions): Promise<Scaling> {
  const shown = s.tree.shownItems<ProcessType>(s.tree.groupOf(target, 'processes'), 'process');
  const types = shown
    ? shown.items.map((n) => n.data)
    : readProcessReport(await explained(vscode.l10n.t('Cannot read the processes of {0}', app.name), () =>
      s.connections.of(app.service).api().processes.get(app.id, { workspace: app.workspace, ...options }))).types;
  return Object.fromEntries(types.map((t) => [t.type, t.instances.length]));
}

/** Only what changes is sent: the rest keeps running untouched. */
function changesFrom(current: Scaling, wanted: Scaling): Scaling {
  return Object.fromEntries(Object.entries(wanted).filter(([k, v]) => current[k] !== v));
}

/** Scale: one input for every process type ("web=2 worker=1"), checked as you type and prefilled with the current counts, then one PUT for all of them. */
export const scale: AppAction<Scaling, ScalePlan> = {
  command: 'apphost.processes.scale',
  tool: 'apphost_scale_processes',
  texts: {
    title: (n) => vscode.l10n.t('Scale {0}?', n),
    effect: () => vscode.l10n.t('Process types not listed keep their count.'),
    busy: (n) => vscode.l10n.t('Scaling {0}…', n),
    pick: () => vscode.l10n.t('Select the app to scale'),
    cannot: (n) => vscode.l10n.t('Cannot scale {0}', n),
  },
  toolProgress: (app, input) => vscode.l10n.t('Scaling {0} to {1}…', app, String(input.scaling ?? '')),
  async choose(s, app, target) {
    const current = await currentScaling(s, app, target, { priority: 'user' });
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
    const changes = changesFrom(current, parsed.scaling);
    if (!Object.keys(changes).length) {
      void inform(s, vscode.l10n.t('{0} already runs {1}: nothing to change.', app.name, formatScaling(parsed.scaling)));
      return undefined;
    }
    const stopped = Object.keys(changes).filter((k) => changes[k] === 0 && (current[k] ?? 0) > 0);
    if (stopped.length) {
      await confirm(s,
        vscode.l10n.t('Stop every {0} process of {1}?', stopped.join(', '), app.name),
        stopped.includes('web') ? vscode.l10n.t('With web=0 the app stops answering requests.') : vscode.l10n.t('The processes are stopped until you scale them up again.'),
        vscode.l10n.t('Scale'),
      );
    }
    return { changes, current, row: s.tree.groupOf(target, 'processes') };
  },
  async plan(s, app, input, options) {
    const parsed = parseScaling(String(input.scaling ?? ''));
    if ('error' in parsed) return { answer: parsed.error };
    const current = await currentScaling(s, app, undefined, options);
    const changes = changesFrom(current, parsed.scaling);
    if (!Object.keys(changes).length) return { answer: vscode.l10n.t('Nothing to change: {0} already runs {1}.', app.name, formatScaling(parsed.scaling)) };
    const lines = Object.entries(changes).map(([k, v]) => `- ${k}: ${current[k] ?? 0} → ${v}${v === 0 ? ` (${k === 'web' ? vscode.l10n.t('the app stops answering requests') : vscode.l10n.t('stops every {0} process', k)})` : ''}`);
    return { plan: { changes, current }, title: vscode.l10n.t('Scale {0}?', app.name), lines: [...lines, '', vscode.l10n.t('Process types not listed keep their count.')] };
  },
  async perform(s, app, { options, around = (_busy, call) => call() }, { changes, row }) {
    const rows = row ? [row] : s.tree.appRows(app);
    const busy = vscode.l10n.t('Scaling {0} to {1}…', app.name, formatScaling(changes));
    const result = await s.tree.busyWhile(rows, busy, () =>
      around(busy, () => s.connections.of(app.service).api().processes.scale(app.id, changes, { workspace: app.workspace, ...options })));
    s.tree.reloadPart(app, 'processes');
    return result.scaling;
  },
  tell: async (s, app, scaling, { current }) => void inform(s, vscode.l10n.t('{0} scaled: {1}.', app.name, formatScaling({ ...current, ...scaling }))),
  answer: async (_s, app, scaling, { current }) => ({ text: vscode.l10n.t('{0} scaled: {1}.', app.name, formatScaling({ ...current, ...scaling })) }),
};
