// config.env: an app's config vars as `.env` text, and back.
//
// Reading uses dotenv for every value; envScanner.ts checks the lines dotenv
// would skip. Writing tries the spellings of envValueSpelling.ts and keeps the
// first that this very reader reads back exactly, so parse(render(vars)) equals
// the vars by construction. A variable that cannot be written (a name dotenv
// cannot read, or one of the rare values no quoting carries) is left out of
// the text, named in a comment and listed in `skipped`; callers leave it
// alone on save by diffing against `values`, never against the server's map.

import * as l10n from '@vscode/l10n';
import { parse as dotenvParse } from 'dotenv';
import { setEntry } from '../api/normalize';
import { isValidEnvKey, normalizeLineBreaks, scanEnvText, type EnvEntry } from './envScanner';
import { valueSpellings } from './envValueSpelling';
import { positionAt, problemAt, sortProblems, type TextProblem } from './textProblem';

export type EnvVars = Record<string, string>;

export interface ParsedEnvFile {
  /** The variables as dotenv reads them (also when there are problems: then do not save). */
  values: EnvVars;
  /** Errors block the save; see textProblem.ts. */
  problems: TextProblem[];
  /** Where each variable is, e.g. to reveal the line of a var clicked in the tree. */
  entries: EnvEntry[];
}

export interface SkippedVar {
  key: string;
  reason: 'invalid-name' | 'unwritable-value';
}

export interface RenderedEnvFile {
  text: string;
  /** What `text` holds: the baseline to diff and merge against (skipped vars excluded). */
  values: EnvVars;
  skipped: SkippedVar[];
}

export interface RenderOptions {
  /** Comment lines for the top of the file (without the leading `#`). */
  header?: readonly string[];
}

/** Reads `.env` text: values from dotenv, problems for every line dotenv would skip or misread. */
export function parseEnvFile(text: string): ParsedEnvFile {
  const normalized = normalizeLineBreaks(text);
  const { entries, problems } = scanEnvText(normalized);
  const values = parseDotenv(normalized);
  problems.push(...disagreements(normalized, entries, values, problems));
  return { values: { ...values }, problems: sortProblems(problems), entries };
}

/**
 * The scanner and dotenv must see the same entries with the same values: each entry
 * read on its own must give what dotenv read from the whole file. When they
 * differ (a quote that swallows the next lines), the user sees it, not the server.
 */
function disagreements(text: string, entries: EnvEntry[], values: EnvVars, knownErrors: TextProblem[]): TextProblem[] {
  const problems: TextProblem[] = [];
  const lastEntryOf = new Map(entries.map((e) => [e.key, e]));
  for (const entry of lastEntryOf.values()) {
    const own = parseDotenv(text.slice(entry.start, entry.end));
    if (!Object.hasOwn(own, entry.key) || !Object.hasOwn(values, entry.key) || own[entry.key] !== values[entry.key]) {
      problems.push(problemAt(text, entry.start, entry.end,
        l10n.t('The value of {0} is read differently in this file than it looks: check the quotes on this and earlier lines', entry.key)));
    }
  }
  for (const key of Object.keys(values)) {
    if (lastEntryOf.has(key)) continue;
    const found = new RegExp(`^\\s*(?:export\\s+)?(${escapeRegExp(key)})\\s*[=:]`, 'm').exec(text);
    const at = found ? found.index + found[0].indexOf(key) : 0;
    const line = positionAt(text, at).line;
    // A line the scanner already rejected explains itself.
    if (knownErrors.some((p) => p.line === line && p.severity === 'error')) continue;
    problems.push(problemAt(text, at, at + key.length,
      l10n.t('The .env reader finds a variable {0} here that the editor cannot place: check the quotes', key)));
  }
  return problems;
}

/** `.env` text for `vars`: sorted `KEY=value` lines, values quoted only where needed. */
export function renderEnvFile(vars: EnvVars, options: RenderOptions = {}): RenderedEnvFile {
  const keys = Object.keys(vars).sort();
  const writable = keys.filter(isValidEnvKey);
  // Fast path: each line chosen on its own. A value ending in a backslash can still
  // swallow the lines after it, so the whole text is checked and, if needed, rebuilt.
  let lines = writable.map((key) => firstReadableLine(key, vars[key], '', {}));
  if (!readsBackAs(entryText(lines), writtenValues(writable, lines, vars))) {
    lines = chooseLinesInContext(writable, vars);
  }
  const skipped: SkippedVar[] = [
    ...keys.filter((k) => !isValidEnvKey(k)).map((key) => ({ key, reason: 'invalid-name' as const })),
    ...writable.filter((_, i) => lines[i] === undefined).map((key) => ({ key, reason: 'unwritable-value' as const })),
  ].sort((a, b) => (a.key < b.key ? -1 : 1));
  const header = (options.header ?? []).flatMap((l) => l.split(/\r\n?|\n/)).map((l) => `# ${l}`.trimEnd());
  // Comments go first: a comment line cannot change how the entries after it read.
  const text = [...header, ...skipped.map(skippedComment)].map((l) => `${l}\n`).join('') + entryText(lines);
  return { text, values: writtenValues(writable, lines, vars), skipped };
}

function entryText(lines: (string | undefined)[]): string {
  return lines.filter((l) => l !== undefined).map((l) => `${l}\n`).join('');
}

function writtenValues(keys: string[], lines: (string | undefined)[], vars: EnvVars): EnvVars {
  return Object.fromEntries(keys.filter((_, i) => lines[i] !== undefined).map((k) => [k, vars[k]]));
}

function skippedComment({ key, reason }: SkippedVar): string {
  // Only printable ASCII in a comment: dotenv treats U+2028 as a line break.
  const name = JSON.stringify(key).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const what = reason === 'invalid-name' ? 'name' : 'value';
  return `# ${name} is not shown: its ${what} cannot be written in a .env file; saving leaves it unchanged`;
}

/** The first spelling of `key=value` that reads back exactly, also in front of `rest`. */
function firstReadableLine(key: string, value: string, rest: string, restValues: EnvVars): string | undefined {
  for (const spelling of valueSpellings(value)) {
    const line = `${key}=${spelling}`;
    if (readsBackAs(`${line}\n${rest}`, { ...restValues, [key]: value })) return line;
  }
  return undefined;
}

function readsBackAs(text: string, expected: EnvVars): boolean {
  const parsed = parseEnvFile(text);
  const keys = Object.keys(expected);
  return parsed.problems.length === 0 && Object.keys(parsed.values).length === keys.length
    && keys.every((k) => Object.hasOwn(parsed.values, k) && parsed.values[k] === expected[k]);
}

/**
 * A comment that stops a quoted value ending in a backslash from running on: in
 * dotenv a quote after a backslash does not close, so such a value would extend
 * to a later quote; the first quote of each kind here cannot close a value.
 */
export const RUN_ON_GUARD = "# (keeps the quoted value above from running on: '.' \".\" `.`)";

/** Slow path: lines chosen from the last up, each checked in front of those after it. */
function chooseLinesInContext(keys: string[], vars: EnvVars): (string | undefined)[] {
  const lines: (string | undefined)[] = new Array(keys.length);
  let rest = '';
  const restValues: EnvVars = {};
  for (let i = keys.length - 1; i >= 0; i--) {
    const [key, value] = [keys[i], vars[keys[i]]];
    const line = firstReadableLine(key, value, rest, restValues);
    const guarded = line ?? firstReadableLine(key, value, `${RUN_ON_GUARD}\n${rest}`, restValues);
    lines[i] = line ?? (guarded === undefined ? undefined : `${guarded}\n${RUN_ON_GUARD}`);
    if (lines[i] === undefined) continue;
    rest = `${lines[i]}\n${rest}`;
    setEntry(restValues, key, value);
  }
  return lines;
}

/**
 * dotenv's parse with every name kept: it stores entries by assignment, so a variable
 * named `__proto__` would vanish. That name is read under a stand-in (with a dot, which
 * no valid name has) and renamed back.
 */
function parseDotenv(text: string): EnvVars {
  const parsed = dotenvParse(text.replace(/^([ \t]*(?:export[ \t]+)?)__proto__(?=[ \t]*[=:])/gm, `$1${PROTO_STAND_IN}`));
  const out: EnvVars = {};
  for (const [key, value] of Object.entries(parsed)) {
    // A multi-line quoted value may have held such a line: give it back as written.
    setEntry(out, key === PROTO_STAND_IN ? '__proto__' : key, value.split(PROTO_STAND_IN).join('__proto__'));
  }
  return out;
}

const PROTO_STAND_IN = '__apphost.proto__';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
