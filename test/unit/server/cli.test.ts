import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseCli, type CliOptions } from '../../server/cli';

describe('server: CLI', () => {
  it('parses flags into server options', () => {
    assert.deepEqual(parseCli([]), {
      port: 3000, host: undefined, seed: 'demo', latencyMs: undefined, actionDelayMs: undefined, rateLimit: undefined,
      follow: false, logFormat: 'dokku', logIntervalMs: undefined, logRequests: false, failures: [], htmlNotFound: false, workspaceHeader: false,
    });
    const o = parseCli(['--port', '0', '--seed', 'empty', '--latency', '250', '--action-delay', '100', '--rate-limit', '120/10', '--follow', '--log-format', 'merged', '--log-interval', '500', '--verbose',
      '--fail', '503:3:/apps', '--fail', '429', '--html-404', '--workspace-header']);
    assert.deepEqual(o, {
      port: 0, host: undefined, seed: 'empty', latencyMs: 250, actionDelayMs: 100, rateLimit: { perMinute: 120, loginPerMinute: 10 },
      follow: true, logFormat: 'merged', logIntervalMs: 500, logRequests: true, htmlNotFound: true, workspaceHeader: true,
      failures: [{ status: 503, count: 3, path: '/apps' }, { status: 429, count: 1, path: undefined }],
    });
    assert.throws(() => parseCli(['--fail', 'oops']), /--fail/);
    assert.equal((parseCli(['--rate-limit', 'off']) as { rateLimit: unknown }).rateLimit, false);
    assert.equal((parseCli(['--no-rate-limit']) as { rateLimit: unknown }).rateLimit, false);
    assert.equal(parseCli(['--help']), 'help');
    assert.throws(() => parseCli(['--seed', 'full']), /seed/);
    assert.throws(() => parseCli(['--port', 'abc']), /port/);
    assert.throws(() => parseCli(['--rate-limit', 'lots']), /rate-limit/);
    assert.throws(() => parseCli(['--bogus']));
    const beyond = parseCli(['--older-wokku', '--ai-key', '--taken-name', 'validation', '--run-second', '5']) as CliOptions;
    assert.deepEqual([beyond.olderWokku, beyond.aiKey, beyond.takenName, beyond.runSecondMs], [true, true, 'validation', 5]);
    const fronted = parseCli(['--front', 'dokku-nginx', '--front-timeout', '1500', '--body-limit', '50m', '--no-backup-destination']) as CliOptions;
    assert.deepEqual([fronted.front, fronted.frontTimeoutMs, fronted.bodyLimitBytes, fronted.backupDestination], ['dokku-nginx', 1500, 50 * 1024 * 1024, false]);
    assert.throws(() => parseCli(['--front', 'apache']), /--front must be one of none, dokku-nginx, thruster/);
    assert.throws(() => parseCli(['--body-limit', 'lots']), /size/);
    assert.throws(() => parseCli(['--taken-name', 'maybe']), /taken-name/);
  });

  it('prints the URL and the demo credentials, and exits cleanly on SIGTERM', async function () {
    this.timeout(20_000);
    const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const child = spawn(tsx, ['test/server/cli.ts', '--port', '0', '--log-interval', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('Ctrl+C')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`exited early (${code}): ${out}`)));
    });
    const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
    assert.ok(url, out);
    assert.match(out, /demo@apphost\.dev \/ demo-password/);
    assert.match(out, /admin@apphost\.dev/);
    assert.equal((await fetch(`${url}/api/v1/auth/whoami`)).status, 401);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
