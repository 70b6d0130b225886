// Per-app log buffers. Lines are plain text ("<ISO time> app[web.1]: ..."); the
// newest are kept, and listeners (follow streams) hear every append.

import { EventEmitter } from 'node:events';

const MAX_LINES = 3000;

export class LogBook {
  private readonly buffers = new Map<string, string[]>();
  private readonly events = new EventEmitter();

  constructor() {
    this.events.setMaxListeners(0);
  }

  append(appId: string, lines: string[]): void {
    if (lines.length === 0) return;
    const buf = this.buffers.get(appId) ?? [];
    buf.push(...lines);
    if (buf.length > MAX_LINES) buf.splice(0, buf.length - MAX_LINES);
    this.buffers.set(appId, buf);
    this.events.emit(appId, lines);
  }

  tail(appId: string, count: number): string[] {
    const buf = this.buffers.get(appId) ?? [];
    return count >= buf.length ? [...buf] : buf.slice(buf.length - count);
  }

  size(appId: string): number {
    return this.buffers.get(appId)?.length ?? 0;
  }

  subscribe(appId: string, listener: (lines: string[]) => void): () => void {
    this.events.on(appId, listener);
    return () => this.events.off(appId, listener);
  }

  drop(appId: string): void {
    this.buffers.delete(appId);
  }
}

/** "2026-11-21T19:30:01.123Z app[web.1]: message" */
export function logLine(at: Date, source: string, text: string): string {
  return `${at.toISOString()} ${source}: ${text}`;
}
