// Runs code inside the extension host of a real VS Code (code-server in headless
// Chromium), the way runIntegration.ts does: the workbench loads `runner` through the
// smoke-test driver's payload and calls codeAutomationExit when its run() settles.
// Runners are bundled first, so a concurrent `npm run build` (which empties out/)
// cannot pull them away mid-run.
import * as esbuild from 'esbuild';
import type { Browser } from 'playwright-core';
import type { RunningCodeServer } from '../vscode/codeServer';

/** Bundles a runner (and what it imports: reference server, support helpers) into one CommonJS file. */
export async function bundleRunner(entry: string, outfile: string): Promise<string> {
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'silent',
  });
  return outfile;
}

export interface HostRunOptions {
  codeServer: RunningCodeServer;
  browser: Browser;
  /** Extension folders loaded as under development (the payload's extensionDevelopmentPath). */
  devPaths: string[];
  runner: string;
  timeoutMs: number;
}

/** Opens a fresh window (and with it a fresh extension host); resolves with run()'s exit code. */
export async function runInHost(o: HostRunOptions): Promise<{ code: number; errors: string[] }> {
  const page = await o.browser.newPage();
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && !/vsda|open-vsx|favicon|ENOTFOUND/.test(m.text()) && errors.push(m.text())));
  try {
    const exit = new Promise<number>((resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
    const remote = (path: string) => `vscode-remote://${o.codeServer.authority}${path}`;
    const payload = JSON.stringify([
      ...o.devPaths.map((p) => ['extensionDevelopmentPath', remote(p)]),
      ['extensionTestsPath', remote(o.runner)],
    ]);
    // A loaded machine can take more than Playwright's default 30 s to serve the workbench.
    await page.goto(`${o.codeServer.url}/?folder=${encodeURIComponent(o.codeServer.workspaceFolder)}&payload=${encodeURIComponent(payload)}`, { timeout: 120_000 });
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exit,
      new Promise<number>((resolve) => (timer = setTimeout(() => resolve(-1), o.timeoutMs))),
    ]);
    clearTimeout(timer);
    return { code, errors };
  } finally {
    // Closing the window disconnects its extension host, which code-server then shuts down.
    await page.close();
  }
}
