// The manifest (package.json) agrees with itself, with its string table (package.nls.json),
// with the README and with the files it names; l10n/bundle.l10n.json holds the strings of
// the code. Registration of every command is checked inside VS Code (integration).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { getL10nJson, type l10nJsonFormat } from '@vscode/l10n-dev';

const ROOT = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const nls: Record<string, unknown> = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8'));
const contributes = manifest.contributes;
const declaredCommands = new Set<string>(contributes.commands.map((c: { command: string }) => c.command));

/** What VS Code (and vsce) replace in a manifest: a whole string `%key%`, key of letters, digits, `_`, `.`, `-`. */
const PLACEHOLDER = /^%([\w.-]+)%$/;

/** The English text of a manifest string: a `%key%` placeholder resolved through package.nls.json. */
function english(value: string): string {
  const key = PLACEHOLDER.exec(value)?.[1];
  if (key === undefined) return value;
  const text = nls[key];
  assert.equal(typeof text, 'string', `${value} has no text in package.nls.json`);
  return text as string;
}

/** Every string of the manifest, with its JSON path. */
function manifestStrings(node: unknown = manifest, path = ''): { path: string; value: string }[] {
  if (typeof node === 'string') return [{ path, value: node }];
  if (Array.isArray(node)) return node.flatMap((item, i) => manifestStrings(item, `${path}[${i}]`));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => manifestStrings(v, path ? `${path}.${k}` : k));
  return [];
}

/** Properties of a contribution that VS Code shows to the user (as a string or a list of strings). */
const VISIBLE = new Set([
  'title', 'shortTitle', 'category', 'name', 'contextualTitle', 'contents', 'label', 'aliases', 'displayName', 'tooltip',
  'description', 'markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions', 'enumItemLabels',
  'deprecationMessage', 'markdownDeprecationMessage', 'errorMessage', 'patternErrorMessage',
]);

/** The user-visible strings of the manifest: top-level name and description, capabilities, contributions. */
function visibleStrings(): { path: string; value: string }[] {
  const found = [
    { path: 'displayName', value: manifest.displayName },
    { path: 'description', value: manifest.description },
    ...manifestStrings(manifest.capabilities, 'capabilities').filter((s) => /\.description$/.test(s.path)),
  ];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (VISIBLE.has(k) && (typeof v === 'string' || Array.isArray(v))) found.push(...manifestStrings(v, `${path}.${k}`));
        else walk(v, `${path}.${k}`);
      }
    }
  };
  walk(contributes, 'contributes');
  return found;
}

/** The `vscode.l10n.t` strings of src/, as `npm run l10n` (`vscode-l10n-dev export ./src`) collects them. */
async function exportCodeStrings(): Promise<l10nJsonFormat> {
  const src = join(ROOT, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|js|jsx)$/.test(f) && !f.split(/[\\/]/).some((part) => part.startsWith('.')))
    .sort();
  return getL10nJson(files.map((f) => ({ extension: extname(f), contents: readFileSync(join(src, f), 'utf8') })));
}

/** Every command id that a menu of the manifest refers to. */
function menuCommands(): string[] {
  return Object.values(contributes.menus as Record<string, { command?: string }[]>)
    .flat()
    .map((entry) => entry.command)
    .filter((id): id is string => !!id);
}

describe('manifest', () => {
  it('activates lazily: no "*" and no onStartupFinished', () => {
    for (const event of manifest.activationEvents ?? []) {
      assert.notEqual(event, '*');
      assert.notEqual(event, 'onStartupFinished');
    }
  });

  it('declares every command a menu refers to', () => {
    for (const id of menuCommands()) assert.ok(declaredCommands.has(id), `${id} is used in a menu but not declared`);
  });

  it('gives every command an AppHost category and a title', () => {
    for (const c of contributes.commands) {
      assert.equal(english(c.category), 'AppHost', `${c.command} category`);
      assert.ok(english(c.title ?? '').trim(), `${c.command} title`);
      assert.match(c.command, /^apphost\.[a-zA-Z]+(\.[a-zA-Z]+)*$/, `${c.command} id`);
    }
  });

  it('describes every setting in the manifest and documents it in the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const [key, schema] of Object.entries(contributes.configuration.properties as Record<string, Record<string, unknown>>)) {
      assert.ok(english(String(schema.markdownDescription ?? schema.description ?? '')).trim(), `${key} has a description`);
      assert.ok(readme.includes(`\`${key}\``), `${key} is documented in README.md`);
    }
  });

  it('names files that exist (icons, main entry source)', () => {
    assert.ok(existsSync(join(ROOT, manifest.icon)), manifest.icon);
    for (const container of contributes.viewsContainers.activitybar) assert.ok(existsSync(join(ROOT, container.icon)), container.icon);
    assert.equal(manifest.main, './dist/extension.js');
  });

  it('keeps @types/vscode no newer than engines.vscode', () => {
    const engine = manifest.engines.vscode.replace(/^[\^~>=]+/, '').split('.').map(Number);
    const types = manifest.devDependencies['@types/vscode'].replace(/^[\^~]/, '').split('.').map(Number);
    assert.ok(types[0] < engine[0] || (types[0] === engine[0] && types[1] <= engine[1]), 'types newer than the engine');
  });

  it('ships only the bundle, media and the documents in the VSIX', () => {
    const ignore = readFileSync(join(ROOT, '.vscodeignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    assert.deepEqual(ignore.filter((l) => !l.startsWith('!')), ['**']);
    assert.deepEqual(
      ignore.filter((l) => l.startsWith('!')).sort(),
      ['!CHANGELOG.md', '!LICENSE', '!README.md', '!dist/extension.js', '!l10n/**', '!media/**', '!package.json', '!package.nls.json'],
    );
  });

  describe('localization', () => {
    it('resolves every %key% of package.json in package.nls.json, and uses every key of it', () => {
      const placeholders = manifestStrings().filter((s) => s.value.length > 1 && s.value.startsWith('%') && s.value.endsWith('%'));
      const malformed = placeholders.filter((s) => !PLACEHOLDER.test(s.value)).map((s) => `${s.path}: ${s.value}`);
      assert.deepEqual(malformed, [], 'placeholders VS Code would not replace (keys may hold letters, digits, _ . - only)');
      const used = new Set(placeholders.map((s) => PLACEHOLDER.exec(s.value)![1]));
      const missing = placeholders.filter((s) => !(PLACEHOLDER.exec(s.value)![1] in nls)).map((s) => `${s.path}: ${s.value}`);
      assert.deepEqual(missing, [], 'placeholders without a text in package.nls.json');
      assert.deepEqual(Object.keys(nls).filter((k) => !used.has(k)), [], 'keys of package.nls.json that package.json does not use');
      for (const [key, text] of Object.entries(nls)) assert.ok(typeof text === 'string' && text.trim(), `${key}: an English text`);
    });

    it('leaves no user-visible string of the manifest unlocalized', () => {
      const literal = visibleStrings().filter((s) => !PLACEHOLDER.test(s.value)).map((s) => `${s.path}: ${JSON.stringify(s.value)}`);
      assert.deepEqual(literal, [], 'move these to package.nls.json and refer to them as "%key%"');
      assert.ok(visibleStrings().length > contributes.commands.length, 'the walk finds the command titles');
    });

    it('points "l10n" at the bundle of the code strings', () => {
      assert.equal(manifest.l10n, './l10n');
      assert.ok(existsSync(join(ROOT, 'l10n', 'bundle.l10n.json')), 'l10n/bundle.l10n.json');
    });

    it('keeps l10n/bundle.l10n.json up to date with the vscode.l10n.t strings of src/', async function () {
      this.timeout(30_000); // about 3 s: tree-sitter parses every source file that mentions l10n
      const expected = await exportCodeStrings();
      const committed: l10nJsonFormat = JSON.parse(readFileSync(join(ROOT, 'l10n', 'bundle.l10n.json'), 'utf8'));
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      const added = Object.keys(expected).filter((k) => !(k in committed));
      const removed = Object.keys(committed).filter((k) => !(k in expected));
      const changed = Object.keys(expected).filter((k) => k in committed && !same(expected[k], committed[k]));
      const list = (title: string, keys: string[]) => (keys.length ? [`${title} (${keys.length}):`, ...keys.slice(0, 10).map((k) => `  ${JSON.stringify(k)}`), ...(keys.length > 10 ? ['  …'] : [])] : []);
      if (added.length || removed.length || changed.length) {
        assert.fail(['l10n/bundle.l10n.json is out of date: run `npm run l10n` and commit l10n/bundle.l10n.json.',
          ...list('in the code, not in the bundle', added), ...list('in the bundle, no longer in the code', removed), ...list('changed comments', changed)].join('\n'));
      }
    });
  });
});
