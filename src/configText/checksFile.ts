// checks.json: an app's health-check settings (GET/PUT /apps/:id/checks). The
// server reports a flat string map ("enabled": "true", "wait": "5"); the file
// shows typed JSON, and only these five fields, which are all PUT accepts.

import type { HealthCheckSettings } from '../api/models';
import type { FlatMap } from './configDiff';
import { booleanField, integerField, parseFlatJson, renderFlatJson, stringField, type FlatJsonSchema, type ParsedFlatJson } from './flatJsonFile';

/** Allowed ranges, as the service enforces them (seconds, except attempts). */
export const CHECK_LIMITS = {
  wait: { min: 0, max: 300 },
  timeout: { min: 1, max: 600 },
  attempts: { min: 1, max: 20 },
} as const;

export const CHECKS_SCHEMA: FlatJsonSchema = {
  fileName: 'checks.json',
  fields: [
    booleanField('enabled'),
    stringField('path', (s) => (/^\/\S*$/.test(s) ? undefined : 'must start with / and contain no spaces, e.g. "/health"')),
    integerField('wait', CHECK_LIMITS.wait.min, CHECK_LIMITS.wait.max),
    integerField('timeout', CHECK_LIMITS.timeout.min, CHECK_LIMITS.timeout.max),
    integerField('attempts', CHECK_LIMITS.attempts.min, CHECK_LIMITS.attempts.max),
  ],
};

/** The file for a checks report; `values` is the baseline to diff and merge against. */
export function renderChecksFile(report: FlatMap): { text: string; values: Record<string, string> } {
  return renderFlatJson(CHECKS_SCHEMA, report);
}

/** Reads checks.json; `keep` = keys of the opened file's `values` (settings cannot be removed). */
export function parseChecksFile(text: string, keep: readonly string[] = []): ParsedFlatJson {
  return parseFlatJson(CHECKS_SCHEMA, text, keep);
}

/** The PUT /apps/:id/checks body for the changed canonical values (a change set's `set`). */
export function toChecksUpdate(set: FlatMap): HealthCheckSettings {
  const body: HealthCheckSettings = {};
  if (Object.hasOwn(set, 'enabled')) body.enabled = set.enabled === 'true';
  if (Object.hasOwn(set, 'path')) body.path = set.path;
  for (const key of ['wait', 'timeout', 'attempts'] as const) {
    if (Object.hasOwn(set, key)) body[key] = Number(set[key]);
  }
  return body;
}
