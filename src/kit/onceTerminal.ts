// The pseudoterminal of every terminal AppHost opens (Run Command…'s, an `apphost` task's).
// Any extension can get one (a terminal's `creationOptions.pty`; a task's execution, called),
// so it is an object of closures: nothing on it leads back to AppHost. It runs its job once,
// when it first opens: opened again, or after it was closed, it does nothing.
import * as vscode from 'vscode';

export interface OnceTerminal {
  readonly pty: vscode.Pseudoterminal;
  /** Writes to the terminal (text with its own line ends and colours). */
  write(text: string): void;
}

/**
 * `run`: the job, on first open; its result closes the terminal with that exit code
 * (undefined: it stays open to be read). `onClose`: the user closed it (`opened`: whether the
 * job had started; one that never opened never runs).
 */
export function onceTerminal(run: () => Promise<number | undefined>, onClose: (opened: boolean) => void = () => undefined): OnceTerminal {
  const written = new vscode.EventEmitter<string>();
  const closed = new vscode.EventEmitter<number>();
  let started = false;
  return {
    write: (text) => written.fire(text),
    pty: {
      onDidWrite: written.event,
      onDidClose: closed.event,
      open: () => {
        if (started) return;
        started = true;
        void run().then((code) => code !== undefined && closed.fire(code));
      },
      close: () => {
        const opened = started;
        started = true;
        onClose(opened);
      },
    },
  };
}
