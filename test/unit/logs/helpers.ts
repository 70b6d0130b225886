// Shared helpers of the logs suite: a manual clock, a capturing sink, and the
// "true stream" models used by the property tests.

import type { LogSink } from '../../../src/logs';
import { isMarker } from '../../../src/logs';

// One fake clock for every unit suite.

/** Collects what a tail writes; splits it back into lines and markers. */
export class CaptureSink implements LogSink {
  readonly appends: string[] = [];

  append(text: string): void {
    this.appends.push(text);
  }

  get text(): string {
    return this.appends.join('');
  }

  /** Every line written, markers included. */
  get all(): string[] {
    const t = this.text;
    return t ? t.slice(0, -1).split('\n') : [];
  }

  get lines(): string[] {
    return this.all.filter((l) => !isMarker(l));
  }

  get markers(): string[] {
    return this.all.filter(isMarker);
  }
}

/**
 * A log where identical lines only ever come as consecutive repeats, as in real
 * timestamped logs (same millisecond, same text). Time only moves forward.
 */
export class TimestampedLog {
  readonly lines: string[] = [];
  private t = 0;
  private usedAtT = new Set<number>();

  /** `repeat`: the previous line again; else a new line `dt` later with message `msg` (0..3). */
  add(op: { repeat: boolean; dt: number; msg: number }): void {
    const last = this.lines[this.lines.length - 1];
    if (op.repeat && last !== undefined) {
      this.lines.push(last);
      return;
    }
    let { dt, msg } = op;
    if (dt === 0 && this.usedAtT.has(msg)) {
      const free = [0, 1, 2, 3].find((m) => !this.usedAtT.has(m));
      if (free === undefined) dt = 1;
      else msg = free;
    }
    if (dt > 0) {
      this.t += dt;
      this.usedAtT.clear();
    }
    this.usedAtT.add(msg);
    this.lines.push(`2026-01-01T00:00:${String(this.t).padStart(6, '0')}Z app[web.1]: message ${msg}`);
  }
}

export function distinctCount(lines: readonly string[]): number {
  return new Set(lines).size;
}

