// Log drains of an app: add (URL checked as you type; the drain type follows from its
// scheme) and remove (confirmed).
import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import type { LogDrain } from '../api';
import type { ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { drainLabel } from '../tree/groups/logDrains';
import { explained } from '../kit/apiErrors';
import { resolveItem, resolveApp } from '../kit/targets';
import { runAction, confirm } from '../kit/prompts';
import { UserCancelled } from '../model';
import type { Action } from '../kit/action';

/** The contract's two drain types, by URL scheme (syslog+tls is syslog over TLS). */
const TYPE_OF_SCHEME: Record<string, 'syslog' | 'https'> = { 'syslog:': 'syslog', 'syslog+tls:': 'syslog', 'https:': 'https', 'http:': 'https' };

/** The drain type a URL implies, or undefined for a URL the contract does not accept. */
export function drainTypeOf(url: string): 'syslog' | 'https' | undefined {
  try {
    return TYPE_OF_SCHEME[new URL(url.trim()).protocol];
  } catch {
    return undefined;
  }
}

export function validateDrainUrl(value: string): string | undefined {
  const url = value.trim();
  if (!url) return vscode.l10n.t('Enter a syslog:// or https:// URL');
  if (/\s/.test(url)) return vscode.l10n.t('A URL cannot contain spaces');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return vscode.l10n.t('Start with syslog:// or https://, e.g. syslog://logs.example.com:514');
  }
  if (!TYPE_OF_SCHEME[parsed.protocol]) return vscode.l10n.t('"{0}" drains are not supported: use syslog:// or https://', parsed.protocol.replace(/:$/, ''));
  if (!parsed.hostname) return vscode.l10n.t('Add the host, e.g. syslog://logs.example.com:514');
  return undefined;
}

export const logDrainActions: readonly Action[] = [
  { command: 'apphost.logDrain.add', run: addDrain },
  { command: 'apphost.logDrain.remove', run: removeDrain },
];

async function addDrain(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app whose logs to forward'));
  const input = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add a log drain to {0}', app.name),
    prompt: vscode.l10n.t('Where to forward the logs of {0}: syslog://host:port or https://host/path', app.name),
    placeHolder: 'syslog://logs.example.com:514',
    ignoreFocusOut: true,
    validateInput: validateDrainUrl,
  });
  if (input === undefined) throw new UserCancelled();
  const url = input.trim();
  const drainType = drainTypeOf(url)!;
  // The contract has no plain-HTTP type: http:// goes as an "https" drain, unencrypted. Ask first.
  if (url.toLowerCase().startsWith('http:')) {
    await confirm(s,
      vscode.l10n.t('Send the logs of {0} over plain HTTP?', app.name),
      vscode.l10n.t('Anyone on the way can read them, secrets in log lines included. Use https:// unless the endpoint is on a private network.'),
      vscode.l10n.t('Use HTTP'),
    );
  }
  await runAction(s, undefined, vscode.l10n.t('Adding a log drain to {0}…', app.name), () =>
    explained(vscode.l10n.t('Cannot add the log drain'), () => s.connections.of(app.service).api().logDrains.add(app.id, { url, drainType }, { workspace: app.workspace })),
  );
  s.tree.reloadPart(app, 'logDrains');
  void inform(s, vscode.l10n.t('The logs of {0} now go to {1} ({2}).', app.name, drainLabel(url), drainType));
}

async function removeDrain(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const { app, item: drain, node } = await resolveItem<LogDrain>(
    s,
    target,
    'logDrain',
    {
      appPlaceHolder: vscode.l10n.t('Select the app to remove a log drain from'),
      title: (a) => vscode.l10n.t('Log drains of {0}', a.name),
      placeHolder: vscode.l10n.t('Log drain to remove'),
      empty: (a) => vscode.l10n.t('{0} has no log drains.', a.name),
    },
    (a) => s.connections.of(a.service).api().logDrains.list(a.id, { workspace: a.workspace, priority: 'user' }),
    (d) => ({ label: drainLabel(d.url), description: d.drainType }),
  );
  await confirm(s,
    vscode.l10n.t('Stop forwarding the logs of {0} to {1}?', app.name, drainLabel(drain.url)),
    vscode.l10n.t('Lines already sent stay where they are.'),
    vscode.l10n.t('Remove'),
  );
  await runAction(s, node, vscode.l10n.t('Removing the log drain…'), () =>
    explained(vscode.l10n.t('Cannot remove the log drain'), () => s.connections.of(app.service).api().logDrains.remove(app.id, drain.id, { workspace: app.workspace })),
  );
  s.tree.reloadPart(app, 'logDrains');
  void inform(s, vscode.l10n.t('Log drain {0} removed from {1}.', drainLabel(drain.url), app.name));
}
