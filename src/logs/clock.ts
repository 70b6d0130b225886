// Events without `vscode`: the tail engine exposes plain listener sets that the VS Code
// layer wraps (or calls) as it likes. (Time is api/clock.ts.)

export interface Disposable {
  dispose(): void;
}

/** A minimal event: `emitter.event(listener)` subscribes, like vscode.EventEmitter. */
export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  readonly event = (listener: (value: T) => void): Disposable => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const l of [...this.listeners]) {
      try {
        l(value);
      } catch {
        // A listener's failure must not break the tail that fired the event.
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
