// Walking the Resources tree by labels, and running commands with a scripted UI.
import * as vscode from 'vscode';
import type { TreeNode } from '../../../src/tree/commandTarget';
import type { RunningServer } from '../../server';
import { extensionApi } from './env';
import { scriptUi } from './scriptedUi';

export async function labelOf(node: TreeNode): Promise<string> {
  return String((await node.getTreeItem()).label);
}

export async function childOf(parent: TreeNode | undefined, name: string): Promise<TreeNode> {
  const api = await extensionApi();
  const children = await api.treeInsides.resources.getChildren(parent);
  for (const c of children) if ((await labelOf(c)) === name) return c;
  throw new Error(`no "${name}" among ${(await Promise.all(children.map(labelOf))).join(', ')}`);
}

/** The node at a path of labels from the roots, e.g. `nodeAt('Personal', 'Databases', 'cache')`. */
export async function nodeAt(...names: string[]): Promise<TreeNode> {
  let node: TreeNode | undefined;
  for (const name of names) node = await childOf(node, name);
  return node!;
}

export async function labelsUnder(node: TreeNode): Promise<string[]> {
  const api = await extensionApi();
  return Promise.all((await api.treeInsides.resources.getChildren(node)).map(labelOf));
}

/** Runs `action` with scripted answers to every prompt; returns what was shown. */
export async function withScript(script: Parameters<typeof scriptUi>[0], action: () => unknown) {
  const ui = scriptUi(script);
  try {
    await action();
  } finally {
    ui.restore();
  }
  return ui;
}

/** Runs a command with scripted answers; returns what was shown. */
export function runScripted(command: string, script: Parameters<typeof scriptUi>[0], ...args: unknown[]) {
  return withScript(script, () => vscode.commands.executeCommand(command, ...args));
}

/** `METHOD /path` of every request since the log was last cleared. */
export function requestsOf(server: RunningServer): string[] {
  return server.control.requestLog.map((e) => `${e.method} ${e.path}`);
}
