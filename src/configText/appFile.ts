// app.json: an app's own settings (PUT /apps/:id accepts name and deploy_branch).
// A rename is allowed; the name rules are the service's (dokku app names).

import { isAppName } from '../model';
import type { FlatMap } from './configDiff';
import { parseFlatJson, renderFlatJson, stringField, type FlatJsonSchema, type ParsedFlatJson } from './flatJsonFile';

const BRANCH_MAX = 255;

/** Why `name` is not a valid app name, or undefined. */
export function appNameProblem(name: string): string | undefined {
  if (!name) return 'cannot be empty';
  if (!isAppName(name)) return 'must start with a lowercase letter and contain only lowercase letters, digits and -';
  return undefined;
}

/**
 * Why `name` is not a valid branch name, or undefined: git's check-ref-format
 * rules for branches, within the characters the service accepts.
 */
export function branchNameProblem(name: string): string | undefined {
  if (!name) return 'cannot be empty';
  if (name.length > BRANCH_MAX) return `is too long (at most ${BRANCH_MAX} characters)`;
  if (!/^[A-Za-z0-9._/-]+$/.test(name)) return 'may contain only letters, digits and . _ / -';
  if (name.startsWith('-')) return 'cannot start with -';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'cannot start or end with / or contain //';
  if (name.includes('..')) return 'cannot contain ..';
  if (name.endsWith('.')) return 'cannot end with .';
  if (name.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock'))) {
    return 'no part between slashes may start with . or end with .lock';
  }
  return undefined;
}

export const APP_SCHEMA: FlatJsonSchema = {
  fileName: 'app.json',
  fields: [
    stringField('name', (s) => appNameProblem(s), true),
    stringField('deploy_branch', (s) => branchNameProblem(s)),
  ],
};

export interface AppSettings {
  name: string;
  deployBranch?: string;
}

/** The file for an app; `values` is the baseline to diff and merge against. */
export function renderAppFile(app: AppSettings): { text: string; values: Record<string, string> } {
  return renderFlatJson(APP_SCHEMA, appValues(app));
}

/** An app's settings as the canonical flat map (also for the server's current state in a merge). */
export function appValues(app: AppSettings): Record<string, string> {
  return app.deployBranch === undefined ? { name: app.name } : { name: app.name, deploy_branch: app.deployBranch };
}

/** Reads app.json; `keep` = keys of the opened file's `values` (settings cannot be removed). */
export function parseAppFile(text: string, keep: readonly string[] = []): ParsedFlatJson {
  return parseFlatJson(APP_SCHEMA, text, keep);
}

/** The PUT /apps/:id changes for the changed canonical values (a change set's `set`). */
export function toAppUpdate(set: FlatMap): { name?: string; deployBranch?: string } {
  return {
    ...(Object.hasOwn(set, 'name') ? { name: set.name } : {}),
    ...(Object.hasOwn(set, 'deploy_branch') ? { deployBranch: set.deploy_branch } : {}),
  };
}
