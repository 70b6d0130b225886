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
    // Belt and braces: anything shaped like a bearer credential.
    return out.replace(/(Bearer\s+)[^\s"',]+/gi, `$1${REDACTED}`);
  }
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
