// Following an app's logs when the server offers a stream (`?follow=1`): chunked
// text/plain or text/event-stream. A server without follow answers with the normal
// JSON window; the result then says `streaming: false` and the caller polls instead.
// The stream has no body timeout; an idle watchdog ends it so the caller reconnects.

import type { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import type { OpenStream } from './callTypes';
import { readLogLines, splitLines } from './normalize';

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
          const text = await readAll(res.body);
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

/** Chunked text: whole lines only; a partial last line waits for the next chunk. */
async function* textBatches(body: Readable): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  let partial = '';
  for await (const chunk of body) {
    const parts = (partial + decoder.decode(chunk as Uint8Array, { stream: true })).split(/\r?\n/);
    partial = parts.pop() ?? '';
    yield parts;
  }
  partial += decoder.decode();
  if (partial) yield [partial];
}

/** Server-sent events: each `data:` is a line, several lines, or JSON with lines. */
async function* sseBatches(body: Readable): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
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
    parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    const out = pending;
    pending = [];
    yield out;
  }
}

async function readAll(body: Readable): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of body) text += decoder.decode(chunk as Uint8Array, { stream: true });
  return text + decoder.decode();
}
