// One line of an app's log as the service writes it, made safe to show and read.
//
// Dokku prefixes every line with its container in colour:
//   ESC[36m2026-11-25T04:15:50.123456789Z app[web.1]:ESC[0m GET / 200 3ms
// Escape and control characters never reach the output (the channel's grammar
// colours timestamps and container names itself), and a line from the server can
// never pass for one of the tail's own marker lines.

import { stripVTControlCharacters } from 'node:util';
import { MARKER_PREFIX } from './markers';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HAS_CONTROL = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/;

/** The line without escape sequences or control characters; a leading marker prefix is defused. */
export function sanitizeLine(raw: string): string {
  let line = raw;
  if (HAS_CONTROL.test(line)) {
    // Escape sequences (colours, titles, cursor moves) as Node knows them, then any control character left.
    line = stripVTControlCharacters(line).replace(CONTROLS, '');
  }
  // '… ' opens the tail's own lines: a server line starting so gets three dots instead.
  return line.startsWith(MARKER_PREFIX.trimEnd()) ? `...${line.slice(MARKER_PREFIX.trimEnd().length)}` : line;
}

/** When a line was written: whole seconds since the epoch and nanoseconds within the second. */
export interface LineTime {
  seconds: number;
  nanos: number;
}

export interface ParsedLine {
  /** The container (`app[web.1]`), or '' when the line names none. */
  container: string;
  time?: LineTime;
}

const STAMPED = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:[.,](\d{1,9}))?(Z|[+-]\d\d:?\d\d)?\s+([A-Za-z][\w-]*\[[\w.-]+\]):/;
const UNSTAMPED = /^([A-Za-z][\w-]*\[[\w.-]+\]):/;
// Just the container, after an optional first word (the time): cheap enough for every line of every window.
const CONTAINER = /^(?:\S+\s+)?([A-Za-z][\w-]*\[[\w.-]+\]):/;

/** The container a sanitized line names (`app[web.1]`), or ''. */
export function containerOf(line: string): string {
  return CONTAINER.exec(line)?.[1] ?? '';
}

/** Where the message of a sanitized line starts: after its time and container (`app[web.1]: `), or 0. */
export function messageStart(line: string): number {
  const m = CONTAINER.exec(line);
  if (!m) return 0;
  return line.charCodeAt(m[0].length) === 32 ? m[0].length + 1 : m[0].length;
}

/** The container and time of a sanitized line, when it carries them. */
export function parseLine(line: string): ParsedLine {
  const m = STAMPED.exec(line);
  if (m) {
    const seconds = secondsOf(`${m[1]}${m[3] ?? 'Z'}`);
    const time = Number.isNaN(seconds) ? undefined : { seconds, nanos: Number((m[2] ?? '').padEnd(9, '0')) };
    return { container: m[4], time };
  }
  const u = UNSTAMPED.exec(line);
  return { container: u ? u[1] : '' };
}

// Lines of one second share their prefix: parse it once.
let lastStamp = '';
let lastSeconds = NaN;
function secondsOf(stamp: string): number {
  if (stamp !== lastStamp) {
    lastStamp = stamp;
    lastSeconds = Math.floor(Date.parse(stamp) / 1000);
  }
  return lastSeconds;
}

export function compareTimes(a: LineTime, b: LineTime): number {
  return a.seconds - b.seconds || a.nanos - b.nanos;
}

/** `app[web.1]` → `web.1`, for marker texts. */
export function containerLabel(container: string): string {
  const m = /\[([^\]]+)\]$/.exec(container);
  return m ? m[1] : container;
}
