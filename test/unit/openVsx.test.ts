// The manifest passes what ovsx (Open VSX's CLI) checks before publishing, and what its
// @vscode/vsce checks when it packages. The full check on a built .vsix is
// `npm run package:check` (test/tools/checkPackage.ts).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isLicenseOk, readManifest, validateManifest } from 'ovsx';

const ROOT = join(__dirname, '..', '..');
const fromOvsx = createRequire(require.resolve('ovsx/package.json'));
const validation = fromOvsx('@vscode/vsce/out/validation') as {
  validatePublisher(p: string): void;
  validateExtensionName(n: string): void;
  validateVersion(v: string): void;
  validateEngineCompatibility(v: string): void;
  validateVSCodeTypesCompatibility(engine: string, types: string): void;
};

describe('Open VSX: the manifest passes ovsx', () => {
  it('has publisher, name, version and a license', async () => {
    const manifest = await readManifest(ROOT);
    assert.doesNotThrow(() => validateManifest(manifest));
    assert.equal(await isLicenseOk(ROOT, manifest), true);
  });

  it("passes the manifest validation of ovsx's @vscode/vsce, engines.vscode included", async () => {
    const manifest = (await readManifest(ROOT)) as unknown as {
      publisher: string; name: string; version: string;
      engines: { vscode: string }; devDependencies: Record<string, string>;
    };
    validation.validatePublisher(manifest.publisher);
    validation.validateExtensionName(manifest.name);
    validation.validateVersion(manifest.version);
    validation.validateEngineCompatibility(manifest.engines.vscode);
    validation.validateVSCodeTypesCompatibility(manifest.engines.vscode, manifest.devDependencies['@types/vscode']);
    // The types are the declared minimum exactly, so the type check catches newer APIs.
    assert.equal(manifest.engines.vscode, `^${manifest.devDependencies['@types/vscode']}`);
  });
});
