// Runs inside VS Code's extension host (loaded through extensionTestsPath by the
// integration driver, or by @vscode/test-electron on desktop). Its promise tells the
// workbench whether the run passed; the reporter writes the visible output to a file.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import SummaryReporter from '../tools/summaryReporter';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.js'))
    .sort()
    .map((f) => join(dir, f));
}

export function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 30_000,
    reporter: SummaryReporter,
    grep: process.env.APPHOST_TEST_GREP || undefined,
  });
  // APPHOST_TEST_DIR: another folder of suites (the fault suite's VS Code part).
  for (const file of testFiles(process.env.APPHOST_TEST_DIR || __dirname)) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
