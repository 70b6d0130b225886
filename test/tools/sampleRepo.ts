// A small app repository linked to an app of the reference server: its `wokku` remote is
// the app's `git_remote` (wokku's SSH form), which the repository's own git config sends
// to the server's HTTP git gateway (`url.<base>/git/.insteadOf`). Used by `npm run demo`
// and the deploy journey, so that Deploy works out of the box.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../server';

export interface SampleRepo {
  dir: string;
  git(...args: string[]): string;
  commit(message: string, files?: Record<string, string>): string;
  write(file: string, text: string): void;
}

const FILES: Record<string, string> = {
  'Procfile': 'web: node server.js\nworker: node worker.js\n',
  'package.json': `${JSON.stringify({ name: 'storefront', version: '1.4.2', scripts: { start: 'node server.js' } }, null, 2)}\n`,
  'server.js': "const http = require('node:http');\n\nhttp\n  .createServer((req, res) => res.end('Hello from AppHost'))\n  .listen(process.env.PORT || 5000);\n",
  'worker.js': "setInterval(() => console.log('worker: nothing to do'), 60_000);\n",
  'README.md':
    '# storefront\n\nA sample app hosted on AppHost. This folder is linked to the app **storefront** by its git remote `wokku`:\n' +
    'the status bar shows it; click it and choose **Deploy** (or run **AppHost: Deploy**) to push and watch the build.\n\n' +
    'Add a file named `FAIL_BUILD` and commit it to see a failing build.\n',
};

/** An empty repository (no commit yet) whose `wokku` remote is the app's wokku-style SSH remote, rewritten to the server's gateway. */
export function linkedRepo(dir: string, server: RunningServer, app: string): SampleRepo {
  mkdirSync(dir, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } }).trim();
  const write = (file: string, text: string) => writeFileSync(join(dir, file), text);
  const commit = (message: string, files: Record<string, string> = {}) => {
    for (const [file, text] of Object.entries(files)) write(file, text);
    git('add', '-A');
    git('commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'dana@apphost.dev');
  git('config', 'user.name', 'Dana Demo');
  const rewrite = server.control.gitInsteadOf();
  git('config', rewrite.key, rewrite.value);
  git('remote', 'add', 'wokku', `git@git.apphost.example:${app}`);
  return { dir, git, commit, write };
}

export function createSampleRepo(dir: string, server: RunningServer, app = 'storefront'): SampleRepo {
  const repo = linkedRepo(dir, server, app);
  repo.commit('Initial version of the storefront', FILES);
  return repo;
}
