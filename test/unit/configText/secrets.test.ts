import { strict as assert } from 'node:assert';
import { commandHoldsSecret, hasSecretShape, looksSecret, maskSecretShapes, maskValue } from '../../../src/configText/secrets';

describe('editors: secret masking', () => {
  it('masks names that look secret', () => {
    for (const key of ['API_KEY', 'apiKey', 'SECRET_KEY_BASE', 'GITHUB_TOKEN', 'DB_PASSWORD', 'DBPASSWORD', 'SMTP_PASS', 'MYSQL_PWD',
      'PRIVATE_KEY', 'AWS_ACCESS_KEY_ID', 'GOOGLE_CREDENTIALS', 'BASIC_AUTH', 'SENTRY_DSN', 'DATABASE_URL', 'REDIS_TLS_URL', 'JWT_SIGNING_KEY']) {
      assert.equal(looksSecret(key), true, key);
    }
  });

  it('leaves ordinary names alone, also when a secret word is only part of a word', () => {
    for (const key of ['PORT', 'NODE_ENV', 'WEB_CONCURRENCY', 'PASSENGER_MAX_POOL', 'MONKEY_MODE', 'AUTHOR_NAME', 'KEYBOARD', 'APP_URL', 'LOG_LEVEL']) {
      assert.equal(looksSecret(key), false, key);
    }
  });

  it('masks URLs carrying a password and private keys, whatever the name', () => {
    assert.equal(looksSecret('CACHE', 'redis://:hunter2@cache:6379'), true);
    assert.equal(looksSecret('UPSTREAM', 'postgres://app:s3cret@db/app'), true);
    assert.equal(looksSecret('UPSTREAM', 'https://example.com/path'), false);
    assert.equal(looksSecret('SIGNER', '-----BEGIN RSA PRIVATE KEY-----\nabc'), true);
  });

  it('masks names ending in _SK, _PAT, WEBHOOK or WEBHOOK_URL', () => {
    for (const key of ['STRIPE_SK', 'GITHUB_PAT', 'gitlabPat', 'SLACK_WEBHOOK_URL', 'DISCORD_WEBHOOK', 'WEBHOOK', 'TEAMS_WEBHOOK_URI']) {
      assert.equal(looksSecret(key), true, key);
    }
    for (const key of ['SK_REGION', 'PATH', 'PATTERN', 'ASSET_PATH', 'WEBHOOK_TIMEOUT', 'TASK']) assert.equal(looksSecret(key), false, key);
  });

  // Made-up credentials of each provider's shape (none is a real key).
  const SHAPED = {
    stripeLive: `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`,
    stripeTest: `sk_test_${'51H8x2bC3d4E5f6G7h8I9j0K'}`,
    stripeRestricted: `rk_live_${'51H8x2bC3d4E5f6G7h8I9j0K'}`,
    githubClassic: `ghp_${'1234567890abcdefghijABCDEFGHIJ123456'}`,
    githubOauth: `gho_${'1234567890abcdefghijABCDEFGHIJ123456'}`,
    githubServer: `ghs_${'1234567890abcdefghijABCDEFGHIJ123456'}`,
    githubFine: `github_pat_${'11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz'}`,
    slackBot: `xoxb-${'123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'}`,
    slackUser: `xoxp-${'123456789012-1234567890123'}`,
    gitlab: `glpat-${'xxxxXXXXxxxxXXXXxxxx'}`,
    awsKeyId: `AKIA${'IOSFODNN7EXAMPLE'}`,
    awsSession: `ASIA${'IOSFODNN7EXAMPLE'}`,
    pem: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----',
    jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  };

  it('masks credentials by their shape, whatever the name', () => {
    for (const [kind, value] of Object.entries(SHAPED)) {
      assert.equal(looksSecret('SETTING', value), true, kind);
      assert.equal(hasSecretShape(`before ${value} after`), true, `${kind} inside a line`);
    }
  });

  it('leaves look-alikes alone: short tails, words, ordinary ids', () => {
    for (const value of ['sk_test_mode', 'ghp_short', 'task_live_updates', 'AKIA', 'xoxb-', 'eyJ.eyJ.x', 'mask_live_feed_enabled', 'production']) {
      assert.equal(hasSecretShape(value), false, value);
      assert.equal(looksSecret('SETTING', value), false, value);
    }
    // Not an AWS key id's shape (too long), but generated-looking: masked by the rule that needs no list.
    assert.equal(hasSecretShape('AKIAIOSFODNN7EXAMPLEEXTRA'), false);
    assert.equal(looksSecret('SETTING', 'AKIAIOSFODNN7EXAMPLEEXTRA'), true);
  });

  it('replaces each shaped credential in a text and keeps the rest', () => {
    const text = `charge with ${SHAPED.stripeLive}, push as ${SHAPED.githubClassic}; key ${SHAPED.awsKeyId} ok`;
    assert.equal(maskSecretShapes(text, '[masked]'), 'charge with [masked], push as [masked]; key [masked] ok');
    assert.equal(maskSecretShapes(`key:\n${SHAPED.pem}\nnext`, '[masked]'), 'key:\n[masked]\nnext');
    assert.equal(maskSecretShapes(`Authorization: ${SHAPED.jwt}`, 'X'), 'Authorization: X');
  });

  it('masks with a fixed width that hides the length', () => {
    assert.equal(maskValue('x'), maskValue('a much longer secret value'));
    assert.equal(maskValue(''), '');
  });

  it('tells a command line that holds a secret value (never remembered) from an ordinary one', () => {
    for (const line of [
      'API_TOKEN=abc123def rails runner "Sync.run"', 'rake db:seed SECRET_KEY_BASE=0123456789abcdef', 'psql postgres://app:s3cret@db:5432/app',
      'mysql --password hunter2 app', 'curl -H "Authorization: Bearer abcdefghijkl" https://example.com', 'stripe charges list --api-key=sk_live_abcdefghijklmno',
      'echo sk_live_51Hc2RfK8xYzQ0demoSecret', "deploy --token='ghp_abcdefghijklmnopqrstuvwx'", 'export DB_PASSWORD="p a s s"',
    ]) {
      assert.equal(commandHoldsSecret(line), true, line);
    }
    for (const line of [
      'rails db:migrate', 'bundle exec rake db:seed', 'printenv STRIPE_SECRET_KEY', 'echo hello world', 'ls /app', 'node -v',
      'RAILS_ENV=production rails db:migrate', 'rails runner "puts ENV[\'API_KEY\'].size"', 'curl https://example.com/health', 'rake auth:setup --verbose',
    ]) {
      assert.equal(commandHoldsSecret(line), false, line);
    }
  });
});
