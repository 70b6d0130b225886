// Debian's Chromium, headless, driven by playwright-core: the window of the real VS Code.
// Every launch starts cold: Playwright gives it a new temporary profile, and its own cache
// folder here; both go when the browser closes.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, PIN_CPU } from './tools';

export async function launchBrowser(): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), 'apphost-chromium-'));
  let executablePath = CHROMIUM;
  if (PIN_CPU !== undefined) {
    // Playwright starts the executable itself: a wrapper puts Chromium (and every process it
    // forks) on the pinned core.
    executablePath = join(dir, 'chromium-pinned');
    writeFileSync(executablePath, `#!/bin/sh\nexec taskset --cpu-list ${PIN_CPU} ${JSON.stringify(CHROMIUM)} "$@"\n`);
    chmodSync(executablePath, 0o755);
  }
  try {
    const browser = await chromium.launch({
      executablePath,
      headless: true,
      env: { ...process.env, XDG_CACHE_HOME: join(dir, 'cache') },
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        // Test servers on 127.0.0.1 use self-signed certificates (e.g. the README's pictures over https).
        '--ignore-certificate-errors',
      ],
    });
    browser.once('disconnected', () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 }));
    return browser;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
