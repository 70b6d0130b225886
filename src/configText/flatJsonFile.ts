// Settings files that are one flat JSON object (checks.json, app.json), described
// by a table of fields. The editor shows typed JSON (`"wait": 5`); diffing and
// merging work on canonical strings (`"5"`), the same form as the server's flat
// reports, so configDiff/threeWayMerge serve these files as they serve config.env.

import type { FlatMap } from './configDiff';
import { readJsonText } from './jsonText';
import { problemAt, sortProblems, type TextProblem } from './textProblem';

export interface FieldSpec {
  key: string;
  /** Why `value` (any JSON value) is not acceptable, or undefined when it is. */
  check(value: unknown): string | undefined;
  /** A canonical string as shown in the file: `"5"` → `5`. Unreadable strings stay strings (and fail `check`). */
  toJson(canonical: string): unknown;
  /** Cannot be left out of the file. */
  required?: boolean;
}

export interface FlatJsonSchema {
  fileName: string;
  fields: readonly FieldSpec[];
}

export interface ParsedFlatJson {
  /** Canonical strings of the fields that are present and valid. */
  values: Record<string, string>;
  problems: TextProblem[];
}

/** JSON value → canonical string: `5` → "5", `true` → "true", `"x"` → "x". */
export function toCanonical(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The file for `map` (fields in table order, unknown keys left out) and the canonical values it holds. */
export function renderFlatJson(schema: FlatJsonSchema, map: FlatMap): { text: string; values: Record<string, string> } {
  const shown: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const field of schema.fields) {
    if (!Object.hasOwn(map, field.key)) continue;
    shown[field.key] = field.toJson(map[field.key]);
    values[field.key] = toCanonical(shown[field.key]);
  }
  return { text: `${JSON.stringify(shown, null, 2)}\n`, values };
}

/**
 * Reads and checks the file. `keep` names fields that were in the opened file:
 * the service has no way to remove a setting, so deleting one is an error.
 */
export function parseFlatJson(schema: FlatJsonSchema, text: string, keep: readonly string[] = []): ParsedFlatJson {
  const read = readJsonText(text);
  if (!read.ok) return { values: {}, problems: [read.problem] };
  const objectStart = Math.max(0, text.indexOf('{'));
  if (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value)) {
    return { values: {}, problems: [problemAt(text, 0, text.length, `${schema.fileName} must hold one JSON object: { "key": value, ... }`)] };
  }
  const fields = new Map(schema.fields.map((f) => [f.key, f]));
  const problems: TextProblem[] = [];
  const values: Record<string, string> = {};
  const seen = new Set<string>();
  for (const member of read.members) {
    const field = fields.get(member.key);
    const keyProblem = (message: string) => problems.push(problemAt(text, member.keyStart, member.keyEnd, message));
    if (!field) {
      keyProblem(`Unknown setting "${member.key}" (${schema.fileName} holds ${[...fields.keys()].join(', ')})`);
    } else if (seen.has(member.key)) {
      keyProblem(`Duplicate setting "${member.key}"`);
    } else {
      const value: unknown = JSON.parse(text.slice(member.valueStart, member.valueEnd));
      const message = field.check(value);
      if (message) problems.push(problemAt(text, member.valueStart, member.valueEnd, `"${member.key}": ${message}`));
      else values[member.key] = toCanonical(value);
    }
    seen.add(member.key);
  }
  for (const field of schema.fields) {
    if (seen.has(field.key) || !(field.required || keep.includes(field.key))) continue;
    problems.push(problemAt(text, objectStart, objectStart + 1, `"${field.key}" is missing: this setting cannot be removed`));
  }
  return { values, problems: sortProblems(problems) };
}

/** A true/false field ("true"/"false" in canonical form). */
export function booleanField(key: string): FieldSpec {
  return {
    key,
    check: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false (without quotes)'),
    toJson: (s) => (s === 'true' ? true : s === 'false' ? false : s),
  };
}

/** A whole number within [min, max]. */
export function integerField(key: string, min: number, max: number): FieldSpec {
  return {
    key,
    check: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? undefined
      : `must be a whole number from ${min} to ${max}${typeof v === 'string' ? ' (without quotes)' : ''}`),
    toJson: (s) => (/^-?\d+$/.test(s) && Number.isSafeInteger(Number(s)) ? Number(s) : s),
  };
}

/** A string checked by `validate` (which returns why it is invalid). */
export function stringField(key: string, validate: (s: string) => string | undefined, required = false): FieldSpec {
  return {
    key,
    required,
    check: (v) => (typeof v === 'string' ? validate(v) : 'must be a string in double quotes'),
    toJson: (s) => s,
  };
}
