// `npm run test:desktop`: the same integration suites in a downloaded desktop VS Code,
// for developers who have one and internet access (this CI machine has neither).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { REPO_ROOT } from './tools';

async function main(): Promise<void> {
  const workspace = mkdtempSync(join(tmpdir(), 'apphost-desktop-'));
  await runTests({
    version: process.env.VSCODE_VERSION ?? 'stable',
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath: join(REPO_ROOT, 'out', 'test', 'integration', 'runner.js'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
    extensionTestsEnv: { APPHOST_INTEGRATION: '1' },
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
