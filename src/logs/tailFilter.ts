// What a filtered tail shows: lines of some containers (`web.1`, `worker.*`), lines
// whose message contains a text or matches a regular expression, or lines that look
// like errors (or warnings) with the stack frames that follow them. The tail's own
// marker lines ("lines may have been missed…", "stopped tailing") always show: they
// say what happened to the tail, whatever the filter.
import * as l10n from '@vscode/l10n';
import { levelOf } from './logLevel';
import { containerLabel, containerOf, messageStart } from './logLine';
import { isMarker } from './markers';
import { findFrames } from './stackFrames';

export type TailFilter =
  | { readonly kind: 'container'; readonly globs: readonly string[] }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'regex'; readonly source: string; readonly flags: string }
  /** `error`: errors only; `warning`: errors and warnings. */
  | { readonly kind: 'level'; readonly level: 'error' | 'warning' };

/** `web.1, worker.*` → the globs, or a message saying what is wrong. */
export function parseContainerGlobs(input: string): { globs: string[] } | { error: string } {
  const globs = input.split(/[\s,]+/).filter(Boolean).map((g) => g.replace(/^app\[(.*)\]$/, '$1'));
  if (globs.length === 0) return { error: l10n.t('Type a container name such as web.1, or a pattern such as worker.*') };
  const bad = globs.find((g) => !/^[\w.*?-]+$/.test(g));
  if (bad) return { error: l10n.t('"{0}" is not a container name: use letters, digits, dots, dashes, and * or ? as wildcards', bad) };
  return { globs };
}

/** `/time(out)?/i` or `time(out)?` → the expression, or the engine's reason it is not one. */
export function parseRegex(input: string): { source: string; flags: string } | { error: string } {
  const slashed = /^\/(.*)\/([a-z]*)$/s.exec(input.trim());
  const source = slashed ? slashed[1] : input;
  const flags = slashed ? slashed[2].replace(/[gy]/g, '') : '';
  if (source === '') return { error: l10n.t('Type a regular expression, for example timeout|refused or /^POST /i') };
  try {
    new RegExp(source, flags);
    return { source, flags };
  } catch (e) {
    return { error: l10n.t('Not a regular expression: {0}', e instanceof Error ? e.message : String(e)) };
  }
}

/** The test a line passes to be shown under the filter. */
export function lineMatcher(filter: TailFilter): (line: string) => boolean {
  const test = messageTest(filter);
  return (line) => isMarker(line) || test(line);
}

function messageTest(filter: TailFilter): (line: string) => boolean {
  switch (filter.kind) {
    case 'container': {
      const re = new RegExp(`^(?:${filter.globs.map(globSource).join('|')})$`);
      return (line) => {
        const container = containerOf(line);
        return container !== '' && re.test(containerLabel(container));
      };
    }
    case 'text': {
      const needle = filter.text.toLowerCase();
      return (line) => line.slice(messageStart(line)).toLowerCase().includes(needle);
    }
    case 'regex': {
      const re = new RegExp(filter.source, filter.flags);
      return (line) => re.test(line.slice(messageStart(line)));
    }
    case 'level': {
      const keep = filter.level === 'error' ? (l: string) => levelOf(l) === 'error' : (l: string) => levelOf(l) !== undefined;
      // A stack frame belongs with the error above it (its own words rarely say "error").
      return (line) => keep(line) || findFrames(line).length > 0 || /^\s+at /.test(line.slice(messageStart(line)));
    }
  }
}

function globSource(glob: string): string {
  return glob.replace(/[.+^${}()|[\]\\-]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
}

/** The filter in a few words, for the channel's first line and the app's row. */
export function describeFilter(filter: TailFilter): string {
  switch (filter.kind) {
    case 'container':
      return l10n.t('container {0}', filter.globs.join(', '));
    case 'text':
      return l10n.t('text "{0}"', filter.text);
    case 'regex':
      return l10n.t('regular expression /{0}/{1}', filter.source, filter.flags);
    case 'level':
      return filter.level === 'error' ? l10n.t('errors') : l10n.t('errors and warnings');
  }
}
