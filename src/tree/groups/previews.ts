// The pull-request preview apps of an app (wokku creates one per PR of a GitHub-connected
// app), as app rows labelled by their pull request. The apps list with previews is one
// request per workspace, shared by every Previews part expanded at the same time: the
// service allows 60 requests a minute, so no part reads a list of its own.
import * as vscode from 'vscode';
import type { App } from '../../api';
import type { AppGroupDescriptor, AppGroupNode } from '../appGroupNode';
import type { WorkspaceParent } from '../parents';
import { MessageNode } from '../messageNode';

/** A read shared by the Previews parts of one workspace: each part takes it once, a part that looks again reads anew. */
interface SharedList {
  readonly list: Promise<App[]>;
  readonly at: number;
  readonly takenBy: Set<string>;
}

/** How long a shared read stands in for the parts that have not taken it yet. */
const SHARED_FOR_MS = 30_000;

const shared = new WeakMap<WorkspaceParent, SharedList>();

function appsWithPreviews(group: AppGroupNode): Promise<App[]> {
  const ws = group.app.workspaceNode;
  const last = shared.get(ws);
  if (last && !last.takenBy.has(group.id) && Date.now() - last.at < SHARED_FOR_MS) {
    last.takenBy.add(group.id);
    return last.list;
  }
  const entry: SharedList = { list: ws.ctx.api().apps.list({ includePreviews: true }, ws.callOptions()), at: Date.now(), takenBy: new Set([group.id]) };
  shared.set(ws, entry);
  entry.list.catch(() => {
    if (shared.get(ws) === entry) shared.delete(ws);
  });
  return entry.list;
}

/**
 * Whether the parent deploys from GitHub decides "Open Pull Request"; the apps list does not
 * say it, so the parent's details are read once (only when it has previews and it is not known yet).
 */
async function learnGithub(group: AppGroupNode): Promise<void> {
  const { ctx } = group.app.workspaceNode;
  const parent = group.app.app;
  if (ctx.state.githubOf(ctx.service, parent)) return;
  const details = await ctx.api().apps.get(parent.id, group.app.workspaceNode.callOptions());
  ctx.state.knowGithub(ctx.service, parent, { repo: details.githubRepo, branch: details.deployBranch });
}

export const previewsGroup: AppGroupDescriptor = {
  kind: 'previews',
  label: () => vscode.l10n.t('Previews'),
  icon: 'git-pull-request',
  emptyLabel: () => vscode.l10n.t('No preview apps (one is made for each pull request of a GitHub-connected app)'),
  beyondSpec: 'previews',
  shownFor: (app) => !app.isPreview,
  async fetch(group) {
    const parent = group.app.app;
    const apps = await appsWithPreviews(group);
    // A service that never says whether an app is a preview has none (an older wokku, the
    // plain specification): the part goes for that service, as for a 404 (showOffers).
    if (apps.length && !apps.some((a) => a.sendsPreviewFields)) {
      group.app.workspaceNode.ctx.offers.markLacking('previews');
      return [new MessageNode(`${group.id}/not-offered`, vscode.l10n.t('This service does not offer preview apps (its apps list never says which app is a preview)'), 'info')];
    }
    const previews = apps
      .filter((a) => a.isPreview && a.parentAppId === parent.id)
      .sort((a, b) => (b.prNumber ?? 0) - (a.prNumber ?? 0));
    if (previews.length) await learnGithub(group).catch(() => undefined);
    return previews.map((a) => group.app.previewRow(group, a));
  },
};
