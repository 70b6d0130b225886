// The mask table: one line per provider's credential shape, per secret name and per
// generated-looking value, each under a name that does not give it away, and the lines
// that must stay readable. Each is checked as every tool answer gives it: a config value
// (apphost_get_config, a change's confirmation) and a printed `NAME=value` in the app's
// output (apphost_get_logs, apphost_get_deploy_log, apphost_run_command). The values are
// made up in each provider's shape (none is a real key); they are built from two parts so
// that no scanner takes this file for a leak.
import assert from 'node:assert/strict';
import { MASKED, scrubForModel, valueForModel } from '../../../src/agent/modelText';
import { looksSecret } from '../../../src/configText/secrets';

/** [what, key, value]: masked in every answer. */
const MASKED_LINES: [string, string, string][] = [
  ['OpenAI key', 'AI_PROVIDER', `sk-${'Zq3XbT9vR2mLk8PwE5yHn1Cd'}T3BlbkFJ${'a1B2c3D4e5F6g7H8i9J0kL'}`],
  ['OpenAI project key', 'OPENAI_DEFAULTS', `sk-proj-${'Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90_uV-wX12yZ34'}`],
  ['Anthropic key', 'LLM', `sk-ant-api03-${'Xy12Zw34Vu56Ts78Rq90Po12Nm34Lk56Ji78Hg90Fe'}-AA`],
  ['SendGrid key', 'MAILER', `SG.${'ngeVfQFYQlKU0ufo8x5d1A'}.${'TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr'}`],
  ['Google API key', 'MAPS', `AIza${'SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY'}`],
  ['npm token', 'REGISTRY', `npm_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`],
  ['PyPI token', 'UPLOAD', `pypi-AgEIcHlwaS5vcmc${'CJGQ2ZjA1NzI2LWE0NjYtNDE3Ny1hNmVkLWE4Yzk1ZjRkZDE5'}`],
  ['Hugging Face token', 'MODELS', `hf_${'aBcDeFgHiJkLmNoPqRsTuVwXyZ01234567'}`],
  ['Shopify token', 'SHOP', `shpat_${'0123456789abcdef0123456789abcdef'}`],
  ['DigitalOcean token', 'DO', `dop_v1_${'0123456789abcdef'.repeat(4)}`],
  ['Slack incoming webhook, under another name', 'NOTIFY', `https://hooks.slack.com/services/${'T0123ABCD/B0456EFGH/xYzAbC123dEf456GhI789jKl'}`],
  ['Slack workflow webhook', 'ALERTS', `https://hooks.slack.com/workflows/${'T0123ABCD/A0456EFGH/123456789/aBcDeF'}`],
  ['Discord webhook', 'CHAT', `https://discord.com/api/webhooks/${'123456789012345678/aBcDeFgHiJkLmNoPqRsTuVwXyZ-0123456789'}`],
  ['Slack bot token', 'BOT', `xoxb-${'123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'}`],
  ['Slack session token', 'WORKSPACE', `xoxs-${'123456789012-1234567890123-AbCdEf'}`],
  ['Slack app token', 'SOCKET', `xapp-1-${'A0123456789-1234567890123-abcdef0123'}`],
  ['GitHub classic token', 'CI', `ghp_${'1234567890abcdefghijABCDEFGHIJ123456'}`],
  ['GitHub OAuth token', 'OAUTH_GRANT', `gho_${'1234567890abcdefghijABCDEFGHIJ123456'}`],
  ['GitHub fine-grained token', 'REPO_ACCESS', `github_pat_${'11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz'}`],
  ['GitLab token', 'MIRROR', `glpat-${'xxxxXXXXxxxxXXXXxxxx'}`],
  ['AWS access key id', 'S3_USER', `AKIA${'IOSFODNN7EXAMPLE'}`],
  ['Stripe live secret key', 'PAYMENTS', `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`],
  ['Stripe restricted key', 'BILLING', `rk_live_${'51H8x2bC3d4E5f6G7h8I9j0K'}`],
  ['Stripe webhook signing secret', 'STRIPE_HOOKS', `whsec_${'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'}`],
  ['PEM private key', 'SIGNER', `-----BEGIN ${'RSA PRIVATE'} KEY-----\nMIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB\n-----END RSA PRIVATE KEY-----`],
  ['JWT', 'SESSION', `eyJhbGciOiJIUzI1NiJ9.${'eyJzdWIiOiIxMjM0NTY3ODkwIn0'}.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U`],
  ['URL with a password', 'PRIMARY_DB', `postgres://shop:${'Vb7xQ2pLm9'}@db.internal:5432/shop`],
  ['URL with a token as its user', 'GIT_REMOTE', `https://${'a1b2c3d4e5f6g7h8'}@git.example.com/shop.git`],
  ['URL with a key in its query', 'GEOCODER', `https://geo.example.com/v1?api_key=${'k3Y9mQ2xLw'}&lang=en`],
  ['Rails master key (a *_MASTER_KEY name)', 'RAILS_MASTER_KEY', 'e5f0c7d2a9b84f61c3d07e29a5b18f4c'],
  ['a *_MASTER_KEY name, glued', 'APP_MASTERKEY', 'abc'],
  ['a *_SECRET* name', 'OAUTH_SECRET_VALUE', 'x'],
  ['a *_TOKEN* name', 'SLACK_TOKEN_BOT', 'x'],
  ['a *PASSWORD* name', 'ADMINPASSWORD', 'x'],
  ['a *_KEY name', 'ENCRYPTION_KEY', 'x'],
  ['generated: 32 hex under a harmless name', 'CACHE_NAMESPACE', 'e5f0c7d2a9b84f61c3d07e29a5b18f4c'],
  ['generated: 20 of base62', 'WIDGET', 'a8Fk2QzL9mXw4RtB7nYc'],
  ['generated: base64', 'COOKIE_BLOB', 'q8Jz3vN0rT5/wX2+bY7mK1pL4sD6fG9h=='],
  ['generated: case only, no digit', 'OPAQUE', 'qWeRtYuIoPaSdFgHjKlZxCvB'],
];

/** [what, key, value]: readable in every answer. */
const CLEAR_LINES: [string, string, string][] = [
  ['a plain URL', 'HOMEPAGE', 'https://shop.example.com/welcome?lang=en'],
  ['an address name', 'API_URL', 'https://api.example.com/v1/a8Fk2QzL9mXw4RtB7nYc'],
  ['an environment', 'NODE_ENV', 'production'],
  ['a Stripe publishable key under a PUBLISHABLE name', 'STRIPE_PUBLISHABLE_KEY', `pk_live_${'51H8x2bC3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S'}`],
  ['a public browser key (NEXT_PUBLIC_)', 'NEXT_PUBLIC_RECAPTCHA_SITE_KEY', '6LcXbT9vR2mLk8PwE5yHn1CdF6gJs4Au'],
  ['a public browser key (VITE_)', 'VITE_MAPBOX_KEY', `pk.${'eyJ1Ijoic2hvcCJ9'}`],
  ['20 characters of low entropy', 'FEATURE_FLAGS', 'aaaaaaaaaa1111111111'],
  ['words and a year', 'RELEASE_NAME', 'storefront-production-2024'],
  ['a CamelCase name', 'DISPLAY_NAME', 'StorefrontProductionEurope'],
  ['a UUID', 'TENANT', '550e8400-e29b-41d4-a716-446655440000'],
  ['an ISO time', 'LAUNCHED', '2026-11-27T14:05:32.123Z'],
  ['a commit under an identifier name', 'SOURCE_VERSION', '3f786850e387550fdab836ed7e6dc881de23001b'],
  ['a file path', 'CERT_FILE', '/etc/ssl/certs/shop-a8Fk2QzL9mXw4RtB7nYc.pem'],
  ['a sentence', 'MOTD', 'Welcome back, the 2024 sale starts Monday'],
  ['a short value', 'WEB_CONCURRENCY', '2'],
  ['sk- as a word', 'LIBRARY', 'sk-learn-gradient-boosting-2024'],
];

describe('agent tools: the mask table (every tool answer)', () => {
  for (const [what, key, value] of MASKED_LINES) {
    it(`masks ${what}`, () => {
      assert.equal(`${key}=${valueForModel(key, value)}`, `${key}=${MASKED}`, 'a config value');
      assert.equal(looksSecret(key, value), true, 'the tree masks it too (apphost.maskSecrets)');
      if (!value.includes('\n')) assert.equal(scrubForModel(`boot ${key}=${value} ok`, {}), `boot ${key}=${MASKED} ok`, 'printed in the app\'s output, no config read');
    });
  }

  for (const [what, key, value] of CLEAR_LINES) {
    it(`leaves ${what} readable`, () => {
      assert.equal(`${key}=${valueForModel(key, value)}`, `${key}=${JSON.stringify(value)}`);
      assert.equal(looksSecret(key, value), false);
      assert.equal(scrubForModel(`boot ${key}=${value} ok`, {}), `boot ${key}=${value} ok`);
    });
  }

  it('masks a provider\'s shape in free text, whatever surrounds it', () => {
    for (const [what, , value] of MASKED_LINES.filter(([, key]) => ['AI_PROVIDER', 'MAILER', 'MAPS', 'REGISTRY', 'NOTIFY', 'CI', 'PAYMENTS', 'SESSION'].includes(key))) {
      const out = scrubForModel(`calling with ${value}, then done`, {});
      assert.equal(out, `calling with ${MASKED}, then done`, what);
    }
  });

  it('masks only the password of a URL in free text: the user and the host stay readable', () => {
    assert.equal(scrubForModel(`connecting to postgres://shop:${'Vb7xQ2pLm9'}@db.internal:5432/shop`, {}), `connecting to postgres://shop:${MASKED}@db.internal:5432/shop`);
    assert.equal(scrubForModel(`redis://:${'hunter2hunter2'}@cache:6379/0 ready`, {}), `redis://:${MASKED}@cache:6379/0 ready`);
    assert.equal(scrubForModel('GET https://shop.example.com:8443/a@b 200', {}), 'GET https://shop.example.com:8443/a@b 200');
  });
});
