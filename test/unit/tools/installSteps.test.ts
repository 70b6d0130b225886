// test/tools/installSteps.sh: a failing install step is retried, and a step that
// keeps failing stops the install with its own output, its name and how to rerun.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIB = join(__dirname, '..', '..', 'tools', 'installSteps.sh');

/** Runs `step` in bash with no pauses; the command fails `failures` times, then succeeds. */
function runStep(failures: number, tries = 3, tick = 20) {
  const dir = mkdtempSync(join(tmpdir(), 'apphost-install-'));
  try {
    const script = `exec 2>&1; source "${LIB}"; step "fetch the thing" "~1 s" bash -c 'n=$(cat "${dir}/n" 2>/dev/null || echo 0); echo $((n+1)) > "${dir}/n"; if [ $n -lt ${failures} ]; then echo "npm ERR! 503 Service Unavailable (try $((n+1)))" >&2; exit 7; fi; sleep 0.3; echo fetched'; echo "after the step"`;
    const r = spawnSync('bash', ['-c', script], {
      encoding: 'utf8',
      env: { ...process.env, APPHOST_INSTALL_TRIES: String(tries), APPHOST_INSTALL_PAUSE: '0', APPHOST_INSTALL_TICK: String(tick) },
      timeout: 20_000,
    });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('tools: install steps', () => {
  it('retries a step that fails once or twice, showing the end of its output, then goes on', () => {
    const { status, out } = runStep(2);
    assert.equal(status, 0, out);
    assert.match(out, /fetch the thing failed \(exit 7\); the end of its output:\n\s+npm ERR! 503 Service Unavailable \(try 1\)/);
    assert.match(out, /fetch the thing \(~1 s\), attempt 3 of 3…/);
    assert.match(out, /after the step/);
  });

  it('stops after the last try with the step\'s own output, its name and how to run it again', () => {
    const { status, out } = runStep(5);
    assert.equal(status, 1);
    assert.match(out, /FAILED: fetch the thing \(exit 7, 3 attempts\)\. Its output:\n\s+npm ERR! 503 Service Unavailable \(try 3\)/);
    assert.match(out, /run again: bash test\/tools\/install\.sh/);
    assert.doesNotMatch(out, /after the step/);
  });

  it('says it is still working during a long step', () => {
    const { status, out } = runStep(0, 1, 0.1);
    assert.equal(status, 0, out);
    assert.match(out, /… still on: fetch the thing \(\d+ s so far, usually ~1 s\)/);
  });
});
