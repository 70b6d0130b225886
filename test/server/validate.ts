// Reading and checking request fields. Messages follow the Rails style of the
// real service ("Name can't be blank"); errors are collected, then sent together.

import { isAppName } from '../../src/model';
import type { JsonObject } from './http/body';
import { invalid } from './http/reply';

/** Database and addon names: lowercase, start with a letter, dashes allowed. */
export const NAME_PATTERN = /^[a-z][a-z0-9-]*$/;
export const NAME_MAX = 40;

/** A string field, trimmed; numbers are accepted as their text. Anything else is undefined. */
export function str(body: JsonObject, key: string): string | undefined {
  const v = body[key];
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

export class Errors {
  readonly list: string[] = [];

  add(message: string): this {
    this.list.push(message);
    return this;
  }

  /** Throws a 422 `{errors:[...]}` if anything was collected. */
  check(): void {
    if (this.list.length) throw invalid(...this.list);
  }
}

export function checkName(errors: Errors, label: string, value: string | undefined): void {
  if (!value) {
    errors.add(`${label} can't be blank`);
  } else if (value.length > NAME_MAX) {
    errors.add(`${label} is too long (maximum is ${NAME_MAX} characters)`);
  } else if (!NAME_PATTERN.test(value)) {
    errors.add(`${label} must start with a lowercase letter and contain only lowercase letters, digits and dashes`);
  }
}

/** App names: wokku's model rule (src/model.ts, shared with the extension), with no length limit, and its message. */
export function checkAppName(errors: Errors, label: string, value: string | undefined): void {
  if (!value) errors.add(`${label} can't be blank`);
  else if (!isAppName(value)) errors.add(`${label} must be lowercase alphanumeric with hyphens`);
}

export const HOSTNAME_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
export const ENV_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const PROCESS_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/** A slug from a display name: "Acme Corp" -> "acme-corp". */
export function slugify(name: string): string {
  const slug = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug || 'team';
}
