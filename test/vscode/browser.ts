// Debian's Chromium, headless, driven by playwright-core: the window of the real VS Code.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from './tools';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      // Test servers on 127.0.0.1 use self-signed certificates (e.g. the README's pictures over https).
      '--ignore-certificate-errors',
    ],
  });
}
