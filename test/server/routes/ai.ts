// POST /ai/diagnose {deploy_id}: wokku's AiController + AiDebugger. The answer is always
// 200 (the controller renders the service's hash as is): `{diagnosis: <Markdown>}`, or
// `{error: "No API key configured"}` when the operator set no ANTHROPIC_API_KEY (a fresh
// wokku: the default here, `aiKey: true` for the other mode), `{error: "No deploy log
// available"}` for an empty log. An unknown deploy is Rails' 404 (`Deploy.find`); a deploy
// of another team's app 403. The diagnosis is made up from the log's last 3,000 characters,
// shaped like the model's answer (2–3 sentences, then 1–3 bullet points).

import type { Context, RouteTable } from '../http/context';
import { notFound } from '../http/reply';
import type { Deploy } from '../types';
import { authorizeTeam } from './lookup';

const CAUSES: [RegExp, string, string[]][] = [
  [/error TS\d+/, 'The build step failed: the TypeScript compiler reported a type error, so the build script exited non-zero and Dokku kept the previous release.', ['Fix the reported error; `npx tsc --noEmit` shows it locally.', 'Run the build before pushing (e.g. in a pre-push hook or CI).']],
  [/npm ERR!|npm error/i, 'The Node.js build failed while installing dependencies with npm.', ['Run `npm ci` locally and commit an up-to-date `package-lock.json`.', 'Pin the Node version in `package.json` (`"engines": {"node": "20.x"}`).']],
  [/Could not find .* in any of the sources|Bundler/i, 'Bundler could not resolve the gems of the app.', ['Run `bundle lock --add-platform x86_64-linux` and commit `Gemfile.lock`.']],
  [/out of memory|Killed|ENOMEM/i, 'The build ran out of memory and was killed.', ['Reduce the build\'s memory use (e.g. `NODE_OPTIONS=--max-old-space-size=400`) or choose a larger tier.']],
  [/healthcheck|checks? failed|Could not start due to/i, 'The new containers did not pass the health checks, so Dokku kept the old release.', ['Make sure the app listens on `$PORT`.', 'Check the path configured for health checks answers 200 within the timeout.']],
];

function diagnose(appName: string, deploy: Deploy): string {
  const log = deploy.log.join('\n').slice(-3000);
  // The first specific error line (not Dokku's closing "Build failed").
  const failing = log.split('\n')
    .map((l) => l.replace(/^\s*(remote:\s*)?[!>-]*\s*/, '').trim())
    .find((l) => /error|err!|fatal|denied|killed/i.test(l) && !/^build failed$/i.test(l));
  const [, cause, fixes] = CAUSES.find(([re]) => re.test(log)) ?? [undefined, `The deploy of ${appName} stopped during the build.`, ['Read the first error in the log above and fix it locally, then push again.']];
  const seen = failing ? ` The first error in the log: \`${failing.slice(0, 160).replace(/\.$/, '')}\`.` : '';
  return `**Diagnosis:** ${cause}${seen} Status: ${deploy.status}.\n\n**Suggested fixes:**\n${fixes.map((f) => `- ${f}`).join('\n')}\n`;
}

function diagnoseRoute(ctx: Context) {
  const { store } = ctx.state;
  const id = ctx.body.deploy_id;
  const deploy = id === undefined || id === null ? undefined : store.deploys.get(String(id));
  if (!deploy) throw notFound();
  const app = store.apps.get(deploy.appId);
  if (!app) throw notFound();
  authorizeTeam(ctx, app.workspaceId, 'show');
  if (!ctx.state.settings.aiKey) return { error: 'No API key configured' };
  if (deploy.log.join('\n').trim() === '') return { error: 'No deploy log available' };
  return { diagnosis: diagnose(app.name, deploy) };
}

export function aiRoutes(r: RouteTable): void {
  r.post('/ai/diagnose', diagnoseRoute);
}
