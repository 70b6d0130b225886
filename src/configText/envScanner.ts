// The line structure of a `.env` text: which lines are entries, where each entry
// (a quoted value may span lines) starts and ends, and what is wrong with a line.
// It reads no values: those come from dotenv (see envFile.ts). It exists because
// dotenv silently skips what it cannot read (a line without `=`, a bad name, an
// unterminated quote), and a skipped line would become a DELETE on save.
//
// Quoted values follow dotenv's own rule (v18, default parser): a value opened
// with ' " or ` runs to the last matching quote that is followed only by spaces
// or a `#` comment on its line, and it cannot run past a quote that is not
// preceded by a backslash. When no such quote exists, dotenv reads the rest of
// the line as an unquoted value (and drops the outer quotes if both ends have one).

import * as l10n from '@vscode/l10n';
import { positionAt, problemAt, type TextProblem } from './textProblem';

/** Variable names the editor accepts: what shells and most platforms accept. */
export const ENV_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface EnvEntry {
  key: string;
  /** 0-based line of the key; `endLine` is the last line of its value. */
  line: number;
  endLine: number;
  /** Offsets in the (line-break normalised) text: the whole entry, comment included. */
  start: number;
  end: number;
}

export interface EnvScan {
  entries: EnvEntry[];
  problems: TextProblem[];
}

/** A valid name (`__proto__` too: envFile.ts reads it past dotenv's plain-object store). */
export function isValidEnvKey(key: string): boolean {
  return ENV_KEY_PATTERN.test(key);
}

/** CRLF and lone CR become LF, as dotenv does before reading. */
export function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

// `export ` prefix, the name, spaces, then `=`. Groups: 1 indent+prefix, 2 name, 3 "=" if present.
const ENTRY_HEAD = /^(\s*(?:export\s+(?=[^\s=]))?)([^\s=]*)\s*(=?)/;
const QUOTED: Record<string, RegExp> = Object.fromEntries(
  ["'", '"', '`'].map((q) => [q, new RegExp(`${q}(?:\\\\${q}|[^${q}])*${q}(?=[^\\S\\n]*(?:#[^\\n]*)?(?:\\n|$))`, 'y')]),
);

/** Scans `text` (line breaks already normalised) into entries and problems. */
export function scanEnvText(text: string): EnvScan {
  const entries: EnvEntry[] = [];
  const problems: TextProblem[] = [];
  const firstLineOf = new Map<string, number>();
  let line = 0;
  for (let pos = 0; pos <= text.length;) {
    const lineEnd = endOfLine(text, pos);
    const content = text.slice(pos, lineEnd);
    let entryEnd = lineEnd;
    if (!/^\s*(#|$)/.test(content)) {
      const head = ENTRY_HEAD.exec(content)!;
      const keyStart = pos + head[1].length;
      const key = head[2];
      const headProblem = checkHead(content, head);
      if (headProblem) {
        problems.push(problemAt(text, pos + headProblem.from, pos + headProblem.to, headProblem.message));
      } else {
        const value = scanValue(text, pos + head[0].length, lineEnd);
        if (value.problem) problems.push(value.problem);
        entryEnd = value.end;
        const endLine = line + countLineBreaks(text, pos, entryEnd);
        const seenOn = firstLineOf.get(key);
        if (seenOn !== undefined) {
          problems.push(problemAt(text, keyStart, keyStart + key.length,
            l10n.t('Duplicate variable {0} (already set on line {1})', key, seenOn + 1)));
        } else {
          firstLineOf.set(key, line);
        }
        if (!value.problem || value.problem.severity === 'warning') {
          entries.push({ key, line, endLine, start: pos, end: entryEnd });
        }
      }
    }
    line += countLineBreaks(text, pos, entryEnd) + 1;
    pos = entryEnd + 1;
  }
  return { entries, problems };
}

/** What is wrong with the `NAME=` part of an entry line, as a column span of `content`. */
function checkHead(content: string, head: RegExpExecArray): { from: number; to: number; message: string } | undefined {
  const key = head[2];
  const from = head[1].length;
  const equals = content.indexOf('=');
  if (!head[3]) {
    const name = equals === -1 ? '' : content.slice(from, equals).trim();
    return name
      ? { from, to: from + name.length, message: l10n.t('Invalid variable name "{0}": names cannot contain spaces', name) }
      : { from: content.search(/\S/), to: content.length, message: l10n.t('Expected KEY=value (this line has no "=")') };
  }
  if (!key) return { from: content.search(/\S/), to: content.length, message: l10n.t('Missing variable name before "="') };
  const span = { from, to: from + key.length };
  if (!ENV_KEY_PATTERN.test(key)) {
    return { ...span, message: l10n.t('Invalid variable name "{0}": use letters, digits and _, not starting with a digit', key) };
  }
  return undefined;
}

/** Where the value that starts at `from` ends (its comment included), and what is wrong with it. */
function scanValue(text: string, from: number, lineEnd: number): { end: number; problem?: TextProblem } {
  const start = from + /^[^\S\n]*/.exec(text.slice(from, lineEnd))![0].length;
  const quote = text[start];
  if (quote === "'" || quote === '"' || quote === '`') {
    const pattern = QUOTED[quote];
    pattern.lastIndex = start;
    if (pattern.test(text)) {
      const end = endOfLine(text, pattern.lastIndex);
      // `'abc\'` looks closed but is not: dotenv has no \' escape, the value runs on.
      const lookalike = new RegExp(`\\\\${quote}(?=[^\\S\\n]*(?:#[^\\n]*)?\\n)`).exec(text.slice(start + 1, pattern.lastIndex - 1));
      if (!lookalike) return { end };
      const at = start + 1 + lookalike.index;
      return {
        end,
        problem: problemAt(text, at, at + 2,
          l10n.t('{0} after a backslash does not end the value (.env has no \\{0} escape): the value runs on to line {1}', quote, positionAt(text, end).line + 1)),
      };
    }
    // dotenv falls back to an unquoted read: fine only when the line closes the quote.
    const unquoted = text.slice(start, lineEnd).split('#')[0].trim();
    if (unquoted.length >= 2 && unquoted.endsWith(quote)) return { end: lineEnd };
    return {
      end: lineEnd,
      problem: problemAt(text, start, lineEnd, l10n.t('Unterminated quoted value: add the closing {0}', quote)),
    };
  }
  // `KEY=abc#def` reads as "abc": most likely not what was meant.
  const hash = /^#|\S#/.exec(text.slice(from, lineEnd));
  if (hash) {
    const at = from + hash.index + hash[0].length - 1;
    return {
      end: lineEnd,
      problem: problemAt(text, at, lineEnd,
        l10n.t('"#" starts a comment, so the value ends before it; quote the value to keep "#"'), 'warning'),
    };
  }
  return { end: lineEnd };
}

function endOfLine(text: string, pos: number): number {
  const i = text.indexOf('\n', pos);
  return i === -1 ? text.length : i;
}

function countLineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
