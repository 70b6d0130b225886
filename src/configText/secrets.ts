// Which config values to hide by default in the tree (setting apphost.maskSecrets).
// A heuristic on the name, plus two unmistakable value shapes; it errs on the side
// of hiding: a masked harmless value costs a click, a shown secret may leak in a
// screen share.

/** Name parts that mean "secret" wherever they appear, also glued (DBPASSWORD, APITOKEN). */
const SECRET_SUBSTRINGS = /TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|PRIVATE|APIKEY|ACCESSKEY/;
/** Short words that only count as whole parts of a name (PASS but not PASSENGER, KEY but not MONKEY). */
const SECRET_WORDS = new Set(['KEY', 'KEYS', 'PASS', 'PWD', 'PW', 'AUTH', 'DSN', 'SALT', 'PEPPER', 'JWT', 'CREDS', 'PEM', 'HMAC']);
/** URLs that carry credentials by convention, even without user:password in them. */
const SECRET_URL_NAMES = /^(DATABASE|DB|REDIS|MONGO(DB)?|MYSQL|POSTGRES(QL)?|PG|AMQP|RABBITMQ|CLOUDAMQP|ELASTICSEARCH|MEMCACHE[DS]?|SENTRY|WEBHOOK)(_[A-Z0-9]+)*_(URL|URI|DSN)$/;
/** Last words of a name that mean a credential (STRIPE_SK, GITHUB_PAT): short, so only at the end. */
const SECRET_LAST_WORDS = new Set(['SK', 'PAT']);
/** Webhook addresses carry their secret in the path (SLACK_WEBHOOK_URL, DISCORD_WEBHOOK). */
const WEBHOOK_NAME = /WEBHOOK(_?UR[LI])?$/;
/** scheme://user:password@host */
const URL_WITH_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:[^/\s@]+@/i;

/**
 * Shapes of credentials whatever their name: providers' key prefixes (Stripe, GitHub, Slack,
 * GitLab, AWS access key ids), PEM private keys and JWTs. Each needs enough characters after
 * its prefix that an ordinary word or identifier (`sk_test_mode`) does not match.
 */
const SECRET_SHAPES: readonly RegExp[] = [
  /(?<![A-Za-z0-9])[sr]k_(live|test)_[A-Za-z0-9]{10,}/g,
  /(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{20,}/g,
  /(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{20,}/g,
  /(?<![A-Za-z0-9])xox[abpr]-[A-Za-z0-9-]{10,}/g,
  /(?<![A-Za-z0-9])glpat-[A-Za-z0-9_-]{20,}/g,
  /(?<![A-Za-z0-9])(AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g,
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

/** True when the variable `key` (with `value`, if known) should be masked by default. */
export function looksSecret(key: string, value?: string): boolean {
  const upper = key.toUpperCase();
  if (SECRET_SUBSTRINGS.test(upper.replace(/[^A-Z0-9]/g, '')) || SECRET_URL_NAMES.test(upper)) return true;
  const words = nameWords(key);
  if (words.some((w) => SECRET_WORDS.has(w)) || SECRET_LAST_WORDS.has(words.at(-1) ?? '') || WEBHOOK_NAME.test(words.join('_'))) return true;
  return value !== undefined && (URL_WITH_PASSWORD.test(value.trim()) || value.includes('PRIVATE KEY-----') || hasSecretShape(value));
}

/** Whether the text holds something shaped like a credential (a provider's key, a private key, a JWT). */
export function hasSecretShape(text: string): boolean {
  return SECRET_SHAPES.some((shape) => new RegExp(shape.source).test(text));
}

/** The text with everything shaped like a credential replaced by `replacement`. */
export function maskSecretShapes(text: string, replacement: string): string {
  return SECRET_SHAPES.reduce((out, shape) => out.replace(shape, replacement), text);
}

/** `NAME=value` or `--name=value` in a command line: the name and its value. */
const ASSIGNED = /(?:^|[\s;&|])(?:--?)?([A-Za-z_][\w.-]*)=("[^"]*"|'[^']*'|\S+)/g;
/** `--name value` or `-n value` in a command line. */
const FLAG_VALUE = /(?:^|\s)--?([A-Za-z_][\w.-]*)\s+("[^"]*"|'[^']*'|[^-\s]\S*)/g;
/** An HTTP credential given on the command line (`Authorization: Bearer …`, `Basic …`). */
const AUTH_HEADER = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/i;

/**
 * Whether a command line holds a value that looks like a secret, so it is never remembered
 * (a one-off command's history): a credential's shape, a URL with a password, an HTTP
 * credential, or a value given to a secret-looking name (`API_TOKEN=…`, `--password …`).
 */
export function commandHoldsSecret(line: string): boolean {
  if (hasSecretShape(line) || AUTH_HEADER.test(line) || line.includes('PRIVATE KEY-----')) return true;
  if (line.split(/\s+/).some((word) => URL_WITH_PASSWORD.test(word.replace(/^["']|["']$/g, '')))) return true;
  for (const m of [...line.matchAll(ASSIGNED), ...line.matchAll(FLAG_VALUE)]) {
    const value = m[2].replace(/^["']|["']$/g, '');
    if (value !== '' && looksSecret(m[1], value)) return true;
  }
  return false;
}

/** "apiKey", "api-key", "API_KEY" → ["API", "KEY"]. */
function nameWords(key: string): string[] {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean);
}

/** A fixed-width mask: it shows that there is a value, not how long it is. Empty stays empty. */
export function maskValue(value: string): string {
  return value === '' ? '' : '••••••••';
}

/**
 * A copy of a JSON value (Show Details) with every secret-looking string field masked,
 * and how many were. Other values are kept as they are.
 */
export function maskSecretFields(value: unknown): { masked: unknown; count: number } {
  let count = 0;
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string') {
      if (v !== '' && key !== undefined && looksSecret(key, v)) {
        count++;
        return maskValue(v);
      }
      return v;
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: walk(x, k), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return v;
  };
  return { masked: walk(value), count };
}

/** A notification channel's webhook URL shown without its secret part: `https://hooks.slack.com/••••••••`. */
export function maskUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}/${maskValue('x')}`;
  } catch {
    return maskValue(value);
  }
}

/** The marker of a masked value in what a model reads (the answer's header says what it means). */
export const MASKED = '[masked]';

/** Config values shorter than this stay in logs: they would mask ordinary words ("true", "web"). */
export const MIN_SCRUBBED_VALUE = 8;

/**
 * Text from the app's own output (logs, deploy logs) as the model may read it: each of the
 * app's config values of 8 or more characters becomes `[masked KEY]`, whatever its name
 * (an app printing its settings prints secrets whose names look harmless), and anything
 * shaped like a credential becomes `[masked]`. Longest values first, so a value holding
 * another is masked whole.
 */
export function scrubForModel(text: string, config: Readonly<Record<string, string>>): string {
  const values = Object.entries(config)
    .filter(([, value]) => value.length >= MIN_SCRUBBED_VALUE)
    .sort(([ka, a], [kb, b]) => b.length - a.length || ka.localeCompare(kb));
  let out = text;
  for (const [key, value] of values) if (out.includes(value)) out = out.split(value).join(`[masked ${key}]`);
  return maskSecretShapes(out, MASKED);
}
