// Root hooks of the UI journeys: package the extension once, as users get it.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { REPO_ROOT } from '../vscode/tools';
import { VSIX, Workbench } from './workbench';

export const mochaHooks = {
  beforeAll(this: Mocha.Context) {
    this.timeout(180_000);
    mkdirSync(dirname(VSIX), { recursive: true });
    execFileSync('npx', ['vsce', 'package', '--no-dependencies', '--skip-license', '--out', VSIX], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  },
  /** A failed step leaves a picture of what the user would have seen. */
  async afterEach(this: Mocha.Context) {
    const test = this.currentTest;
    if (test?.state === 'failed' && Workbench.current) {
      const name = `FAILED-${test.fullTitle()}`.replace(/[^\w.-]+/g, '_').slice(0, 120);
      console.log(`    screenshot: ${await Workbench.current.screenshot(name)}`);
    }
  },
};
