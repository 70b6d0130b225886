// What Diagnose Failure sends a language model of VS Code when the service has no AI key:
// the log's last 3,000 characters, masked before they are cut, in wokku's own prompt.
import assert from 'node:assert/strict';
import { diagnosisPrompt, LOG_EXCERPT_CHARS, logExcerptForModel } from '../../../src/logs';

describe('diagnosis prompt for a language model', () => {
  const config = { DATABASE_URL: 'postgres://app:s3cretpw@db.internal/app', SESSION_KEY: 'a1b2c3d4e5f6', SHORT: 'web' };

  it('keeps the last 3,000 characters of a long log, as wokku sends its model', () => {
    const log = Array.from({ length: 400 }, (_, i) => `remote: line ${String(i).padStart(3, '0')} of the build`).join('\n');
    const excerpt = logExcerptForModel(log, {});
    assert.equal(LOG_EXCERPT_CHARS, 3000);
    assert.equal(excerpt.length, 3000);
    assert.ok(log.endsWith(excerpt));
    assert.ok(excerpt.endsWith('line 399 of the build'));
    assert.ok(!excerpt.includes('line 000'));
    assert.equal(logExcerptForModel('short log', {}), 'short log', 'a short log whole');
  });

  it('masks the app\'s config values and credential shapes before it cuts (no half secret at the start)', () => {
    const secret = config.DATABASE_URL;
    const stripe = `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`;
    // The URL straddles the cut: masked first, nothing of it is left.
    const log = `${'x'.repeat(100)} ${secret}\n${'y'.repeat(2980)}\nconnect ${secret} with key a1b2c3d4e5f6 as web\npay ${stripe}\n`;
    const excerpt = logExcerptForModel(log, config);
    assert.ok(excerpt.length <= 3000);
    assert.ok(!excerpt.includes('s3cretpw') && !excerpt.includes('db.internal'), 'no part of the URL');
    assert.ok(!excerpt.includes('a1b2c3d4e5f6'), 'a value of 8+ characters whatever its key\'s name');
    assert.ok(!excerpt.includes(stripe));
    assert.match(excerpt, /connect \[masked DATABASE_URL\] with key \[masked SESSION_KEY\] as web\npay \[masked\]\n$/);
  });

  it('asks as wokku\'s AiDebugger does: app, status, commit, the fenced excerpt, 2-3 sentences and 1-3 fixes in Markdown', () => {
    const prompt = diagnosisPrompt({ app: 'storefront', status: 'failed', commitSha: 'abc1234def', excerpt: 'npm ERR! missing script: build' });
    assert.match(prompt, /^You are a DevOps expert\. A deploy just failed on a Dokku-based PaaS/);
    assert.match(prompt, /\nApp: storefront\nStatus: failed\nCommit: abc1234def\n/);
    assert.match(prompt, /last 3000 chars[^\n]*\n```\nnpm ERR! missing script: build\n```\n/);
    assert.match(prompt, /Diagnose the failure in 2-3 sentences\. Then provide 1-3 specific fix suggestions as bullet points\..*Markdown\.$/);
    assert.ok(!diagnosisPrompt({ app: 'a', status: 'failed', excerpt: '' }).includes('Commit:'), 'no commit line without a commit');
    assert.match(diagnosisPrompt({ app: 'a', status: 'failed', excerpt: 'a ``` fence' }), /\n~~~~\na ``` fence\n~~~~\n/, 'a log holding a fence cannot close it');
  });
});
