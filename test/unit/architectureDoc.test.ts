// docs/architecture.md cannot drift (issue #45): every span in backticks names something that
// exists — a file or folder, a word of the code in src/ or test/, a command, setting or tool of
// package.json, an npm script, a dependency-cruiser rule — unless one of the few skip rules
// below says it is grammar, not a name. A fenced block headed `// <path>` quotes that file.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const DOC = 'docs/architecture.md';
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const contributes = manifest.contributes;
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'out', 'test-results', '.vscode-test']);

/** Spans that are grammar, not names: each rule says why it is not checked. */
const SKIP: { pattern: RegExp; why: string }[] = [
  // `.env`, `.vsix`: a kind of file, not one file.
  { pattern: /^\.\w+$/, why: 'a file type' },
  // `apphost:`: a URI scheme.
  { pattern: /^[a-z]+:$/, why: 'a URI scheme' },
  // `onTaskType:apphost`, `onLanguageModelTool:<name>`: activation events VS Code derives from the manifest.
  { pattern: /^on[A-Z]\w*:/, why: 'an activation event' },
  // `list:apps`, `group:domains`: a row's contextValue (kind:flag), walked by the integration test contextValues.
  { pattern: /^[a-z]\w*:[a-z]\w*$/, why: 'a contextValue' },
  // `%title%`, `%command.…%`: the manifest's string placeholders (checked by the unit test manifest).
  { pattern: /^%.*%$/, why: 'a string placeholder' },
  // `"command"`: a quoted value.
  { pattern: /^".*"$/, why: 'a quoted string' },
  // `?service=<API root>`, `&key=…`: a URI's query.
  { pattern: /^[?&]\w+=/, why: 'a URI query' },
  // `git push`, `dokku <type>:import`: a command line of git or of the service's Dokku.
  { pattern: /^(git|dokku) /, why: 'a git or dokku command line' },
  // `../shared/docs/api-contract.md`: the shared specification beside the repository, not in it.
  { pattern: /^\.\.\//, why: 'outside the repository' },
];

/** Every file and folder of the repository (relative, `/`-separated; folders end in `/`). */
function repoEntries(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED_DIRS.has(name)) return [];
    const full = join(dir, name);
    const rel = relative(ROOT, full).split('\\').join('/');
    return statSync(full).isDirectory() ? [`${rel}/`, ...repoEntries(full)] : [rel];
  });
}

/** Members of the classes and interfaces of src/, and the types they extend or implement. */
const types = new Map<string, { members: Set<string>; bases: string[] }>();

/** The words of the code (identifiers and the words of string literals; comments do not count). */
function codeWords(files: string[]): Set<string> {
  const words = new Set<string>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) words.add(node.text);
      else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) for (const w of node.text.match(/[\w$]+/g) ?? []) words.add(w);
      if ((ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) && node.name && file.startsWith('src/')) {
        const type = types.get(node.name.text) ?? { members: new Set<string>(), bases: [] };
        for (const m of node.members) if (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name))) type.members.add(m.name.text);
        for (const clause of node.heritageClauses ?? []) for (const base of clause.types) type.bases.push(base.expression.getText(source).split('.').pop()!);
        types.set(node.name.text, type);
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return words;
}

/** Whether a class or interface of src/ (or a type it extends) declares the member. */
function declares(type: string, member: string, seen = new Set<string>()): boolean {
  const t = types.get(type);
  if (!t || seen.has(type)) return false;
  seen.add(type);
  return t.members.has(member) || t.bases.some((b) => declares(b, member, seen));
}

const entries = repoEntries();
let known: { words: Set<string>; endpoints: string } | undefined;

/** What the code holds, read once when a test first asks (parsing src/ and test/ takes a second). */
function code(): { words: Set<string>; endpoints: string } {
  if (known) return known;
  const sources = entries.filter((f) => /^(src|test)\/.*\.ts$/.test(f));
  // This file is left out: the names it holds are not the code's.
  const words = codeWords(sources.filter((f) => !f.endsWith('architectureDoc.test.ts')));
  // A test suite is named by its file (the integration test `neighbourReach`).
  for (const file of sources) words.add(/([\w$]+)\.test\.ts$/.exec(file)?.[1] ?? '');
  // The manifest's own field names (`toolReferenceName`, `when`) are words too.
  for (const key of JSON.stringify(manifest).match(/"[\w$]+":/g) ?? []) words.add(key.slice(1, -2));
  // The requests of the API client: `method: 'POST', path: path`/apps/${appId}/deploy``.
  const endpoints = entries.filter((f) => /^src\/api\/endpoints\/.*\.ts$/.test(f)).map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');
  return (known = { words, endpoints });
}

/** A pattern where `<placeholder>` stands for one name part and `*` for any rest. */
function wildcard(text: string, part = '[\\w$.-]+'): RegExp {
  const escaped = text.replace(/<[^>]+>|\*|[.+?^${}()|[\]\\]/g, (m) => (m === '*' ? '.*' : m.startsWith('<') ? part : `\\${m}`));
  return new RegExp(`^${escaped}$`);
}

function pathProblem(span: string): string | undefined {
  if (span.startsWith('dist/')) {
    // A bundle: esbuild.mjs writes it (`outfile: 'dist/extension.js'`) or names its entry point (`features: 'src/features.ts'`).
    const name = span.slice('dist/'.length).replace(/\.js$/, '');
    const build = readFileSync(join(ROOT, 'esbuild.mjs'), 'utf8');
    return build.includes(`'${span}'`) || new RegExp(`[{,]\\s*${name}: '`).test(build) ? undefined : 'esbuild.mjs builds no such bundle';
  }
  const wanted = wildcard(span, '[\\w.-]+');
  // From the root, from src/, or (a bare name, `kit/`, `groups/`) the end of a path.
  const found = entries.flatMap((e) => (e.endsWith('/') ? [e, e.slice(0, -1)] : [e])).some((e) =>
    wanted.test(e) || wanted.test(e.replace(/^src\//, '')) || e.split('/').some((_, i, parts) => i > 0 && wanted.test(parts.slice(i).join('/'))));
  return found ? undefined : 'no such file or folder (from the root, from src/, or as the end of a path)';
}

function symbolProblem(span: string): string | undefined {
  // `target?: CommandTarget`: a declared name and its type.
  const declared = /^(\w+)\??: ([\w.]+)$/.exec(span);
  let text = declared ? `${declared[1]}.${declared[2]}` : span;
  // `showApp(app, fields)`, `documentKeys(s.context).lock(uri)`: the called names, without arguments.
  while (/\([^()]*\)/.test(text)) text = text.replace(/\([^()]*\)/g, '');
  text = text.replace(/^\./, '').replace(/\?$/, '');
  if (!/^[A-Za-z_$*][\w$*]*(\.[A-Za-z_$*][\w$*]*)*$/.test(text)) return 'not a path, a symbol, an id or a skipped kind: write it as one, or add a skip rule';
  const parts = text.split('.');
  const { words } = code();
  const missing = parts.filter((part) => part !== '*' && (part.includes('*') ? ![...words].some((w) => wildcard(part).test(w)) : !words.has(part)));
  if (missing.length) return `no ${missing.join(', ')} in the code of src/ or test/`;
  // `ResourcesProvider.getChildren`, `s.tree.reveal(row)` (`s.tree` is the TreeControl): a member of that type.
  const [type, member] = text.startsWith('s.tree.') ? ['TreeControl', parts[2]] : [parts[0], parts[1]];
  if (member && types.has(type) && !declares(type, member)) return `${type} has no member ${member}`;
  return undefined;
}

/** What is wrong with a span (undefined: it exists), or that it is skipped. */
function judge(span: string): { skipped: string } | { problem: string | undefined } {
  const skip = SKIP.find((s) => s.pattern.test(span));
  if (skip) return { skipped: skip.why };
  // `POST /apps/:id/deploy`: a request the API client makes.
  const request = /^(GET|POST|PUT|PATCH|DELETE) (\/[\w/:.-]*)$/.exec(span);
  if (request) {
    const path = request[2].split('/').map((part) => (part.startsWith(':') ? '\\$\\{[\\w.]+\\}' : part.replace(/\./g, '\\.'))).join('/');
    return { problem: new RegExp(`method: '${request[1]}', path: path\`${path}\``).test(code().endpoints) ? undefined : 'src/api/endpoints/ makes no such request' };
  }
  const script = /^npm run ([\w:-]+)$/.exec(span)?.[1];
  if (script) return { problem: manifest.scripts[script] ? undefined : `package.json has no script "${script}"` };
  if (/^@[\w-]+\/[\w-]+$/.test(span)) {
    return { problem: manifest.dependencies?.[span] || manifest.devDependencies?.[span] ? undefined : 'package.json does not depend on it' };
  }
  if (span.startsWith('apphost.')) {
    const ids = span.includes('*')
      ? contributes.commands.map((c: { command: string }) => c.command)
      : [...contributes.commands.map((c: { command: string }) => c.command), ...Object.keys(contributes.configuration.properties ?? {})];
    return { problem: ids.some((id: string) => wildcard(span).test(id)) ? undefined : 'package.json contributes no such command or setting' };
  }
  if (span.startsWith('apphost_')) {
    const tools: string[] = contributes.languageModelTools.map((t: { name: string }) => t.name);
    return { problem: tools.some((name) => wildcard(span, '[a-z]+').test(name)) ? undefined : 'package.json contributes no such language model tool' };
  }
  if (span.startsWith('contributes.')) {
    const value = span.split('.').slice(1).reduce((node, key) => node?.[key], contributes);
    return { problem: value === undefined ? 'package.json has no such entry' : undefined };
  }
  // `doors-share-actions-not-commands`: a rule of the import layering.
  if (/^[a-z]+(-[a-z]+)+$/.test(span)) {
    return { problem: readFileSync(join(ROOT, '.dependency-cruiser.cjs'), 'utf8').includes(`name: '${span}'`) ? undefined : '.dependency-cruiser.cjs has no such rule' };
  }
  if (span.includes('/') || /\.(ts|md|json|cjs|mjs|js)$/.test(span)) return { problem: pathProblem(span) };
  return { problem: symbolProblem(span) };
}

const doc = readFileSync(join(ROOT, DOC), 'utf8');
const lineOf = (offset: number) => doc.slice(0, offset).split('\n').length;
const FENCE = /^```[^\n]*\n([\s\S]*?)^```$/gm;
const fences = [...doc.matchAll(FENCE)];
// The inline spans, outside fenced blocks (blanked, so offsets keep their lines).
const prose = doc.replace(FENCE, (block) => block.replace(/[^\n]/g, ' '));
const spans = [...prose.matchAll(/`([^`]+)`/g)].map((m) => ({ span: m[1].replace(/\s*\n\s*/g, ' '), line: lineOf(m.index) }));

describe('docs/architecture.md', () => {
  it('names only paths, symbols, commands, settings and tools that exist', () => {
    const judged = spans.map((s) => ({ ...s, ...judge(s.span) }));
    const missing = judged.filter((j): j is typeof j & { problem: string } => 'problem' in j && j.problem !== undefined);
    const skipped = judged.filter((j) => 'skipped' in j);
    assert.ok(spans.length > 300, `only ${spans.length} spans found in ${DOC}`);
    assert.deepEqual(
      missing.map((m) => `line ${m.line}: \`${m.span}\`: ${m.problem}`),
      [],
      `${DOC} names what does not exist: rename it in the doc, or remove it.`,
    );
    // The skip rules stay narrow: most spans are checked.
    assert.ok(skipped.length * 10 < spans.length, `${skipped.length} of ${spans.length} spans skipped: narrow the skip rules`);
  });

  it('gives every folder and module at the top of src/ its place', () => {
    const named = new Set(spans.map((s) => s.span));
    const top = readdirSync(join(ROOT, 'src'), { withFileTypes: true }).map((e) => (e.isDirectory() ? `src/${e.name}/` : `src/${e.name}`));
    assert.deepEqual(top.filter((t) => !named.has(t)), [], `${DOC} ("The folders") has no row for these: add one (what it holds, its rule).`);
  });

  it('quotes its files as they are (a fenced block headed `// <path>`)', () => {
    const wrong: string[] = [];
    for (const fence of fences) {
      const [head, ...lines] = fence[1].split('\n');
      const file = /^\/\/ ([\w./-]+)$/.exec(head.trim())?.[1];
      if (!file) continue;
      const line = lineOf(fence.index);
      if (!existsSync(join(ROOT, file))) {
        wrong.push(`line ${line}: ${file} does not exist`);
        continue;
      }
      const flat = (text: string) => text.replace(/\s+/g, ' ');
      const code = flat(readFileSync(join(ROOT, file), 'utf8'));
      for (const [i, quoted] of lines.entries()) {
        // `…` elides: each piece around it is quoted as it is.
        const pieces = quoted.split('…').map((p) => flat(p).trim()).filter((p) => p && p !== '//');
        for (const piece of pieces) if (!code.includes(piece)) wrong.push(`line ${line + 1 + i}: ${file} has no "${piece}"`);
      }
    }
    assert.deepEqual(wrong, [], `${DOC} quotes code that is not there: copy it again from the file, or remove it.`);
  });

  it('lists exactly the public members of TreeControl', () => {
    const file = 'src/tree/treeControl.ts';
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const members: string[] = [];
    source.forEachChild((node) => {
      if (!ts.isClassDeclaration(node) || node.name?.text !== 'TreeControl') return;
      for (const member of node.members) {
        const hidden = ts.getCombinedModifierFlags(member as ts.Declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected);
        if (member.name && ts.isIdentifier(member.name) && !hidden) members.push(member.name.text);
      }
    });
    assert.ok(members.length > 20, `found only ${members.length} members of TreeControl`);
    // The list of "Changing what the tree shows": its bullets and their indented continuations.
    const lines = doc.split('\n');
    const first = lines.findIndex((l, i) => l.startsWith('- ') && lines.slice(0, i).some((h) => h === '## Changing what the tree shows'));
    let last = first;
    while (/^(- | {2})/.test(lines[last + 1] ?? '')) last++;
    const listed = spans.filter((s) => s.line > first && s.line <= last + 1).map((s) => ({ ...s, name: /^[\w$]+/.exec(s.span)?.[0] ?? s.span }));
    assert.deepEqual(members.filter((m) => !listed.some((s) => s.name === m)), [], `${DOC} ("Changing what the tree shows") does not list these members of TreeControl: add a line for each.`);
    assert.deepEqual(listed.filter((s) => !members.includes(s.name)).map((s) => `line ${s.line}: \`${s.span}\``), [], `${DOC} lists what TreeControl does not have: rename it in the doc, or remove it.`);
  });
});
