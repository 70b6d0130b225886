// Tolerant readers for the payload variants the contract lists. Each reader takes
// the canonical shape first and falls back to the known variants; unknown fields
// are kept by the model readers (`raw`), never dropped.

export type Raw = Record<string, unknown>;

/**
 * `map[key] = value` for any key: a config var may be named `__proto__`, which plain
 * assignment would turn into a prototype change (the var would vanish).
 */
export function setEntry<T>(map: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
  else map[key] = value;
}

export function isRecord(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A list from a bare array, `{"data":[...]}`, `{"items":[...]}` or `{"<plural>":[...]}`.
 * Anything else is an empty list (a missing collection, not an error).
 */
export function readList(body: unknown, pluralKeys: readonly string[] = []): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  for (const key of [...pluralKeys, 'data', 'items', 'results', 'records']) {
    const v = body[key];
    if (Array.isArray(v)) return v;
    if (isRecord(v) && key === 'data') return readList(v, pluralKeys); // {"data":{"apps":[...]}}
  }
  return [];
}

/** Unwraps `{"<key>": {...}}` (or `{"data": {...}}`) to the object, else the body itself. */
export function unwrap(body: unknown, keys: readonly string[]): Raw {
  if (!isRecord(body)) return {};
  for (const key of [...keys, 'data']) {
    const v = body[key];
    if (isRecord(v)) return v;
  }
  return body;
}

/** Ids are opaque strings: UUID, integer or (for apps/servers/databases) a name. */
export function idOf(raw: Raw, ...fallbacks: string[]): string {
  for (const key of ['id', 'uuid', ...fallbacks]) {
    const v = raw[key];
    if ((typeof v === 'string' && v !== '') || typeof v === 'number' || typeof v === 'bigint') return String(v);
  }
  return '';
}

export function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return undefined;
}

/** Optional reference id (`server_id`, ...) as an opaque string. */
export function optId(v: unknown): string | undefined {
  return v === null || v === undefined || v === '' ? undefined : str(v);
}

export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** true, "true", 1, "1", "yes", "on", "enabled" → true. */
export function bool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return typeof v === 'string' && /^(true|1|yes|on|enabled)$/i.test(v.trim());
}

export function strings(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(str).filter((s): s is string => s !== undefined);
  if (typeof v === 'string') return v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [];
  return [];
}

/**
 * A platform report (`ps`, `checks`) as a flat map of strings, from
 * `{"processes":{...}}` / `{"checks":{...}}` or a bare object. Non-string values are
 * stringified so "true"/"false" stay the one boolean spelling.
 */
export function readFlatStringMap(body: unknown, key: string): Record<string, string> {
  return stringMap(isRecord(body) && isRecord(body[key]) ? body[key] : body);
}

function stringMap(src: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(src)) return out;
  for (const [k, v] of Object.entries(src)) {
    setEntry(out, k, v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return out;
}

/** Config vars: `{"config":{...}}`, `{"vars":{...}}` or a bare object. Values as strings. */
export function readConfig(body: unknown): Record<string, string> {
  if (isRecord(body)) {
    for (const key of ['config', 'vars', 'env', 'data']) {
      if (isRecord(body[key])) return stringMap(body[key]);
    }
  }
  return stringMap(body);
}

/**
 * Log lines from `{"logs":"text"}`, `{"logs":["line",...]}`, a bare array, bare text,
 * or entries like `{"message"|"line"|"text": "..."}`. A trailing newline adds no line.
 */
export function readLogLines(body: unknown): string[] {
  if (typeof body === 'string') return splitLines(body);
  if (Array.isArray(body)) return body.flatMap(logEntry);
  if (isRecord(body)) {
    for (const key of ['logs', 'lines', 'log', 'output', 'data']) {
      if (body[key] !== undefined && body[key] !== null) return readLogLines(body[key]);
    }
    return logEntry(body);
  }
  return [];
}

function logEntry(e: unknown): string[] {
  if (typeof e === 'string') return splitLines(e);
  if (isRecord(e)) {
    const text = str(e.message) ?? str(e.line) ?? str(e.text) ?? str(e.msg);
    if (text === undefined) return [];
    const prefix = [str(e.timestamp) ?? str(e.time), str(e.source) ?? str(e.process)].filter(Boolean).join(' ');
    return splitLines(prefix ? `${prefix} ${text}` : text);
  }
  return e === null || e === undefined ? [] : [String(e)];
}

/** Longest log line kept (characters); the rest of a longer line is cut with a marker. */
export const MAX_LINE_CHARS = 16_384;

/** A line cut to its first part, with a marker saying how many characters were dropped. */
export function cutLine(kept: string, cutChars: number): string {
  return `${kept} … [line cut: ${cutChars.toLocaleString('en-US')} more characters]`;
}

export function splitLines(text: string): string[] {
  if (!text) return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.length > MAX_LINE_CHARS ? cutLine(l.slice(0, MAX_LINE_CHARS), l.length - MAX_LINE_CHARS) : l));
}

/** The target of `Link: <url>; rel="next"` (RFC 8288), resolved against the request URL. */
export function nextLink(header: string | string[] | undefined, requestUrl: string): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  for (const m of value.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(m[2]);
    if (rel && rel[1].toLowerCase().split(/\s+/).includes('next')) {
      try {
        return new URL(m[1], requestUrl).toString();
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
