import * as vscode from 'vscode';
import type { AppRef } from './model';

/**
 * What happened to apps, for the areas that care: the command that deletes an app does
 * not know who holds on to it (a log tail, a folder link), they subscribe here.
 */
export class AppEvents implements vscode.Disposable {
  private readonly deleted = new vscode.EventEmitter<AppRef>();
  /** The user deleted an app from this window. */
  readonly onDidDeleteApp = this.deleted.event;

  appDeleted(app: AppRef): void {
    this.deleted.fire(app);
  }

  dispose(): void {
    this.deleted.dispose();
  }
}
