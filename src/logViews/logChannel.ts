// One output channel per tailed app ("AppHost: storefront"), in the `apphost-log`
// language so the grammar in media/ colours it. Output channels cannot be read
// back through the API, so the channel can also keep a copy of what it was given
// (`capture`, switched on by the integration tests only: it would otherwise grow
// with the log).
import * as vscode from 'vscode';
import type { LogSink } from '../logs';

export const LOG_LANGUAGE = 'apphost-log';

/** Copies beyond this are trimmed from the front (tests read the recent part). */
const CAPTURE_LIMIT = 64 * 1024 * 1024;

export class LogChannel implements LogSink, vscode.Disposable {
  private readonly channel: vscode.OutputChannel;
  private captured: string | undefined;
  private disposed = false;

  constructor(readonly name: string) {
    this.channel = vscode.window.createOutputChannel(name, LOG_LANGUAGE);
  }

  /** Starts (from empty) or stops keeping a copy of the output. */
  set capture(on: boolean) {
    if (on !== (this.captured !== undefined)) this.captured = on ? '' : undefined;
  }

  /** What was appended since the channel was created or cleared (only while capturing). */
  get text(): string | undefined {
    return this.captured;
  }

  /** What was appended since the last take (only while capturing), and forget it: a long run stays small. */
  takeCaptured(): string | undefined {
    const text = this.captured;
    if (text !== undefined) this.captured = '';
    return text;
  }

  append(text: string): void {
    // Throwing tells the batcher the output is gone, so it stops writing.
    if (this.disposed) throw new Error('the output channel was closed');
    this.channel.append(text);
    if (this.captured !== undefined) {
      this.captured += text;
      if (this.captured.length > CAPTURE_LIMIT) this.captured = this.captured.slice(this.captured.length - CAPTURE_LIMIT / 2);
    }
  }

  clear(): void {
    this.channel.clear();
    if (this.captured !== undefined) this.captured = '';
  }

  show(): void {
    // Keep the focus in the editor: the log runs beside the code.
    this.channel.show(true);
  }

  dispose(): void {
    this.disposed = true;
    this.channel.dispose();
  }
}
