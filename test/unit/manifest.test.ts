// The manifest (package.json) agrees with itself, with its string table (package.nls.json),
// with docs/settings.md (the README links to it) and the files it names; l10n/bundle.l10n.json holds the strings of
// the code. Registration of every command is checked inside VS Code (integration).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { getL10nJson, type l10nJsonFormat } from '@vscode/l10n-dev';
import { FILE_NAMES } from '../../src/configText/documentKinds';
import { contextKeysOf, contextKeysSetByCode, contributes, declaredCommands, english, manifest, nls, PLACEHOLDER, ROOT } from './support/manifestFacts';

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
  'deprecationMessage', 'markdownDeprecationMessage', 'errorMessage', 'patternErrorMessage', 'altText',
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
        // A tool's name is an identifier; its input schema and model description are read by the model, in English.
        if (/^contributes\.languageModelTools\[\d+\]$/.test(path) && ['name', 'inputSchema'].includes(k)) continue;
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

  it('describes every setting in the manifest and documents it in docs/settings.md, which the README links to', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const page = readFileSync(join(ROOT, 'docs', 'settings.md'), 'utf8');
    assert.match(readme, /\]\(docs\/settings\.md\)/, 'the README links to docs/settings.md');
    const properties = contributes.configuration.properties as Record<string, Record<string, unknown>>;
    for (const [key, schema] of Object.entries(properties)) {
      assert.ok(english(String(schema.markdownDescription ?? schema.description ?? '')).trim(), `${key} has a description`);
      assert.ok(page.includes(`| \`${key}\` |`), `${key} has a row in docs/settings.md`);
    }
    const rows = [...page.matchAll(/^\| `([\w.]+)` \|/gm)].map((m) => m[1]);
    assert.deepEqual(rows.filter((key) => !(key in properties)), [], 'docs/settings.md documents settings the manifest does not declare');
  });

  it('gives machine scope only to settings that name files of the machine running AppHost; what a folder must not set is application-scoped', () => {
    // In a remote window VS Code reads a machine-scoped setting from the remote machine's settings only, ignoring the
    // user's own: right for paths on that machine, wrong for a choice such as turning the agent tools off (#43).
    const namesLocalFiles = new Set(['apphost.tls.certificateAuthorities']);
    const noFolderMaySet = ['apphost.baseUrl', 'apphost.services', 'apphost.allowInsecureHttp', 'apphost.requestsPerMinute', 'apphost.maskSecrets', 'apphost.agentTools.enabled'];
    const properties = contributes.configuration.properties as Record<string, { scope?: string }>;
    for (const [key, { scope }] of Object.entries(properties)) {
      assert.ok(['application', 'machine', 'window', 'resource'].includes(scope ?? ''), `${key} declares its scope`);
      if (scope === 'machine') assert.ok(namesLocalFiles.has(key), `${key} names no local file, yet is machine-scoped: the user's own value would not count in a remote window`);
    }
    for (const key of namesLocalFiles) assert.equal(properties[key].scope, 'machine', `${key}: a workspace cannot set it, and a remote window reads the remote's files`);
    for (const key of noFolderMaySet) assert.equal(properties[key].scope, 'application', `${key}: only the user's own settings hold it, in every window`);
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

  it('gives every AppHost document a language with auto-save off: a save changes the app (issue #33)', () => {
    const languages: { id: string; filenamePatterns?: string[] }[] = contributes.languages;
    const off = Object.entries(contributes.configurationDefaults as Record<string, Record<string, unknown>>)
      .filter(([key, value]) => key.startsWith('[') && value['files.autoSave'] === 'off')
      .flatMap(([key]) => [...key.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]));
    for (const name of Object.values(FILE_NAMES)) {
      // The address documentUri builds: apphost:/<workspace>/apps/<appId>/<app name>/<file>.
      const language = languages.find((l) => l.filenamePatterns?.includes(`/*/apps/*/*/${name}`));
      assert.ok(language, `a language for ${name}`);
      assert.ok(off.includes(language.id), `auto-save off for ${language.id}`);
      const grammar = contributes.grammars.find((g: { language: string }) => g.language === language.id);
      assert.ok(grammar && existsSync(join(ROOT, grammar.path)), `a grammar for ${language.id}`);
    }
  });

  it('ships only the bundle, media and the documents in the VSIX', () => {
    const ignore = readFileSync(join(ROOT, '.vscodeignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    assert.deepEqual(ignore.filter((l) => !l.startsWith('!')), ['**']);
    assert.deepEqual(
      ignore.filter((l) => l.startsWith('!')).sort(),
      ['!CHANGELOG.md', '!CONTRIBUTING.md', '!LICENSE', '!README.md', '!dist/extension.js', '!dist/features.js', '!dist/undici.js', '!docs/*.md', '!l10n/**', '!media/*', '!media/languages/**', '!media/walkthrough/**', '!package.json', '!package.nls.json'],
    );
  });

  describe('agent tools (languageModelTools)', () => {
    interface Schema { type?: string; description?: string; properties?: Record<string, Schema>; required?: string[]; additionalProperties?: unknown; items?: Schema; minimum?: number; maximum?: number }
    const tools: { name: string; toolReferenceName: string; displayName: string; userDescription: string; modelDescription: string; icon: string; canBeReferencedInPrompt: boolean; when: string; inputSchema: Schema }[] = contributes.languageModelTools;
    /** The names the tool table of src/agent/ implements (each tool declares `name: 'apphost_…'`, the lifecycle ones pass it). */
    const implemented = () => {
      // The agent's own tools, and the tools the actions' descriptors name (src/actions/).
      return ['agent', 'actions'].flatMap((folder) => readdirSync(join(ROOT, 'src', folder)).flatMap((f) =>
        [...readFileSync(join(ROOT, 'src', folder, f), 'utf8').matchAll(/(?:name|tool): '(apphost_\w+)'/g)].map((m) => m[1])));
    };

    it('names every tool apphost_<verb>_<noun>, referable in prompts as #apphost…, with texts for the user and the model', () => {
      assert.ok(tools.length >= 13, `${tools.length} tools`);
      assert.equal(new Set(tools.map((t) => t.name)).size, tools.length, 'unique names');
      assert.equal(new Set(tools.map((t) => t.toolReferenceName)).size, tools.length, 'unique reference names');
      for (const t of tools) {
        assert.match(t.name, /^apphost_[a-z]+_[a-z_]+$/, t.name);
        assert.match(t.toolReferenceName, /^apphost[A-Z]\w+$/, `${t.name}: #apphost… in prompts`);
        assert.equal(t.canBeReferencedInPrompt, true, t.name);
        assert.ok(english(t.displayName).trim() && english(t.userDescription).trim(), `${t.name}: localized display name and user description`);
        assert.match(t.icon, /^\$\([a-z-]+\)$/, `${t.name}: a codicon`);
        // The model is told when to use it, and what the app defaults to.
        assert.ok(t.modelDescription.length > 120 && t.modelDescription.length < 1024, `${t.name}: a model description of a useful length`);
        if (t.inputSchema.properties?.app) assert.match(t.modelDescription, /defaults to the open folder's linked app/, `${t.name}: says how the app is chosen`);
        // Several services (#28): every tool can be pointed at one, and the model is told the default.
        assert.equal(t.inputSchema.properties?.service?.type, 'string', `${t.name}: takes an optional service`);
        assert.ok(!(t.inputSchema as { required?: string[] }).required?.includes('service'), `${t.name}: the service is optional`);
        assert.match(t.modelDescription, /"service" says which one \(default: the open folder's linked app's service, else the first\)/, `${t.name}: says how the service is chosen`);
      }
    });

    it('shows them only while the setting is on and AppHost is not signed out (a context key the code sets)', () => {
      const setByCode = contextKeysSetByCode();
      for (const t of tools) {
        assert.equal(t.when, 'config.apphost.agentTools.enabled && !apphost.signedOut', t.name);
        for (const key of contextKeysOf(t.when)) if (!key.startsWith('config.')) assert.ok(setByCode.has(key), `${key} is set by the extension`);
      }
      const setting = contributes.configuration.properties['apphost.agentTools.enabled'];
      assert.equal(setting.default, true);
      assert.equal(setting.scope, 'application', 'no workspace can turn the tools back on, and the user\'s "off" holds in remote windows');
    });

    it('gives every tool a well-formed input schema: an object of described, typed properties', () => {
      const types = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);
      for (const t of tools) {
        const schema = t.inputSchema;
        assert.equal(schema.type, 'object', `${t.name}: an object at the top level`);
        assert.equal(schema.additionalProperties, false, `${t.name}: no property the tool would ignore`);
        const properties = Object.entries(schema.properties ?? {});
        for (const [key, p] of properties) {
          assert.ok(p.type && types.has(p.type), `${t.name}.${key}: a JSON type`);
          assert.ok((p.description ?? '').length > 15, `${t.name}.${key}: described for the model`);
          if (p.type === 'array') assert.ok(p.items?.type, `${t.name}.${key}: typed items`);
          if (p.minimum !== undefined && p.maximum !== undefined) assert.ok(p.minimum <= p.maximum, `${t.name}.${key}: bounds`);
        }
        for (const key of schema.required ?? []) assert.ok(schema.properties?.[key], `${t.name}: required ${key} is a property`);
      }
    });

    it('implements exactly the contributed tools (src/agent/, src/actions/), and contributes every implemented one', () => {
      assert.deepEqual(implemented().sort(), tools.map((t) => t.name).sort());
    });

    it('relies on the implicit onLanguageModelTool activation of VS Code (no explicit event needed)', () => {
      for (const event of manifest.activationEvents ?? []) assert.doesNotMatch(event, /^onLanguageModelTool:/);
    });
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
      // About 3 s on a quiet machine (tree-sitter parses every source file that mentions l10n); 26 s seen beside two slow e2e runs: a limit, not a measure.
      this.timeout(120_000);
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
