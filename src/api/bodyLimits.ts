// Bounds on what one response may make the extension hold or parse. A response body is
// read only up to MAX_BODY_BYTES (JSON and text alike: a 50 MB log window must not take
// hundreds of MB of heap), and JSON nested deeper than MAX_JSON_DEPTH is refused before
// parsing (the readers and JSON.stringify recurse and would overflow the stack).

import * as l10n from '@vscode/l10n';
import type { Readable } from 'node:stream';

/** Largest response body read into memory (8 MiB; the service's biggest answers are log windows). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Deepest JSON nesting accepted (the service's documents are a few levels deep). */
export const MAX_JSON_DEPTH = 64;

export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(l10n.t('The response is larger than {0} MB', Math.round(limit / 1024 / 1024)));
  }
}

/** Reads a body as text, in linear time, stopping (and destroying the body) past `limit` bytes. */
export async function readCapped(body: AsyncIterable<unknown> & Partial<Pick<Readable, 'destroy'>>, limit = MAX_BODY_BYTES): Promise<string> {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Uint8Array;
    size += bytes.byteLength;
    if (size > limit) {
      body.destroy?.();
      throw new BodyTooLargeError(limit);
    }
    parts.push(decoder.decode(bytes, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/**
 * The deepest nesting of arrays/objects in JSON text: a linear scan that jumps over strings
 * with `indexOf` (most of a list's bytes are strings, so this halves the scan of a big list).
 */
export function jsonDepth(text: string, stopAbove = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i = closingQuote(text, i);
      if (i < 0) break;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > max) max = depth;
      if (max > stopAbove) return max;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return max;
}

/** Index of the quote closing the string opened at `open` (one not escaped by an odd run of backslashes), or -1. */
function closingQuote(text: string, open: number): number {
  for (let i = text.indexOf('"', open + 1); i >= 0; i = text.indexOf('"', i + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
  return -1;
}

/** JSON.parse, refusing documents nested deeper than MAX_JSON_DEPTH (throws a SyntaxError-like error). */
export function parseJsonBounded(text: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new JsonTooDeepError();
  return JSON.parse(text);
}

export class JsonTooDeepError extends Error {
  override readonly name = 'JsonTooDeepError';
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}
