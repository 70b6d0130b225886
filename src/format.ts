// Small formatting helpers for what the UI shows.

import type { Domain } from './api';

/** The address a domain serves: https once a certificate is in place (before, https would only show a certificate error). */
export function domainUrl(domain: Pick<Domain, 'hostname' | 'sslEnabled'>): string {
  return `${domain.sslEnabled ? 'https' : 'http'}://${domain.hostname}`;
}

/** A GitHub repository (`owner/name`) as GitHub names them: owner letters, digits and inner dashes; name letters, digits, `.`, `_`, `-`. */
export function isGithubRepo(repo: string): boolean {
  return /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/.test(repo) && !/\/\.{1,2}$/.test(repo);
}

/** The page of a pull request of a GitHub repository (`owner/name`). */
export function pullRequestUrl(repo: string, pr: number): string {
  return `https://github.com/${repo}/pull/${pr}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 hours ago", "in 2 days"; undefined for a missing or unreadable timestamp. */
export function relativeTime(iso: string | undefined, now = Date.now()): string | undefined {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return undefined;
  const seconds = Math.round((t - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.trunc(seconds / size), unit);
  }
  return undefined;
}

/**
 * Server text as literal inline markdown: the characters that make links, images, HTML,
 * emphasis, code or autolinks (`:` of `https://`, `.` of `www.`) are escaped, so a name
 * like `[x](https://evil)` or `![](http://tracker)` stays text. Line breaks become spaces
 * (no block syntax can start), so `-`, `#` and `+` stay as they are: names read normally.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]<>!|~&:.]/g, '\\$&').replace(/\r?\n/g, ' ');
}

/** Server text as an inline code span: the fence is longer than any run of backticks in it. */
export function codeSpan(text: string): string {
  const flat = text.replace(/\r?\n/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A time of day as the user's locale writes it, to the second. */
export function clockTime(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** "180.2 MB", "512 B" (powers of 1024); undefined for a missing or non-positive size. */
export function byteSize(bytes: number | undefined): string | undefined {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) return undefined;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${(bytes / 1024 ** i).toFixed(i ? 1 : 0)} ${units[i]}`;
}

/** A date and time to the minute, as the user's locale writes it ("Nov 26, 2026, 10:15"). */
export function dateTime(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** One line of server text at most `max` characters long. */
export function clip(line: string, max = 400): string {
  return line.length <= max ? line : `${line.slice(0, max)}… [${line.length - max} more characters]`;
}
