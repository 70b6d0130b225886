// The one door to VS Code's notifications and modal questions: nothing else in src/ calls
// `window.show*Message` (eslint's no-restricted-properties, eslint.config.mjs). Texts that
// speak of one service are named after it while several are known (`serviceNotice` in
// connections.ts; the commands' kit does it for them: kit/notices.ts).
import * as vscode from 'vscode';

export type Severity = 'info' | 'warning' | 'error';

function show(severity: Severity, message: string, options: vscode.MessageOptions, buttons: string[]): Thenable<string | undefined> {
  switch (severity) {
    case 'info': return vscode.window.showInformationMessage(message, options, ...buttons);
    case 'warning': return vscode.window.showWarningMessage(message, options, ...buttons);
    case 'error': return vscode.window.showErrorMessage(message, options, ...buttons);
  }
}

/** A notification with optional buttons: the one clicked, or undefined (closed, or none). */
export function notify(severity: Severity, message: string, ...buttons: string[]): Thenable<string | undefined> {
  return show(severity, message, {}, buttons);
}

/**
 * A modal question: one of `buttons`, or undefined for Cancel and Escape (VS Code adds
 * Cancel). `detail` says what will happen.
 */
export function ask(severity: Severity, question: string, detail: string | undefined, ...buttons: string[]): Thenable<string | undefined> {
  return show(severity, question, detail === undefined ? { modal: true } : { modal: true, detail }, buttons);
}
