// What the agent tools tell the model when something fails, and which config values it
// may see: text it can act on, values masked as the tree masks them, never a fake value.
import assert from 'node:assert/strict';
import { ApiError, ConfigurationError, NetworkError } from '../../../src/api';
import { failureText, isMaskedValue, MASKED, modelValue, rateLimitedText, scrubForModel, ToolFailure, untilText } from '../../../src/agent/modelText';
import { NotSignedIn, UserCancelled } from '../../../src/model';

const info = { method: 'GET', path: '/api/v1/apps/1/ps' };
const apiError = (status: number, messages: string[] = [], extra: Partial<ConstructorParameters<typeof ApiError>[1]> = {}) =>
  new ApiError(messages[0] ?? `HTTP ${status}`, { status, messages, retryable: false, ...extra }, info);

describe('agent tools: failures as text', () => {
  const now = new Date(2026, 10, 26, 14, 4, 47).getTime();

  it('says until when the service limits requests, as a 24-hour local time with the seconds left', () => {
    assert.equal(untilText(now + 45_000, now), '14:05:32 (in 45 s)');
    assert.match(rateLimitedText(now + 45_000, now), /^Rate limited: the AppHost service accepts no more requests until 14:05:32 \(in 45 s\)\. Nothing was changed\. Wait until then/);
    assert.match(failureText(apiError(429, ['Too many requests'], { retryAfterMs: 30_000 }), now), /until 14:05:17 \(in 30 s\)/);
    assert.match(failureText(apiError(429), now), /until 14:05:47 \(in 60 s\)/, 'no Retry-After: a minute, the service\'s window');
  });

  it('tells the model to ask the user to sign in (signed out, or a session the service refused)', () => {
    assert.match(failureText(new NotSignedIn()), /^Not signed in to AppHost\. Ask the user to sign in \(Command Palette: "AppHost: Sign In"\), then call the tool again\.$/);
    assert.match(failureText(apiError(401)), /^The AppHost session expired or was revoked\. Ask the user to sign in again/);
  });

  it('explains a never-deployed app, a refusal, a missing permission and an unreachable server', () => {
    assert.match(failureText(apiError(422, ['App storefront has not been deployed'])), /^The app has never been deployed yet.*Deploy it first \(apphost_deploy_folder/);
    assert.equal(failureText(apiError(422, ['Name is too long', 'Name is invalid'])), 'The service refused it: Name is too long · Name is invalid');
    assert.match(failureText(apiError(403, ['Not authorized'])), /^Not allowed: Not authorized\. The signed-in account may only read this/);
    assert.match(failureText(apiError(404, ['Not Found'])), /^Not found: Not Found\. It may have been deleted; list the apps again \(apphost_list_apps\)\.$/);
    assert.match(failureText(apiError(503, ['Server unreachable'])), /^The app's server cannot be reached \(Server unreachable\)\. Try again later\.$/);
  });

  it('says a write whose answer never came may have been made, and to read the state first', () => {
    const dropped = new NetworkError('https://apphost.example', { method: 'POST', path: '/api/v1/apps/1/restart' }, 'ECONNRESET');
    assert.match(failureText(dropped), /dropped before it answered POST .* Read the state again before retrying: the change may have been made\.$/);
    assert.match(failureText(new NetworkError('https://apphost.example', info, 'ECONNREFUSED')), /^Failed: Cannot reach https:\/\/apphost\.example/);
  });

  it('passes its own texts through, and reports cancellation and a missing setup plainly', () => {
    assert.equal(failureText(new ToolFailure('No app named "x".')), 'No app named "x".');
    assert.match(failureText(new UserCancelled()), /^Cancelled before it finished/);
    assert.match(failureText(Object.assign(new Error('Canceled'), { name: 'Canceled' })), /^Cancelled/);
    assert.match(failureText(new ConfigurationError('Set the service URL first')), /^AppHost is not set up: Set the service URL first\. Ask the user to fix the setting apphost\.baseUrl\.$/);
    assert.doesNotMatch(failureText(new Error('boom')), /\n\s+at /, 'no stack trace');
  });
});

describe('agent tools: config values the model may see', () => {
  const on = { maskSecrets: true, revealed: false };

  it('masks secret-looking values as the tree does, with a marker, never a made-up value', () => {
    assert.equal(modelValue('SESSION_SECRET', 'f3c9a1d0', on), MASKED);
    assert.equal(modelValue('DATABASE_URL', 'postgres://u:p@db/x', on), MASKED);
    assert.equal(modelValue('GREETING', 'postgres://u:p@db/x', on), MASKED, 'a URL with a password, whatever its name');
    assert.equal(modelValue('LOG_LEVEL', 'info', on), '"info"');
    assert.equal(modelValue('QUOTE', 'say "hi"', on), '"say \\"hi\\""', 'quoted so that the model sees where it ends');
  });

  it('shows a secret the user revealed in the tree this session, or every value with apphost.maskSecrets off', () => {
    assert.equal(modelValue('SESSION_SECRET', 'f3c9a1d0', { maskSecrets: true, revealed: true }), '"f3c9a1d0"');
    assert.equal(modelValue('SESSION_SECRET', 'f3c9a1d0', { maskSecrets: false, revealed: false }), '"f3c9a1d0"');
  });

  it('shows an empty value as empty (nothing to hide)', () => {
    assert.equal(isMaskedValue('API_KEY', '', on), false);
  });
});

describe('agent tools: the app\'s output as the model reads it', () => {
  const config = {
    DATABASE_URL: 'postgres://app:s3cretpw@db.internal/app',
    DB_PASSWORD: 's3cretpw',
    HARMLESS_NAME: 'a1b2c3d4e5f6',
    RAILS_ENV: 'production',
    SHORT: 'abc1234',
    EMPTY: '',
  };

  it('masks each config value of 8 or more characters by its key, whatever the key\'s name', () => {
    const line = 'boot: env=production token=a1b2c3d4e5f6 connecting to postgres://app:s3cretpw@db.internal/app';
    assert.equal(scrubForModel(line, config), 'boot: env=[masked RAILS_ENV] token=[masked HARMLESS_NAME] connecting to [masked DATABASE_URL]',
      'the longest value first: the URL is masked whole, not around its password');
    assert.equal(scrubForModel('login with s3cretpw failed', config), 'login with [masked DB_PASSWORD] failed');
  });

  it('keeps values under 8 characters (they would mask ordinary words) and text without values as it is', () => {
    assert.equal(scrubForModel('abc1234 ok', config), 'abc1234 ok');
    assert.equal(scrubForModel('GET /health 200', config), 'GET /health 200');
    assert.equal(scrubForModel('', config), '');
  });

  it('masks credential shapes that are not config values', () => {
    const leaked = `stripe: sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'} rejected`;
    assert.equal(scrubForModel(leaked, config), `stripe: ${MASKED} rejected`);
    assert.equal(scrubForModel(leaked, {}), `stripe: ${MASKED} rejected`, 'with no config read (a viewer)');
  });
});
