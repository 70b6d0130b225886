import { strict as assert } from 'node:assert';
import { looksSecret, maskValue } from '../../../src/configText/secrets';

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

  it('masks with a fixed width that hides the length', () => {
    assert.equal(maskValue('x'), maskValue('a much longer secret value'));
    assert.equal(maskValue(''), '');
  });
});
