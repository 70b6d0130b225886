// The `buildpacks` document: an app's buildpacks, one URL per line, in the order the
// build runs them. Its values hold one key (the whole list), so the three-way merge of a
// save sees "the list changed on the server since the tab was opened" as a conflict, and a
// save sends the whole list (PUT `{urls}`), as wokku's buildpacks endpoint takes it.
import * as l10n from '@vscode/l10n';
import type { FlatMap } from './configDiff';
import { problemAt, type TextProblem } from './textProblem';

/** The one key of the document's values (also what a conflict names). */
export const BUILDPACKS_KEY = 'buildpacks';

/** wokku's rule (Dokku::Buildpacks::URL_PATTERN): an http(s) URL, or `heroku/<name>`. */
const BUILDPACK_URL = /^(https?:\/\/[\w.\-/:]+|heroku\/[\w-]+)$/;

/** Why `url` is not a buildpack wokku accepts, or undefined. */
export function buildpackUrlProblem(url: string): string | undefined {
  if (!url) return l10n.t('Enter a buildpack URL, e.g. "https://github.com/heroku/heroku-buildpack-nodejs.git" or "heroku/nodejs"');
  if (/\s/.test(url)) return l10n.t('A buildpack URL has no spaces');
  if (!BUILDPACK_URL.test(url)) return l10n.t('Enter an http(s):// URL (letters, digits and . - / : _ only) or "heroku/<name>"');
  return undefined;
}

/** The document's values for a list (the merge base, or the server's side). */
export function buildpackValues(urls: readonly string[]): FlatMap {
  return { [BUILDPACKS_KEY]: urls.join('\n') };
}

/** The list the values hold (empty: no buildpack set, the build detects one). */
export function buildpackList(values: FlatMap): string[] {
  const joined = values[BUILDPACKS_KEY] ?? '';
  return joined ? joined.split('\n') : [];
}

export function renderBuildpacksFile(urls: readonly string[], header: readonly string[] = []): { text: string; values: FlatMap } {
  const lines = [...header.map((h) => `# ${h}`), ...urls];
  return { text: `${lines.join('\n')}\n`, values: buildpackValues(urls) };
}

/** One URL per line; blank lines and `#` comments are skipped; a bad or repeated URL blocks the save. */
export function parseBuildpacksFile(text: string): { values: FlatMap; problems: TextProblem[] } {
  const urls: string[] = [];
  const problems: TextProblem[] = [];
  let offset = 0;
  for (const raw of text.split('\n')) {
    const start = offset;
    offset += raw.length + 1;
    const line = raw.replace(/\r$/, '');
    const url = line.trim();
    if (!url || url.startsWith('#')) continue;
    const at = start + line.indexOf(url);
    const problem = buildpackUrlProblem(url);
    if (problem) problems.push(problemAt(text, at, at + url.length, problem));
    else if (urls.includes(url)) problems.push(problemAt(text, at, at + url.length, l10n.t('{0} is listed twice (Dokku keeps each buildpack once)', url)));
    else urls.push(url);
  }
  return { values: buildpackValues(urls), problems };
}
