// Root hooks of the UI journeys: package the extension once, as users get it, and keep
// a picture of every failed step.
import { packageExtension } from '../vscode/packageExtension';
import { VSIX, Workbench } from './workbench';

export const mochaHooks = {
  beforeAll(this: Mocha.Context) {
    this.timeout(180_000);
    packageExtension(VSIX);
  },
  async afterEach(this: Mocha.Context) {
    const test = this.currentTest;
    if (test?.state === 'failed' && Workbench.current) {
      const name = `FAILED-${test.fullTitle()}`.replace(/[^\w.-]+/g, '_').slice(0, 120);
      console.log(`    screenshot: ${await Workbench.current.screenshot(name)}`);
    }
  },
};
