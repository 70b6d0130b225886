// What the unit tests know of the manifest (package.json) and its string table: shared by
// manifest.test.ts and walkthrough.test.ts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');
export const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
export const nls: Record<string, unknown> = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8'));
export const contributes = manifest.contributes;
export const declaredCommands = new Set<string>(contributes.commands.map((c: { command: string }) => c.command));

/** What VS Code (and vsce) replace in a manifest: a whole string `%key%`, key of letters, digits, `_`, `.`, `-`. */
export const PLACEHOLDER = /^%([\w.-]+)%$/;

/** The English text of a manifest string: a `%key%` placeholder resolved through package.nls.json. */
export function english(value: string): string {
  const key = PLACEHOLDER.exec(value)?.[1];
  if (key === undefined) return value;
  const text = nls[key];
  assert.equal(typeof text, 'string', `${value} has no text in package.nls.json`);
  return text as string;
}

/** Commands VS Code itself provides that the manifest's links may run (checked to exist inside VS Code, integration). */
export const BUILT_IN_COMMANDS = new Set(['workbench.action.openSettings', 'workbench.action.openWalkthrough']);

/** The commands VS Code generates for our views and view containers: `<view>.focus`, `workbench.view.extension.<container>`. */
export function generatedCommands(): Set<string> {
  const views = Object.values(contributes.views as Record<string, { id: string }[]>).flat().map((v) => `${v.id}.focus`);
  const containers = Object.values(contributes.viewsContainers as Record<string, { id: string }[]>).flat().map((c) => `workbench.view.extension.${c.id}`);
  return new Set([...views, ...containers]);
}

export interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media: { image?: string | Record<string, string>; svg?: string; markdown?: string; altText?: string };
  completionEvents?: string[];
  when?: string;
}
export const walkthroughs: { id: string; title: string; description: string; when?: string; steps: WalkthroughStep[] }[] = contributes.walkthroughs ?? [];

/** The command ids of the `[label](command:id?args)` links of a Markdown text (`toSide:` prefix allowed, as walkthroughs do). */
export function commandLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(command:(?:toSide:)?([^)?\s]+)(?:\?[^)\s]*)?\)/g)].map((m) => m[1]);
}

/** The context keys `setContext` is called with in src/ (the only keys a `when` or `onContext:` may rely on, besides VS Code's own). */
export function contextKeysSetByCode(): Set<string> {
  const src = join(ROOT, 'src');
  const keys = new Set<string>();
  for (const f of readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    for (const m of readFileSync(join(src, f), 'utf8').matchAll(/'setContext',\s*'([\w.-]+)'/g)) keys.add(m[1]);
  }
  return keys;
}

/** The context keys a `when`-style expression refers to (words that are not operators or literals). */
export function contextKeysOf(expression: string): string[] {
  const withoutLiterals = expression.replace(/'[^']*'|"[^"]*"|\/(?:\\.|[^/\\])+\/[a-z]*/g, ' ');
  return [...withoutLiterals.matchAll(/[A-Za-z_][\w.-]*/g)].map((m) => m[0]).filter((w) => !['true', 'false', 'in', 'not'].includes(w));
}
