// The tree latency section's baseline: the smallest extension that does the same job as
// AppHost's Apps group — a view with one collapsed "Apps" row whose children come from
// one GET /apps — in the same workbench, so the ratio shows what AppHost adds, not
// what every tree expansion costs (the click's way to the extension host, the rows'
// way back, the workbench rendering them).
import { join } from 'node:path';
import { packageGeneratedExtension } from '../vscode/generatedExtension';

export const TREE_BASELINE = {
  id: 'apphost-bench.tree-baseline',
  /** The activity bar tab and the view's root row. */
  title: 'Bench Baseline',
  root: 'Bench apps',
  /** Where its one request goes (environment of code-server, which reaches the extension host). */
  urlVariable: 'APPHOST_BENCH_BASELINE_URL',
  tokenVariable: 'APPHOST_BENCH_BASELINE_TOKEN',
} as const;

/** Rows shown before "Load more", as AppHost does. */
const PAGE = 200;

const EXTENSION_JS = `'use strict';
const vscode = require('vscode');
exports.activate = function activate(context) {
  const changed = new vscode.EventEmitter();
  const root = { root: true };
  const provider = {
    onDidChangeTreeData: changed.event,
    getTreeItem(element) {
      if (element.root) {
        const item = new vscode.TreeItem(${JSON.stringify(TREE_BASELINE.root)}, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = 'apps';
        return item;
      }
      return element;
    },
    async getChildren(element) {
      if (!element) return [root];
      if (!element.root) return [];
      const res = await fetch(process.env.${TREE_BASELINE.urlVariable} + '/api/v1/apps', {
        headers: { accept: 'application/json', authorization: 'Bearer ' + process.env.${TREE_BASELINE.tokenVariable} },
      });
      const apps = await res.json();
      const rows = apps.slice(0, ${PAGE}).map((app) => {
        const item = new vscode.TreeItem(app.name, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = 'apps/' + app.id;
        item.description = app.status;
        item.iconPath = new vscode.ThemeIcon('circle-filled');
        return item;
      });
      if (apps.length > ${PAGE}) rows.push(new vscode.TreeItem('Load more (' + (apps.length - ${PAGE}) + ' remaining)'));
      return rows;
    },
  };
  const view = vscode.window.createTreeView('benchBaseline.apps', { treeDataProvider: provider });
  // Collapsing forgets the rows, so the next expansion fetches again (AppHost's bench does a Refresh).
  context.subscriptions.push(view, view.onDidCollapseElement((e) => changed.fire(e.element)));
};
exports.deactivate = function deactivate() {};
`;

/** Generates and packages the tree baseline under `workDir`; returns its .vsix. */
export function packageTreeBaseline(workDir: string): string {
  const vsix = join(workDir, 'tree-baseline.vsix');
  packageGeneratedExtension(join(workDir, 'tree-baseline'), {
    id: TREE_BASELINE.id,
    displayName: 'Tree baseline',
    description: 'Bench baseline: one view, one request, its rows.',
    activationEvents: ['onView:benchBaseline.apps'],
    contributes: {
      viewsContainers: { activitybar: [{ id: 'benchBaseline', title: TREE_BASELINE.title, icon: 'icon.svg' }] },
      views: { benchBaseline: [{ id: 'benchBaseline.apps', name: 'Apps' }] },
    },
  }, {
    'extension.js': EXTENSION_JS,
    'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="8" fill="currentColor"/></svg>',
  }, vsix);
  return vsix;
}
