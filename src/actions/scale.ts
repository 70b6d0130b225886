// A scaling as the user and the model write it ("web=2 worker=1"): read, checked and
// written back the same way by the command and the agent's tool.
import * as vscode from 'vscode';

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
