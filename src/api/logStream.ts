// Following an app's logs when the server offers a stream (`?follow=1`): chunked
// text/plain or text/event-stream. A server without follow answers with the normal
// JSON window; the result then says `streaming: false` and the caller polls instead.
// The stream has no body timeout; an idle watchdog ends it so the caller reconnects.
// Lines are split in linear time however the bytes arrive (a line that never ends
// must not be re-scanned on every chunk), and one line is kept to MAX_LINE_CHARS:
// the rest of it is dropped as it arrives and a marker says how much was cut.

import type { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import { readCapped } from './bodyLimits';
import type { OpenStream } from './callTypes';
import { cutLine, MAX_LINE_CHARS, readLogLines, splitLines } from './normalize';

export type LogStreamEnd = 'server' | 'idle' | 'closed';

export interface LogFollow {
  /** false: the server ignored follow and sent one window (use polling). */
  streaming: boolean;
  /** Batches of new lines, as they arrive; ends on close(), abort, idle or server end. */
  batches: AsyncIterable<string[]>;
  /** Why the iteration ended (set once it has). */
  readonly endReason?: LogStreamEnd;
  close(): void;
}

export function logFollowFrom(res: OpenStream, idleMs: number, signal?: AbortSignal): LogFollow {
  const type = String(res.headers['content-type'] ?? '').toLowerCase();
  const state: { endReason?: LogStreamEnd } = {};
  const close = (reason: LogStreamEnd) => {
    state.endReason ??= reason;
    res.body.destroy();
  };
  const onAbort = () => close('closed');
  signal?.addEventListener('abort', onAbort, { once: true });

  if (type.includes('json')) {
    return {
      streaming: false,
      batches: (async function* () {
        try {
          const text = await readCapped(res.body);
          const lines = readLogLines(text.trim() ? JSON.parse(text) : '');
          if (lines.length) yield lines;
          state.endReason ??= 'server';
        } finally {
          signal?.removeEventListener('abort', onAbort);
        }
      })(),
      get endReason() {
        return state.endReason;
      },
      close: () => close('closed'),
    };
  }

  const source = type.includes('event-stream') ? sseBatches(res.body) : textBatches(res.body);
  async function* watched(): AsyncGenerator<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      if (idleMs <= 0) return;
      clearTimeout(timer);
      timer = setTimeout(() => close('idle'), idleMs);
    };
    arm();
    try {
      for await (const batch of source) {
        arm();
        if (batch.length) yield batch;
      }
      state.endReason ??= 'server';
    } catch (e) {
      if (state.endReason) return; // we destroyed the body ourselves
      throw res.fail(e);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      res.body.destroy();
    }
  }
  return {
    streaming: true,
    batches: watched(),
    get endReason() {
      return state.endReason;
    },
    close: () => close('closed'),
  };
}

/**
 * Splits text arriving in chunks into lines: each character is looked at once, a partial
 * line is kept as pieces (never re-joined per chunk), and a line longer than `maxChars`
 * keeps its start and a marker with the number of characters cut.
 */
export class LineSplitter {
  private pieces: string[] = [];
  private kept = 0;
  private cut = 0;

  constructor(private readonly maxChars = MAX_LINE_CHARS) {}

  /** The lines this text completes. */
  push(text: string): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      this.add(text.slice(start, nl));
      lines.push(this.take());
      start = nl + 1;
    }
    if (start < text.length) this.add(text.slice(start));
    return lines;
  }

  /** The last line, when the text did not end with a line break. */
  end(): string[] {
    return this.kept || this.cut ? [this.take()] : [];
  }

  private add(piece: string): void {
    const room = this.maxChars - this.kept;
    if (piece.length <= room) {
      this.pieces.push(piece);
      this.kept += piece.length;
    } else {
      if (room > 0) this.pieces.push(piece.slice(0, room));
      this.kept = this.maxChars;
      this.cut += piece.length - Math.max(0, room);
    }
  }

  private take(): string {
    let line = this.pieces.join('');
    if (!this.cut && line.endsWith('\r')) line = line.slice(0, -1);
    const cut = this.cut;
    this.pieces = [];
    this.kept = 0;
    this.cut = 0;
    return cut ? cutLine(line, cut) : line;
  }
}

/** Chunked text: whole lines only; a partial last line waits for the next chunk. */
async function* textBatches(body: Readable): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  for await (const chunk of body) yield lines.push(decoder.decode(chunk as Uint8Array, { stream: true }));
  const rest = [...lines.push(decoder.decode()), ...lines.end()];
  if (rest.length) yield rest;
}

/**
 * Server-sent events: each `data:` is a line, several lines, or JSON with lines. The
 * parser is fed whole (capped) lines only, so a `data:` line without an end costs
 * linear time too.
 */
async function* sseBatches(body: Readable): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  let pending: string[] = [];
  const parser = createParser({
    onEvent(event) {
      let lines: string[];
      try {
        lines = readLogLines(JSON.parse(event.data));
      } catch {
        lines = splitLines(event.data);
      }
      pending.push(...lines);
    },
  });
  for await (const chunk of body) {
    for (const line of lines.push(decoder.decode(chunk as Uint8Array, { stream: true }))) parser.feed(`${line}\n`);
    const out = pending;
    pending = [];
    yield out;
  }
  for (const line of [...lines.push(decoder.decode()), ...lines.end()]) parser.feed(`${line}\n`);
  parser.feed('\n');
  if (pending.length) yield pending;
}
