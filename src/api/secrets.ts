// Keeps token values out of everything this layer emits: error messages, thrown
// objects and log lines. The client registers every token it sends or receives.

const REDACTED = '[redacted]';
/** Query parameters whose values never appear in an error or a log line. */
const SENSITIVE_PARAM = /token|secret|password|passwd|key|code|auth|sig|session/i;

export class SecretScrubber {
  private readonly secrets = new Set<string>();

  /** Remembers a secret; very short values are ignored (they would redact ordinary words). */
  add(value: string | undefined): void {
    if (value && value.length >= 8) this.secrets.add(value);
  }

  scrub(text: string): string {
    let out = text;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    for (const value of this.exact) out = maskValue(out, value);
    // Belt and braces: anything shaped like a bearer credential.
    return out.replace(/(Bearer\s+)[^\s"',]+/gi, `$1${REDACTED}`);
  }

  /**
   * A scrubber for one request: these values are masked too, whatever their length (a
   * value of 3 characters echoed in `KEY=abc` is still a secret). Longest first, so a
   * value containing another is masked whole.
   */
  with(values: readonly string[]): SecretScrubber {
    const child = new SecretScrubber();
    for (const s of this.secrets) child.secrets.add(s);
    // The service puts values into a shell command (Shellwords.escape) that its 422 echoes.
    const forms = values.filter((v) => v.trim() !== '').flatMap((v) => [v, shellEscaped(v)]);
    child.exact = [...new Set([...this.exact, ...forms])].sort((a, b) => b.length - a.length);
    return child;
  }

  private exact: string[] = [];
}

/**
 * Masks `value` in `text`. Long values wherever they occur; short ones (under 8
 * characters, which could be part of ordinary words) where they stand alone: not
 * inside a longer word, e.g. `KEY=abc`, `'abc'`, `abc\n` — but not `abcdef`.
 */
function maskValue(text: string, value: string): string {
  if (value.length >= 8) return text.split(value).join(REDACTED);
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'gu'), REDACTED);
}

/** Ruby's Shellwords.escape: what the service's Dokku command line holds for a value. */
export function shellEscaped(value: string): string {
  return value.replace(/[^A-Za-z0-9_\-.,:+/@\n]/g, '\\$&').replace(/\n/g, "'\n'");
}

/** Header map safe to log: Authorization (and cookies) redacted. */
export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = /^(authorization|proxy-authorization|cookie|set-cookie)$/i.test(name)
      ? REDACTED
      : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** `/api/v1/apps?q=x&token=abc` → `/api/v1/apps?q=x&token=[redacted]` (path kept, secrets dropped). */
export function safePath(pathWithQuery: string): string {
  const q = pathWithQuery.indexOf('?');
  if (q < 0) return pathWithQuery;
  const params = new URLSearchParams(pathWithQuery.slice(q + 1));
  const kept: string[] = [];
  for (const [name, value] of params) {
    kept.push(`${encodeURIComponent(name)}=${SENSITIVE_PARAM.test(name) ? REDACTED : encodeURIComponent(value)}`);
  }
  return kept.length ? `${pathWithQuery.slice(0, q)}?${kept.join('&')}` : pathWithQuery.slice(0, q);
}

/** URL without credentials (user:pass@) — for messages that name a proxy or host. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return '(invalid URL)';
  }
}
