// The manifest follows the action descriptors, read from the source: every object literal of
// src/ that declares an AppHost command (`command: 'apphost.…'`) beside its run (`run`,
// `perform`, or a lifecycle action's `request`) is a descriptor (src/kit/action.ts,
// src/kit/appAction.ts). Each must be contributed with its menus, tool and task, and nothing
// else may be. A failure names the line to add. (The integration suite actionsManifest walks
// the same descriptors as the running extension built them.)
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { contributes, nls, PLACEHOLDER, ROOT } from './support/manifestFacts';

interface Descriptor {
  readonly file: string;
  readonly command: string;
  readonly fields: ReadonlyMap<string, string>;
  readonly tool?: string;
  readonly taskProperty?: string;
}

const RUNS = new Set(['run', 'perform', 'request']);

function literal(node: ts.Expression | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of object.properties) {
    if (ts.isPropertyAssignment(p) && p.name.getText() === name) return p.initializer;
  }
  return undefined;
}

function descriptors(): Descriptor[] {
  const src = join(ROOT, 'src');
  const found: Descriptor[] = [];
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const source = ts.createSourceFile(file, readFileSync(join(src, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const command = literal(property(node, 'command'));
        const names = node.properties.map((p) => p.name?.getText()).filter((n): n is string => !!n);
        if (command?.startsWith('apphost.') && names.some((n) => RUNS.has(n))) {
          const fields = new Map(node.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(), p.initializer.getText()]));
          const task = property(node, 'task');
          found.push({
            file: `src/${file}`,
            command,
            fields,
            tool: literal(property(node, 'tool')),
            taskProperty: task && ts.isObjectLiteralExpression(task) ? literal(property(task, 'property')) : undefined,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('action descriptors (read from src/)', () => {
  const all = descriptors();
  const ids = new Set(all.map((d) => d.command));
  const titleKey = (id: string) => `command.${id.replace(/^apphost\./, '')}.title`;

  it('finds every descriptor once: each command is declared by one action', () => {
    assert.ok(all.length >= 100, `${all.length} descriptors`);
    const twice = all.filter((d, i) => all.findIndex((o) => o.command === d.command) !== i).map((d) => `${d.command} (${d.file})`);
    assert.deepEqual(twice, []);
  });

  it('contributes every descriptor\'s command, titled through package.nls.json, and no command without one', () => {
    const declared = new Map<string, { title: string }>(contributes.commands.map((c: { command: string; title: string }) => [c.command, c]));
    assert.deepEqual(all.filter((d) => !declared.has(d.command))
      .map((d) => `${d.file}: add to contributes.commands { "command": "${d.command}", "title": "%${titleKey(d.command)}%", "category": "%command.category%" }`), []);
    assert.deepEqual([...declared.keys()].filter((id) => !ids.has(id)).map((id) => `${id}: contributed, but no descriptor declares it`), []);
    const untitled = all.filter((d) => declared.has(d.command)).filter((d) => {
      const key = PLACEHOLDER.exec(declared.get(d.command)!.title)?.[1];
      return !key || typeof nls[key] !== 'string';
    });
    assert.deepEqual(untitled.map((d) => `add to package.nls.json: "${titleKey(d.command)}": "<title>"`), []);
  });

  it('declares only the known consent and needs, and puts every action that takes a selection in the Resources view\'s item menu', () => {
    const bad = all.flatMap((d) => [
      ...(d.fields.has('consent') && !["'asks'", "'harmless'", "'asksAboutAFile'", "'aboutActiveTab'"].includes(d.fields.get('consent')!) ? [`${d.command}: consent ${d.fields.get('consent')}`] : []),
      ...(d.fields.has('needs') && !["'service'", "'folder'", "'none'"].includes(d.fields.get('needs')!) ? [`${d.command}: needs ${d.fields.get('needs')}`] : []),
    ]);
    assert.deepEqual(bad, []);
    const itemMenu = new Set(contributes.menus['view/item/context'].map((e: { command: string }) => e.command));
    // A lifecycle action takes a selection through its batch texts (kit/appCommand.ts).
    const takesSelection = all.filter((d) => d.fields.get('selection') === 'true' || d.fields.has('batch'));
    assert.ok(takesSelection.length >= 5, 'the lifecycle actions and the log tails take a selection');
    assert.deepEqual(takesSelection.filter((d) => !itemMenu.has(d.command))
      .map((d) => `${d.command} takes a selection: add it to menus["view/item/context"] with a "when" on the rows it acts on`), []);
  });

  it('contributes the tool and the task property a descriptor names, with their texts', () => {
    const tools = new Map<string, { displayName: string }>(contributes.languageModelTools.map((t: { name: string; displayName: string }) => [t.name, t]));
    const withTool = all.filter((d) => d.tool);
    assert.ok(withTool.length >= 6, 'start, stop, restart, rebuild, scale, roll back');
    assert.deepEqual(withTool.filter((d) => !tools.has(d.tool!)).map((d) => `${d.file}: add to contributes.languageModelTools { "name": "${d.tool}", … }`), []);
    const properties = contributes.taskDefinitions.find((t: { type: string }) => t.type === 'apphost').properties as Record<string, { type: string; description: string }>;
    const withTask = all.filter((d) => d.taskProperty);
    assert.deepEqual(withTask.filter((d) => properties[d.taskProperty!]?.type !== 'boolean')
      .map((d) => `${d.file}: add to taskDefinitions[apphost].properties "${d.taskProperty}": { "type": "boolean", "description": "%taskDefinitions.apphost.${d.taskProperty}.description%" }`), []);
  });
});
