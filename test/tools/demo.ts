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
  const started = Date.now();
  console.log('Preparing the tools: the first run on a machine takes about 3-4 minutes (system libraries, Node 24,');
  console.log('and code-server built from npm); later runs take a few seconds. Each step says what it does.');
  try {
    // The demo needs only the current VS Code, not the oldest one of the smoke stage.
    execFileSync('bash', [join(REPO_ROOT, 'test', 'tools', 'install.sh')], {
      stdio: 'inherit',
      env: { ...process.env, APPHOST_SKIP_OLDEST: process.env.APPHOST_SKIP_OLDEST ?? '1' },
    });
  } catch {
    throw new Error('The tools could not be installed: the [install-tools] lines above name the step that failed and show its output. Then run `npm run demo` again.');
  }

  const scratch = mkdtempSync(join(tmpdir(), 'apphost-demo-'));
  console.log('Packaging the extension (about 10 s)…');
  const vsix = packageExtension(join(scratch, 'apphost.vsix'));
  console.log('Starting the reference service and VS Code (a few seconds)…');

  // Behind Dokku's nginx, as wokku is deployed: its 60 s read timeout and 1 MB body limit (test/server/front.ts).
  const service = await startServer({ seed: 'demo', actionDelayMs: 2000, front: 'dokku-nginx' });
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
  AppHost demo is running (ready in ${Math.round((Date.now() - started) / 1000)} s).

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
