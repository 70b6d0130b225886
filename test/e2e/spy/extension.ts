// The spy: a hostile extension for the journey test/e2e/spy.e2e.ts. Installed from its own
// .vsix next to the packaged AppHost, its command "Spy: Walk AppHost" tries every door
// another extension has to AppHost's sign-in:
//   - AppHost's exports, walked deeply, every reachable function called;
//   - the modules AppHost's main files export (require() shares VS Code's module cache),
//     walked for state they hold;
//   - the sign-in command, whose result reaches whoever ran it;
//   - VS Code's authentication API, silently (no consent asked);
//   - AppHost's file system: an app's config.env (its secrets) read and written by a
//     guessed address (wokku takes an app's name for its id), as `workspace.fs` allows;
//   - every other AppHost document by a guessed address (`openTextDocument`): checks.json,
//     app.json, a server snapshot, Show Details, recent lines, a deploy log, also with a made-up key.
// It reports what it found in its output channel and a notification (what the screenshot
// shows), and as JSON in $APPHOST_SPY_REPORT for the journey's assertions. The token to
// hunt for comes from $APPHOST_SPY_SECRET_FILE (written by the journey after it issues it).
// Its second command, "Spy: After Use" (./neighbour.ts), tries AppHost once the user has used it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { registerNeighbour } from './neighbour';
import { RequestWatch, type SentRequest } from './requestWatch';
import { walk, type Finding } from '../../support/walk';

const APPHOST = 'apphost.apphost';

export interface SpyReport {
  /** typeof AppHost's exports after activation. */
  exportsType: string;
  /** Objects and functions reached, functions called. */
  reached: number;
  called: number;
  /** A walk stopped at its limits (time, objects) before it saw everything. */
  truncated: boolean;
  findings: Finding[];
  /** Authenticated requests the spy's calls made AppHost send. */
  requests: SentRequest[];
  /** AppHost's bundles whose module exports the spy read (require.cache). */
  modules: string[];
  /** What AppHost's sign-in command returned to the spy (typeof). */
  signInResult: string;
  /** Whether VS Code handed the spy an AppHost session without asking the user. */
  silentSession: boolean;
  /** What reading and writing an app's config.env by its address gave: "refused: …" or what it got. */
  configRead: string;
  configWrite: string;
  /** Each guessed address of an AppHost document, and what opening it gave: "refused: …" or its text. */
  guessed: { uri: string; result: string }[];
}

/** The config.env of the demo's storefront, addressed by name (no service: the first). */
export const GUESSED_CONFIG = 'apphost:/~personal/apps/storefront/storefront/config.env';

/** Addresses of every AppHost scheme a neighbour can guess (app names are ids on wokku; a key it must make up). */
export const GUESSED_DOCUMENTS = [
  'apphost:/~personal/apps/storefront/storefront/config.env?key=guessed',
  'apphost:/~personal/apps/storefront/storefront/checks.json',
  'apphost:/~personal/apps/storefront/storefront/app.json',
  'apphost-server:/~personal/apps/storefront/storefront/config.env',
  'apphost-details:/personal/apps/storefront.json',
  'apphost-recent-log:/storefront/last 1000 lines.log?app=storefront&lines=1000',
  'apphost-recent-log:/storefront/last 1000 lines.log?app=storefront&lines=1000&key=guessed',
  'apphost-deploy-log:/storefront/deploy latest.log?app=storefront&deploy=latest',
];

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel('AppHost Spy');
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('apphostSpy.walk', async () => {
      const report = await spy();
      const target = process.env.APPHOST_SPY_REPORT;
      if (target) writeFileSync(target, JSON.stringify(report, null, 2));
      output.clear();
      for (const line of describe(report)) output.appendLine(line);
      output.show(true);
      const clean = !report.findings.length && !report.requests.length && !report.silentSession && report.signInResult === 'undefined'
        && report.configRead.startsWith('refused') && report.configWrite.startsWith('refused') && report.guessed.every((g) => g.result.startsWith('refused'));
      void vscode.window.showInformationMessage(clean
        ? `Spy: AppHost gave nothing away (${report.reached} objects reached, ${report.called} functions called).`
        : `Spy: AppHost leaked ${report.findings.length + report.requests.length} things; see the AppHost Spy output.`);
    }),
  );
  registerNeighbour(context, output);
}

async function spy(): Promise<SpyReport> {
  const file = process.env.APPHOST_SPY_SECRET_FILE;
  const secret = file && existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (!secret) throw new Error('The spy has no token to hunt for ($APPHOST_SPY_SECRET_FILE).');
  const apphost = vscode.extensions.getExtension(APPHOST);
  if (!apphost) throw new Error(`${APPHOST} is not installed`);
  const watch = new RequestWatch(secret);
  try {
    const exported: unknown = await watch.run('exports', () => Promise.resolve(apphost.activate()));
    const fromExports = await watch.run('exports', () => walk(exported, 'exports', { secret, call: true }));
    // The bundles' module.exports (classes, module state): read, not called, since calling
    // every function of every module would run AppHost's code in ways no user asked for.
    const modules = Object.keys(require.cache).filter((path) => path.startsWith(join(apphost.extensionPath, 'dist')));
    const short = (path: string) => path.slice(apphost.extensionPath.length + 1);
    const fromModules = await Promise.all(modules.map((path) => walk(require.cache[path]?.exports, `require(${short(path)})`, { secret, call: false })));
    // The one command that used to answer with the session: the user completes the sign-in it shows.
    const signedIn: unknown = await watch.run('apphost.signIn', async () => vscode.commands.executeCommand('apphost.signIn'));
    const fromSignIn = await walk(signedIn, 'executeCommand("apphost.signIn")', { secret, call: true });
    const silent = await vscode.authentication.getSession('apphost', [], { silent: true }).then((s) => s, () => undefined);
    const config = vscode.Uri.parse(GUESSED_CONFIG);
    const refused = (e: unknown) => `refused: ${e instanceof Error ? e.message : String(e)}`;
    const configRead = await Promise.resolve(vscode.workspace.fs.readFile(config)).then((bytes) => `read ${bytes.length} bytes: ${new TextDecoder().decode(bytes).slice(0, 200)}`, refused);
    const configWrite = await Promise.resolve(vscode.workspace.fs.writeFile(config, new TextEncoder().encode('SPY=1\n'))).then(() => 'written', refused);
    // Each document as an editor would open it (content providers answer openTextDocument, not workspace.fs).
    const guessed = await watch.run('guessed document addresses', () => Promise.all(GUESSED_DOCUMENTS.map(async (address) => ({
      uri: address,
      result: await Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.parse(address))).then((doc) => `read: ${doc.getText().slice(0, 200)}`, refused),
    }))));
    const all = [fromExports, ...fromModules, fromSignIn];
    return {
      exportsType: exported === null ? 'null' : typeof exported,
      reached: all.reduce((n, r) => n + r.reached, 0),
      called: all.reduce((n, r) => n + r.called, 0),
      truncated: all.some((r) => r.truncated),
      findings: all.flatMap((r) => r.findings),
      requests: watch.sent,
      modules: modules.map(short),
      signInResult: signedIn === null ? 'null' : typeof signedIn,
      silentSession: silent !== undefined,
      configRead,
      configWrite,
      guessed,
    };
  } finally {
    watch.dispose();
  }
}

function describe(r: SpyReport): string[] {
  const none = (n: number) => (n ? `${n} FOUND` : 'none');
  const of = (kind: Finding['kind']) => r.findings.filter((f) => f.kind === kind);
  return [
    `AppHost's exports: ${r.exportsType}`,
    `Objects reached: ${r.reached}${r.truncated ? ' (stopped at its limits)' : ''}, functions called: ${r.called} (exports walked deeply and called; module exports read: ${r.modules.join(', ') || 'none loaded'})`,
    `Token: ${none(of('token').length)}`,
    `SecretStorage: ${none(of('secretStorage').length)}`,
    `Sessions (accessToken): ${none(of('session').length)}`,
    `Authenticated requests sent for the spy: ${none(r.requests.length)}`,
    `AppHost: Sign In, run by the spy, returned: ${r.signInResult}`,
    `Session from VS Code without the user's consent: ${r.silentSession ? 'GRANTED' : 'none'}`,
    `An app's config.env by a guessed address: ${r.configRead}; writing it: ${r.configWrite}`,
    `Other AppHost documents by guessed addresses: ${r.guessed.filter((g) => !g.result.startsWith('refused')).length} of ${r.guessed.length} opened`,
    ...r.guessed.map((g) => `  ${g.uri.split(':')[0]}: ${g.result.split('\n')[0].slice(0, 120)}`),
    ...r.findings.map((f) => `  ${f.kind} at ${f.path}`),
    ...r.requests.map((q) => `  request to ${q.target} while calling ${q.during}`),
  ];
}
