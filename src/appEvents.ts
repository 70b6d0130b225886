import * as vscode from 'vscode';
import type { AppRef } from './model';

/** An app is gone; a subscriber that needs time to let go of it says so with `waitUntil`. */
export interface AppDeletedEvent {
  readonly app: AppRef;
  waitUntil(thenable: Thenable<unknown>): void;
}

/**
 * What happened to apps, for the areas that care: the command that deletes an app does
 * not know who holds on to it (a log tail, a folder link), they subscribe here.
 */
export class AppEvents implements vscode.Disposable {
  private readonly deleted = new vscode.EventEmitter<AppDeletedEvent>();
  /** The user deleted an app from this window. */
  readonly onDidDeleteApp = this.deleted.event;

  /** Tells the subscribers, and resolves once what they started (`waitUntil`) has settled. */
  async appDeleted(app: AppRef): Promise<void> {
    const work: Thenable<unknown>[] = [];
    this.deleted.fire({ app, waitUntil: (thenable) => work.push(thenable) });
    await Promise.allSettled(work);
  }

  dispose(): void {
    this.deleted.dispose();
  }
}
