// Run Command…: a one-off command in a new container of the app (the action:
// actions/runCommand.ts). The command line is typed or picked from the app's recent ones,
// then runs in a terminal tab of its own ("shop-api: rails db:migrate").
import * as vscode from 'vscode';
import type { Core, ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { planRun, recentCommands } from '../actions/runCommand';
import { openRunTerminal } from '../actions/runTerminal';
import { inform } from '../kit/notices';
import { notOfferedText } from '../kit/offered';
import { resolveApp } from '../kit/targets';
import { type AppRef, UserCancelled } from '../model';
import type { Action } from '../kit/action';

export const runCommandActions: readonly Action[] = [
  { command: 'apphost.app.runCommand', run: runCommand },
];

async function runCommand(s: ServiceCore, target?: CommandTarget): Promise<void> {
  await runCommandOn(s, await resolveApp(s, target, vscode.l10n.t('Select the app to run a command in')));
}

/**
 * Run Command… on an app; `prefill` is a line another command offers as its next step
 * (a query after an import): it stands in the box, and runs only when the user sends it.
 */
export async function runCommandOn(s: ServiceCore, app: AppRef, prefill?: string): Promise<void> {
  if (s.connections.of(app.service).offers.lacks('run')) {
    void inform(s, notOfferedText('run'));
    return;
  }
  const plan = planRun(s, app, await askCommandLine(s, app, prefill));
  const { terminal, done } = openRunTerminal(s, plan);
  const summary = await done;
  if (summary?.kind === 'failed' && summary.problem === 'notOffered') {
    // The notice says it (once); the menus no longer offer it for this service.
    terminal.dispose();
    void inform(s, summary.text);
  }
}

type LineItem = vscode.QuickPickItem & { line?: string };

/** A quick pick's label shows `$(name)` as an icon: a command line's own `$(…)` stays text. */
const shown = (line: string) => line.replace(/\$\(/g, '\\$(');

/** The command line: typed, or one of the app's recent ones (most recent first). */
async function askCommandLine(s: Core, app: AppRef, prefill = ''): Promise<string> {
  const recent = recentCommands(s).of(app);
  const recentItems: LineItem[] = recent.map((line) => ({ label: shown(line), line }));
  const pick = vscode.window.createQuickPick<LineItem>();
  pick.title = vscode.l10n.t('Run a command on {0}', app.name);
  pick.placeholder = recent.length
    ? vscode.l10n.t('Type a command line, or pick a recent one (it runs in a new container of {0})', app.name)
    : vscode.l10n.t('Type a command line, e.g. rails db:migrate (it runs in a new container of {0})', app.name);
  pick.matchOnDescription = false;
  pick.value = prefill;
  const update = () => {
    const typed = pick.value.trim();
    const typedItem: LineItem[] = typed && !recent.includes(typed)
      ? [{ label: shown(typed), description: vscode.l10n.t('Run this command'), alwaysShow: true, line: typed }]
      : [];
    const separator: LineItem[] = recentItems.length ? [{ label: vscode.l10n.t('recent'), kind: vscode.QuickPickItemKind.Separator }] : [];
    pick.items = [...typedItem, ...separator, ...recentItems];
  };
  update();
  try {
    return await new Promise<string>((resolve, reject) => {
      pick.onDidChangeValue(update);
      pick.onDidAccept(() => {
        const line = pick.activeItems[0]?.line ?? pick.selectedItems[0]?.line;
        if (line) resolve(line);
      });
      pick.onDidHide(() => reject(new UserCancelled()));
      pick.show();
    });
  } finally {
    pick.dispose();
  }
}
