// `npm run demo`: installs what is missing, packages the extension, starts the reference
// service with its demo data and a real VS Code (code-server) with AppHost installed and
// pointed at it, then prints the address to open. Ctrl-C stops everything it started.
//   npm run demo -- --port 8080 --host 127.0.0.1
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ADMIN_USER, DEMO_USER, startServer } from '../server';
import { startCodeServer } from '../vscode/codeServer';
import { packageExtension } from '../vscode/packageExtension';
import { REPO_ROOT } from '../vscode/tools';
import { createSampleRepo } from './sampleRepo';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8080' }, host: { type: 'string', default: '127.0.0.1' } },
});


async function main(): Promise<void> {
  console.log('Installing the test tools if needed (Chromium is not needed for the demo, but code-server is)…');
  execFileSync('bash', [join(REPO_ROOT, 'test', 'tools', 'install.sh')], { stdio: 'inherit' });

  const scratch = mkdtempSync(join(tmpdir(), 'apphost-demo-'));
  console.log('Packaging the extension…');
  const vsix = packageExtension(join(scratch, 'apphost.vsix'));

  const service = await startServer({ seed: 'demo', actionDelayMs: 2000 });
  const codeServer = await startCodeServer({
    vsix,
    host: values.host,
    port: Number(values.port),
    // The app's repository, already linked to storefront by its git remote: Deploy works at once.
    workspaceFolder: createSampleRepo(join(scratch, 'storefront'), service).dir,
    settings: { 'apphost.baseUrl': service.url },
  }).catch(async (error) => {
    await service.close();
    throw error;
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the demo…');
    await codeServer.close();
    await service.close();
    rmSync(scratch, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);

  console.log(`
  AppHost demo is running.

    VS Code (open in your browser):  ${codeServer.url}/?folder=${encodeURIComponent(codeServer.workspaceFolder)}
    Reference service:               ${service.url}   (apphost.baseUrl is already set)
    The open folder is storefront's repository: after signing in, click "storefront" in the
    status bar and choose Deploy to push it and watch the build (git gateway: ${service.url}/git/).

    Sign in as a developer:  ${DEMO_USER.email} / ${DEMO_USER.password}
    Sign in as an admin:     ${ADMIN_USER.email} / ${ADMIN_USER.password}   (one-time code ${ADMIN_USER.otp})

  Press Ctrl-C to stop everything.
`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
