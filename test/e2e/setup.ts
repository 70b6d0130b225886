// Root hooks of the UI journeys: package the extension once, as users get it, and keep
// a picture of every failed step.
import { existsSync } from 'node:fs';
import { packageExtension } from '../vscode/packageExtension';
import type { WithScreenshot } from '../tools/summaryReporter';
import { VSIX, Workbench } from './workbench';
import { patient } from '../support/patience';

export const mochaHooks = {
  beforeAll(this: Mocha.Context) {
    this.timeout(patient(180_000));
    // A second run of failed journeys (test/tools/runE2e.ts) installs the .vsix the first run packaged.
    if (process.env.APPHOST_E2E_RETRY === '1' && existsSync(VSIX)) return;
    packageExtension(VSIX);
  },
  async afterEach(this: Mocha.Context) {
    const test = this.currentTest;
    if (test?.state === 'failed' && Workbench.current) {
      // A second run's picture (test/tools/runE2e.ts) must not replace the first run's.
      const attempt = process.env.APPHOST_E2E_RETRY === '1' ? '-retry' : '';
      const name = `FAILED-${test.fullTitle()}`.replace(/[^\w.-]+/g, '_').slice(0, 120) + attempt;
      const screenshot = await Workbench.current.screenshot(name);
      // The reporter puts it beside the failure in the run's records (flaky journeys show it).
      (test as WithScreenshot).screenshot = screenshot;
      console.log(`    screenshot: ${screenshot}`);
    }
  },
};
