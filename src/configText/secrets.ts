// Which config values to hide (the tree, with setting apphost.maskSecrets; every agent tool's
// answer, always): a heuristic on the name, the shapes of providers' credentials, URLs
// carrying a password, and values that look generated (./randomValue.ts). It errs on the
// side of hiding: a masked harmless value costs a click, a shown secret may leak in a
// screen share or to a model.
import { looksRandom } from './randomValue';

/** Name parts that mean "secret" wherever they appear, also glued (DBPASSWORD, APITOKEN), even in a public name. */
const SECRET_SUBSTRINGS = /TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|PRIVATE|APIKEY|ACCESSKEY|MASTERKEY|SIGNINGKEY|ENCRYPTIONKEY/;
/** Short words that only count as whole parts of a name (PASS but not PASSENGER, KEY but not MONKEY). */
const SECRET_WORDS = new Set(['KEY', 'KEYS', 'PASS', 'PWD', 'PW', 'AUTH', 'DSN', 'SALT', 'PEPPER', 'JWT', 'CREDS', 'PEM', 'HMAC', 'SIG', 'SIGNATURE']);
/**
 * Names that say the value is meant to be seen: a publishable key, a variable a framework
 * bundles into the browser's code. Such a name is not masked for its words (a publishable
 * KEY) nor for a random-looking value; a credential's shape in it still is.
 */
const PUBLIC_WORDS = new Set(['PUBLIC', 'PUBLISHABLE']);
const PUBLIC_PREFIX = /^(VITE|REACT_APP|GATSBY|EXPO_PUBLIC|NEXT_PUBLIC|NUXT_PUBLIC)_/;
/** Last words of names whose value is an address or an identifier, not a credential: no random-value rule. */
const NOT_CREDENTIAL_LAST_WORDS = new Set([
  'URL', 'URLS', 'URI', 'HOST', 'HOSTNAME', 'DOMAIN', 'ENDPOINT', 'ORIGIN', 'ID', 'IDS', 'SHA', 'COMMIT', 'VERSION', 'REVISION', 'DIGEST', 'CHECKSUM',
]);
/** URLs that carry credentials by convention, even without user:password in them. */
const SECRET_URL_NAMES = /^(DATABASE|DB|REDIS|MONGO(DB)?|MYSQL|POSTGRES(QL)?|PG|AMQP|RABBITMQ|CLOUDAMQP|ELASTICSEARCH|MEMCACHE[DS]?|SENTRY|WEBHOOK)(_[A-Z0-9]+)*_(URL|URI|DSN)$/;
/** Last words of a name that mean a credential (STRIPE_SK, GITHUB_PAT): short, so only at the end. */
const SECRET_LAST_WORDS = new Set(['SK', 'PAT']);
/** Webhook addresses carry their secret in the path (SLACK_WEBHOOK_URL, DISCORD_WEBHOOK). */
const WEBHOOK_NAME = /WEBHOOK(_?UR[LI])?$/;
/** scheme://user:password@host */
const URL_WITH_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:[^/\s@]+@/i;
/** scheme://TOKEN@host: a user part of 12 or more letters and digits (a git remote's token, a Sentry DSN's key). */
const URL_WITH_TOKEN_USER = /^[a-z][a-z0-9+.-]*:\/\/(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{12,}@/i;

/**
 * Shapes of credentials whatever their name: providers' key prefixes, webhook addresses
 * that carry their secret in the path, PEM private keys, JWTs, and a URL's password (only
 * the password: the user and the host stay readable). Each needs enough characters after
 * its prefix that an ordinary word or identifier (`sk_test_mode`, `sk-learn`) does not match.
 */
const SECRET_SHAPES: readonly RegExp[] = [
  // Stripe: secret, restricted and webhook signing keys (a publishable pk_ is public).
  /(?<![A-Za-z0-9])[sr]k_(live|test)_[A-Za-z0-9]{10,}/g,
  /(?<![A-Za-z0-9])whsec_[A-Za-z0-9]{20,}/g,
  // OpenAI (sk-…, sk-proj-…, sk-svcacct-…) and Anthropic (sk-ant-api03-…): a tail with capitals and digits.
  /(?<![A-Za-z0-9_-])sk-(?=[A-Za-z0-9_-]{20,})(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Z])[A-Za-z0-9_-]+/g,
  /(?<![A-Za-z0-9])SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g, // SendGrid
  /(?<![A-Za-z0-9])AIza[A-Za-z0-9_-]{30,}/g, // Google API keys
  /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{30,}/g,
  /(?<![A-Za-z0-9])pypi-AgE[A-Za-z0-9_-]{50,}/g,
  /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}/g, // Hugging Face
  /(?<![A-Za-z0-9])shp(at|ca|pa|ss)_[a-fA-F0-9]{32}/g, // Shopify
  /(?<![A-Za-z0-9])do[opr]_v1_[a-f0-9]{64}/g, // DigitalOcean
  /(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{20,}/g,
  /(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{20,}/g,
  /(?<![A-Za-z0-9])glpat-[A-Za-z0-9_-]{20,}/g,
  /(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack tokens
  /(?<![A-Za-z0-9])xapp-\d-[A-Za-z0-9-]{10,}/g,
  /https:\/\/hooks\.slack\.com\/(services|workflows|triggers)\/[A-Za-z0-9/_-]+/g,
  /https:\/\/(canary\.|ptb\.)?discord(app)?\.com\/api\/webhooks\/[0-9]+\/[A-Za-z0-9_-]+/g,
  /(?<![A-Za-z0-9])(AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g,
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  // The password of scheme://user:password@host.
  /(?<=\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:)[^/\s@]+(?=@)/gi,
];

/**
 * True when the variable `key` (with `value`, if known) should be masked by default: its
 * name says secret (unless it says public), its value has a credential's shape or a URL's
 * credentials, or its value looks generated (./randomValue.ts) under a name that says
 * neither public nor an address or an identifier.
 */
export function looksSecret(key: string, value?: string): boolean {
  const upper = key.toUpperCase();
  if (SECRET_SUBSTRINGS.test(upper.replace(/[^A-Z0-9]/g, ''))) return true;
  const words = nameWords(key);
  const saysPublic = words.some((w) => PUBLIC_WORDS.has(w)) || PUBLIC_PREFIX.test(words.join('_'));
  if (!saysPublic && (SECRET_URL_NAMES.test(upper) || words.some((w) => SECRET_WORDS.has(w)) || SECRET_LAST_WORDS.has(words.at(-1) ?? '') || WEBHOOK_NAME.test(words.join('_')))) return true;
  if (value === undefined) return false;
  const v = value.trim();
  if (URL_WITH_PASSWORD.test(v) || URL_WITH_TOKEN_USER.test(v) || v.includes('PRIVATE KEY-----') || hasSecretShape(v) || urlQueryHoldsSecret(v)) return true;
  return !saysPublic && !NOT_CREDENTIAL_LAST_WORDS.has(words.at(-1) ?? '') && looksRandom(v);
}

/** A URL whose query gives a secret-looking parameter (`?api_key=…`, `&X-Amz-Signature=…`). */
function urlQueryHoldsSecret(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\/\S*\?/i.test(value)) return false;
  try {
    return [...new URL(value).searchParams].some(([name, v]) => v !== '' && looksSecret(name, v));
  } catch {
    return false;
  }
}

/** Whether the text holds something shaped like a credential (a provider's key, a private key, a JWT). */
export function hasSecretShape(text: string): boolean {
  return SECRET_SHAPES.some((shape) => new RegExp(shape.source, shape.flags.replace('g', '')).test(text));
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

/** `NAME=value` printed in an app's output (its environment, a logfmt line). */
const PRINTED_PAIR = /(?<![\w.-])([A-Za-z_][\w.-]*)=("[^"\n]*"|'[^'\n]*'|[^\s"',;|]+)/g;

/**
 * Text from the app's own output (logs, deploy logs) as the model may read it: each of the
 * app's config values of 8 or more characters becomes `[masked KEY]`, whatever its name
 * (an app printing its settings prints secrets whose names look harmless), the value of a
 * printed `NAME=value` that looks secret (as a config value would) becomes `[masked]`
 * (the config may be unreadable, or the value not in it), and so does anything shaped like
 * a credential. Longest values first, so a value holding another is masked whole.
 */
export function scrubForModel(text: string, config: Readonly<Record<string, string>>): string {
  const values = Object.entries(config)
    .filter(([, value]) => value.length >= MIN_SCRUBBED_VALUE)
    .sort(([ka, a], [kb, b]) => b.length - a.length || ka.localeCompare(kb));
  let out = text;
  for (const [key, value] of values) if (out.includes(value)) out = out.split(value).join(`[masked ${key}]`);
  out = out.replace(PRINTED_PAIR, (pair, name: string, quoted: string) => {
    const value = quoted.replace(/^(["'])(.*)\1$/, '$2');
    return value !== '' && !value.startsWith('[masked') && looksSecret(name, value) ? `${name}=${MASKED}` : pair;
  });
  return maskSecretShapes(out, MASKED);
}
