// The manifest (package.json) agrees with itself, with the README and with the files
// it names. Registration of every command is checked inside VS Code (integration).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const contributes = manifest.contributes;
const declaredCommands = new Set<string>(contributes.commands.map((c: { command: string }) => c.command));

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
      assert.equal(c.category, 'AppHost', `${c.command} category`);
      assert.ok(c.title?.trim(), `${c.command} title`);
      assert.match(c.command, /^apphost\.[a-zA-Z]+(\.[a-zA-Z]+)*$/, `${c.command} id`);
    }
  });

  it('describes every setting in the manifest and documents it in the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const [key, schema] of Object.entries(contributes.configuration.properties as Record<string, Record<string, unknown>>)) {
      assert.ok(schema.markdownDescription || schema.description, `${key} has a description`);
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
      ['!CHANGELOG.md', '!LICENSE', '!README.md', '!dist/extension.js', '!media/**', '!package.json'],
    );
  });
});
