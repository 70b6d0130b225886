import { UserCancelled } from '../model';
import * as vscode from 'vscode';

export interface CheckedInputOptions {
  title: string;
  prompt: string;
  placeholder?: string;
  password?: boolean;
  value?: string;
  /** Local validation while typing; returns the problem, or undefined. */
  validate?: (value: string) => string | undefined;
  /** Server-side check on Enter: returns the problem to show, or undefined to accept. */
  check: (value: string) => Promise<string | undefined>;
}

/**
 * An input box that stays open while the server checks the value: busy while the request
 * runs, the server's complaint shown in place (the typed value kept), closed on success.
 * Resolves to the accepted value; rejects with UserCancelled when dismissed.
 */
export function checkedInput(options: CheckedInputOptions): Promise<string> {
  const box = vscode.window.createInputBox();
  box.title = options.title;
  box.prompt = options.prompt;
  box.placeholder = options.placeholder;
  box.password = options.password ?? false;
  box.value = options.value ?? '';
  box.ignoreFocusOut = true;
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const subscriptions = [
      box.onDidChangeValue((value) => {
        box.validationMessage = options.validate?.(value);
      }),
      box.onDidAccept(async () => {
        if (box.busy) return;
        const value = box.value;
        const problem = options.validate?.(value);
        if (problem) {
          box.validationMessage = problem;
          return;
        }
        box.busy = true;
        box.enabled = false;
        try {
          const complaint = await options.check(value);
          if (complaint === undefined) {
            settled = true;
            resolve(value);
            box.hide();
            return;
          }
          box.validationMessage = { message: complaint, severity: vscode.InputBoxValidationSeverity.Error };
        } catch (error) {
          settled = true;
          reject(error);
          box.hide();
        } finally {
          box.busy = false;
          box.enabled = true;
        }
      }),
      box.onDidHide(() => {
        subscriptions.forEach((s) => s.dispose());
        box.dispose();
        if (!settled) reject(new UserCancelled());
      }),
    ];
    box.show();
  });
}
