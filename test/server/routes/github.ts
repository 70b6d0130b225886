// POST /apps/:id/github_connect {repo, branch} and DELETE /apps/:id/github_disconnect,
// as wokku's AppsController: members and admins of the app's team (AppRecordPolicy#update?).
// Connect stores github_repo_full_name, git_repository_url, deploy_branch (default "main")
// and a webhook secret (kept if there was one); disconnect clears the repository and the
// secret but leaves git_repository_url and deploy_branch. Neither is tracked in the feed.

import { randomBytes } from 'node:crypto';
import type { Context, RouteTable } from '../http/context';
import { platformError } from '../http/reply';
import { appParam } from './lookup';

function connect(ctx: Context) {
  const app = appParam(ctx, 'update');
  const repo = ctx.body.repo;
  const branchParam = ctx.body.branch;
  const branch = branchParam === undefined || branchParam === null ? 'main' : String(branchParam);
  if (repo === undefined || repo === null || String(repo).trim() === '') throw platformError('repo is required');
  const name = String(repo);
  app.github = { repo: name, webhookSecret: app.github?.webhookSecret ?? randomBytes(20).toString('hex') };
  app.gitRepositoryUrl = `https://github.com/${name}.git`;
  app.deployBranch = branch;
  return { message: `Connected to ${name} (${branch})`, app_id: app.id, github_repo: name, deploy_branch: branch };
}

function disconnect(ctx: Context) {
  const app = appParam(ctx, 'update');
  app.github = undefined;
  return { message: 'GitHub disconnected' };
}

export function githubRoutes(r: RouteTable): void {
  r.post('/apps/:id/github_connect', connect);
  r.del('/apps/:id/github_disconnect', disconnect);
}
