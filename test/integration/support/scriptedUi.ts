// Answers the extension's prompts inside the extension host, so flows can be tested
// end to end against the reference server without a person at the keyboard.
// (The real clicking and typing is covered by the e2e journeys.)
import * as vscode from 'vscode';

type Answer = string | undefined;

export interface ScriptedUi {
  /** Values typed into input boxes, in order (undefined = the user pressed Escape). */
  inputs: Answer[];
  /**
   * Labels (or a part of them) picked in QuickPicks, in order; for multi-select, comma-separated parts.
   * A QuickPick made with createQuickPick gets the answer typed into its box first (its items may follow what is typed).
   */
  picks: Answer[];
  /** Buttons clicked in messages, by text of the message: first matching pattern wins ('*': its first button). */
  buttons: [RegExp, Answer][];
  /** Files chosen in open and save dialogs, in order (undefined = the dialog was dismissed). */
  files: (vscode.Uri | undefined)[];
  /** Everything shown: messages, input prompts, validation messages. */
  readonly shown: { kind: string; text: string; detail?: string; items?: string[] }[];
  restore(): void;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function scriptUi(script: Partial<Pick<ScriptedUi, 'inputs' | 'picks' | 'buttons' | 'files'>> = {}): ScriptedUi {
  const win = vscode.window as Mutable<typeof vscode.window>;
  const originals = {
    showQuickPick: win.showQuickPick,
    showInputBox: win.showInputBox,
    createInputBox: win.createInputBox,
    createQuickPick: win.createQuickPick,
    showInformationMessage: win.showInformationMessage,
    showWarningMessage: win.showWarningMessage,
    showErrorMessage: win.showErrorMessage,
    showOpenDialog: win.showOpenDialog,
    showSaveDialog: win.showSaveDialog,
  };
  const ui: ScriptedUi = {
    inputs: script.inputs ?? [],
    picks: script.picks ?? [],
    buttons: script.buttons ?? [],
    files: script.files ?? [],
    shown: [],
    restore: () => Object.assign(win, originals),
  };
  const nextInput = () => (ui.inputs.length ? ui.inputs.shift() : undefined);

  win.showQuickPick = (async (items: unknown, options?: vscode.QuickPickOptions) => {
    const list = (await items) as (string | vscode.QuickPickItem)[];
    ui.shown.push({ kind: 'quickPick', text: options?.title ?? '', items: list.map((i) => (typeof i === 'string' ? i : i.kind === vscode.QuickPickItemKind.Separator ? `--- ${i.label}` : i.label)) });
    const wanted = ui.picks.shift();
    if (wanted === undefined) return undefined;
    // Multi-select: "a, b" picks every item whose label contains one of the parts.
    if (options?.canPickMany) {
      const parts = wanted.split(',').map((p) => p.trim());
      return list.filter((i) => typeof i !== 'string' && i.kind !== vscode.QuickPickItemKind.Separator && parts.some((p) => i.label.includes(p)));
    }
    const found = list.find((i) => (typeof i === 'string' ? i.includes(wanted) : i.kind !== vscode.QuickPickItemKind.Separator && i.label.includes(wanted)));
    if (!found) throw new Error(`QuickPick has no item "${wanted}"`);
    return found;
  }) as typeof win.showQuickPick;

  win.showInputBox = (async (options?: vscode.InputBoxOptions) => {
    ui.shown.push({ kind: 'inputBox', text: options?.prompt ?? '' });
    const value = nextInput();
    if (value === undefined) return undefined;
    const problem = await options?.validateInput?.(value);
    if (problem) throw new Error(`input "${value}" rejected: ${typeof problem === 'string' ? problem : problem.message}`);
    return value;
  }) as typeof win.showInputBox;

  win.createInputBox = () => fakeInputBox(ui, nextInput);
  win.createQuickPick = (() => fakeQuickPick(ui)) as typeof win.createQuickPick;

  // A dialog's title is what it asks; a save dialog's default file is what it proposes.
  win.showOpenDialog = (async (options?: vscode.OpenDialogOptions) => {
    ui.shown.push({ kind: 'openDialog', text: options?.title ?? '' });
    const file = ui.files.shift();
    return file ? [file] : undefined;
  }) as typeof win.showOpenDialog;
  win.showSaveDialog = (async (options?: vscode.SaveDialogOptions) => {
    ui.shown.push({ kind: 'saveDialog', text: options?.title ?? '', detail: options?.defaultUri?.fsPath });
    return ui.files.shift();
  }) as typeof win.showSaveDialog;

  const message = (kind: string) =>
    (async (text: string, ...rest: unknown[]) => {
      const buttons = rest.filter((r) => typeof r === 'string' || (r && typeof r === 'object' && 'title' in r)) as (string | vscode.MessageItem)[];
      // A modal's detail is part of what the user reads; the buttons are what they can do.
      const detail = (rest.find((r) => r && typeof r === 'object' && 'detail' in r) as vscode.MessageOptions | undefined)?.detail;
      ui.shown.push({ kind, text, detail, items: buttons.map((b) => (typeof b === 'string' ? b : b.title)) });
      const rule = ui.buttons.find(([pattern]) => pattern.test(text));
      if (!rule || rule[1] === undefined) return undefined;
      return rule[1] === '*' ? buttons[0] : buttons.find((b) => (typeof b === 'string' ? b : b.title) === rule[1]);
    }) as never;
  win.showInformationMessage = message('info');
  win.showWarningMessage = message('warning');
  win.showErrorMessage = message('error');
  return ui;
}

/** An InputBox that types the next scripted value and presses Enter, as long as values remain. */
function fakeInputBox(ui: ScriptedUi, nextInput: () => Answer): vscode.InputBox {
  const accept = new vscode.EventEmitter<void>();
  const hide = new vscode.EventEmitter<void>();
  const change = new vscode.EventEmitter<string>();
  let hidden = false;
  const box = {
    value: '', placeholder: undefined, password: false, prompt: undefined, title: undefined, step: undefined, totalSteps: undefined,
    enabled: true, busy: false, ignoreFocusOut: false, buttons: [], validationMessage: undefined as unknown, valueSelection: undefined,
    onDidAccept: accept.event, onDidHide: hide.event, onDidChangeValue: change.event,
    onDidTriggerButton: new vscode.EventEmitter<vscode.QuickInputButton>().event,
    show() {
      ui.shown.push({ kind: 'inputBox', text: String(box.prompt ?? '') });
      void typeNext();
    },
    hide() {
      if (hidden) return;
      hidden = true;
      hide.fire();
    },
    dispose() {
      box.hide();
    },
  };
  async function typeNext() {
    const value = nextInput();
    if (value === undefined) return box.hide();
    box.value = value;
    change.fire(value);
    accept.fire();
    // Wait for the extension's check to finish, then react like a person would.
    await new Promise((r) => setTimeout(r, 20));
    while (box.busy) await new Promise((r) => setTimeout(r, 20));
    if (hidden) return;
    const message = box.validationMessage as string | { message: string } | undefined;
    if (message) ui.shown.push({ kind: 'validation', text: typeof message === 'string' ? message : message.message });
    void typeNext();
  }
  return box as unknown as vscode.InputBox;
}

/** A QuickPick (createQuickPick) that types the next scripted pick into its box, then accepts the first item whose label holds it. */
function fakeQuickPick(ui: ScriptedUi): vscode.QuickPick<vscode.QuickPickItem> {
  const accept = new vscode.EventEmitter<void>();
  const hide = new vscode.EventEmitter<void>();
  const change = new vscode.EventEmitter<string>();
  const never = new vscode.EventEmitter<never>().event;
  let hidden = false;
  const labels = (items: readonly vscode.QuickPickItem[]) => items.map((i) => (i.kind === vscode.QuickPickItemKind.Separator ? `--- ${i.label}` : i.label));
  const pick = {
    value: '', items: [] as readonly vscode.QuickPickItem[], activeItems: [] as readonly vscode.QuickPickItem[], selectedItems: [] as readonly vscode.QuickPickItem[],
    title: undefined as string | undefined, placeholder: undefined, step: undefined, totalSteps: undefined, enabled: true, busy: false, ignoreFocusOut: false,
    canSelectMany: false, matchOnDescription: false, matchOnDetail: false, keepScrollPosition: false, sortByLabel: true, buttons: [],
    onDidAccept: accept.event, onDidHide: hide.event, onDidChangeValue: change.event, onDidChangeActive: never, onDidChangeSelection: never,
    onDidTriggerButton: never, onDidTriggerItemButton: never,
    show() {
      ui.shown.push({ kind: 'quickPick', text: String(pick.title ?? ''), items: labels(pick.items) });
      const wanted = ui.picks.shift();
      if (wanted === undefined) return pick.hide();
      pick.value = wanted;
      change.fire(wanted);
      const found = pick.items.find((i) => i.kind !== vscode.QuickPickItemKind.Separator && i.label.includes(wanted));
      if (!found) throw new Error(`QuickPick has no item "${wanted}" among ${labels(pick.items).join(', ')}`);
      pick.activeItems = [found];
      pick.selectedItems = [found];
      accept.fire();
    },
    hide() {
      if (hidden) return;
      hidden = true;
      hide.fire();
    },
    dispose() {
      pick.hide();
    },
  };
  return pick as unknown as vscode.QuickPick<vscode.QuickPickItem>;
}
