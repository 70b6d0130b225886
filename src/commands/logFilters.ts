// The questions of Filter Tail… and Show Recent Lines…: which filter (container globs,
// text, regular expression, or a level), and how many lines. Each input is checked as it
// is typed, so a bad pattern is explained before anything changes.
import * as vscode from 'vscode';
import { MAX_RECENT_LINES } from '../logViews/recentLines';
import { describeFilter, parseContainerGlobs, parseRegex, type TailFilter } from '../logs';
import { UserCancelled } from '../model';

type Kind = 'container' | 'text' | 'regex' | 'error' | 'warning';

/** Asks how to filter the tail of `appName`; `current` is named in the title. */
export async function askTailFilter(appName: string, current: TailFilter | undefined): Promise<TailFilter> {
  const items: (vscode.QuickPickItem & { kind2: Kind })[] = [
    { kind2: 'container', label: `$(server-process) ${vscode.l10n.t('By Container…')}`, detail: vscode.l10n.t('web.1, or a pattern such as worker.* (several: separated by commas)') },
    { kind2: 'text', label: `$(search) ${vscode.l10n.t('By Text…')}`, detail: vscode.l10n.t('Lines whose message contains the text (any case)') },
    { kind2: 'regex', label: `$(regex) ${vscode.l10n.t('By Regular Expression…')}`, detail: vscode.l10n.t('Lines whose message matches, e.g. ^POST or /timeout|refused/i') },
    { kind2: 'error', label: `$(error) ${vscode.l10n.t('Errors')}`, detail: vscode.l10n.t('Lines that look like errors, and stack frames') },
    { kind2: 'warning', label: `$(warning) ${vscode.l10n.t('Errors and Warnings')}`, detail: vscode.l10n.t('Lines that look like errors or warnings, and stack frames') },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: current ? vscode.l10n.t('Filter the tail of {0} (now: {1})', appName, describeFilter(current)) : vscode.l10n.t('Filter the tail of {0}', appName),
    placeHolder: vscode.l10n.t('Show only the lines that…'),
    // The first of two questions, like the input after it: it stays open when focus moves
    // (a busy workbench gave the tree its focus back after the pick showed, and closed it).
    ignoreFocusOut: true,
  });
  if (!picked) throw new UserCancelled();
  switch (picked.kind2) {
    case 'error':
    case 'warning':
      return { kind: 'level', level: picked.kind2 };
    case 'container': {
      const value = await ask(vscode.l10n.t('Containers to show'), 'web.1, worker.*', (v) => errorOf(parseContainerGlobs(v)));
      return { kind: 'container', globs: valid(parseContainerGlobs(value)).globs };
    }
    case 'text': {
      const value = await ask(vscode.l10n.t('Text the lines must contain'), 'timeout', (v) => (v.trim() ? undefined : vscode.l10n.t('Type the text to look for')));
      return { kind: 'text', text: value.trim() };
    }
    case 'regex': {
      const value = await ask(vscode.l10n.t('Regular expression the lines must match'), '/timeout|refused/i', (v) => errorOf(parseRegex(v)));
      return { kind: 'regex', ...valid(parseRegex(value)) };
    }
  }
}

/** Asks how many lines per container Show Recent Lines… reads. */
export async function askRecentLineCount(appName: string): Promise<number> {
  const value = await ask(
    vscode.l10n.t('How many of the last lines of each container of {0}? (at most {1})', appName, MAX_RECENT_LINES),
    String(MAX_RECENT_LINES),
    (v) => (/^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= MAX_RECENT_LINES ? undefined : vscode.l10n.t('Type a number from 1 to {0}', MAX_RECENT_LINES)),
    String(MAX_RECENT_LINES),
  );
  return Number(value.trim());
}

async function ask(prompt: string, placeHolder: string, validateInput: (v: string) => string | undefined, value?: string): Promise<string> {
  const answer = await vscode.window.showInputBox({ prompt, placeHolder, value, validateInput, ignoreFocusOut: true });
  if (answer === undefined) throw new UserCancelled();
  return answer;
}

function errorOf<T extends object>(parsed: T | { error: string }): string | undefined {
  return 'error' in parsed ? parsed.error : undefined;
}

/** The parsed input (validateInput let only valid input through). */
function valid<T extends object>(parsed: T | { error: string }): T {
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}
