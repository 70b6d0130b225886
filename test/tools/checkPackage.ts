// `npm run package:check [file.vsix]`: the checks `ovsx publish` (Open VSX's CLI, ovsx
// 1.3.0) makes before it uploads anything, run offline and without publishing.
//
// What ovsx checks on its own side (node_modules/ovsx/lib: publish.js, check-license.js,
// util.js, zip.js, registry.js); the rest is the registry's, after the upload:
//  - from the sources (`ovsx publish` with no .vsix): for open-vsx.org, a license
//    (package.json `license`, or a LICENSE file), asked for interactively if missing;
//    `publisher`, `name` and `version` present; then it packages through its own
//    @vscode/vsce (4.x), whose manifest validation applies (publisher and name format,
//    semver version, engines.vscode a valid range and not older than @types/vscode...);
//  - from a .vsix (`ovsx publish x.vsix`): extension/package.json readable in the
//    archive, and the package no larger than the registry's size limit (512 MiB by
//    default; the registry may report a lower one for the namespace).
// This script runs both paths: it packages the sources with ovsx's vsce and the options
// `ovsx publish --no-dependencies --baseImagesUrl <url>` passes it, and checks that .vsix,
// plus the .vsix given as argument or else built by `npm run package` (the project's vsce).
// From the sources, --baseImagesUrl is required: the README shows pictures by relative
// links and the repository is not on GitHub/GitLab, so vsce cannot make them absolute
// by itself (it fails "Couldn't detect the repository..."). Publishing the .vsix of
// `npm run package` needs no option. APPHOST_IMAGES_URL sets the URL used here.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PUBLISH_SIZE, isLicenseOk, readManifest, validateManifest } from 'ovsx';
import type { Manifest as OvsxManifest } from 'ovsx/lib/util';
import { readVSIXPackage, readZip } from 'ovsx/lib/zip';
import { packageExtension } from '../vscode/packageExtension';

const ROOT = join(__dirname, '..', '..');

/** What ovsx types, and what is read here; the fields are checked, not assumed. */
interface Manifest extends OvsxManifest {
  engines?: { vscode?: string };
  repository?: unknown;
}

/** The @vscode/vsce that ovsx itself packages with (not necessarily the project's). */
function ovsxVsce(): { createVSIX(options: Record<string, unknown>): Promise<unknown> } {
  const fromOvsx = createRequire(require.resolve('ovsx/package.json'));
  return fromOvsx('@vscode/vsce');
}

function check(what: string, ok: boolean, detail = ''): boolean {
  console.log(`${ok ? '✔' : '✘'} ${what}${detail ? `: ${detail}` : ''}`);
  return ok;
}

async function checkVsix(label: string, vsix: string): Promise<boolean> {
  console.log(`\n${label} (${vsix})`);
  let ok = true;
  let manifest: Manifest | undefined;
  try {
    manifest = (await readVSIXPackage(vsix)) as Manifest;
    ok = check('extension/package.json readable in the archive', true) && ok;
  } catch (error) {
    return check('extension/package.json readable in the archive', false, String(error));
  }
  try {
    validateManifest(manifest);
    ok = check('publisher, name and version', true, `${manifest.publisher}.${manifest.name} ${manifest.version}`) && ok;
  } catch (error) {
    ok = check('publisher, name and version', false, (error as Error).message) && ok;
  }
  const files = await readZip(vsix, (name) => /^extension\/licen[cs]e(\.md|\.txt)?$/.test(name));
  ok = check('a license (Open VSX accepts only licensed extensions)', Boolean(manifest.license) && files.size > 0,
    `license "${manifest.license ?? ''}", ${[...files.keys()].join(', ') || 'no LICENSE file'} in the archive`) && ok;
  ok = check('engines.vscode', Boolean(manifest.engines?.vscode), manifest.engines?.vscode ?? 'missing') && ok;
  ok = check('repository', Boolean(manifest.repository), JSON.stringify(manifest.repository ?? 'missing')) && ok;
  const size = statSync(vsix).size;
  ok = check('size under the registry default limit', size <= DEFAULT_PUBLISH_SIZE,
    `${(size / 1024).toFixed(0)} KiB of ${DEFAULT_PUBLISH_SIZE / 1024 / 1024} MiB`) && ok;
  return ok;
}

async function main(): Promise<number> {
  let ok = true;
  const work = mkdtempSync(join(tmpdir(), 'apphost-ovsx-'));
  try {
    console.log('Sources, as `ovsx publish` sees them before packaging');
    const manifest = (await readManifest(ROOT)) as Manifest;
    try {
      validateManifest(manifest);
      ok = check('publisher, name and version', true) && ok;
    } catch (error) {
      ok = check('publisher, name and version', false, (error as Error).message) && ok;
    }
    ok = check('a license (package.json or a LICENSE file)', await isLicenseOk(ROOT, manifest)) && ok;

    // Packaging through ovsx's own vsce validates the manifest its way (and runs vscode:prepublish).
    const fromSources = join(work, 'ovsx-vsce.vsix');
    try {
      const repository = typeof manifest.repository === 'string' ? manifest.repository : (manifest.repository as { url?: string } | undefined)?.url ?? '';
      const baseImagesUrl = process.env.APPHOST_IMAGES_URL ?? `${repository.replace(/\.git$/, '')}/raw/HEAD/`;
      // Exactly the options ovsx's publish.js passes to createVSIX for these flags.
      await ovsxVsce().createVSIX({ packagePath: fromSources, cwd: ROOT, baseImagesUrl, dependencies: false });
      ok = check("packaged by ovsx's @vscode/vsce", true) && ok;
      ok = (await checkVsix("The .vsix of ovsx's @vscode/vsce", fromSources)) && ok;
    } catch (error) {
      ok = check("packaged by ovsx's @vscode/vsce", false, (error as Error).message) && ok;
    }

    // The .vsix the project ships: given, or built by `npm run package`'s vsce.
    const given = process.argv[2];
    const shipped = given ?? packageExtension(join(work, 'apphost.vsix'));
    ok = (await checkVsix(given ? 'The given .vsix' : 'The .vsix of `npm run package`', shipped)) && ok;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(ok ? '\nThe package passes the checks ovsx makes before publishing.' : '\nThe package would be refused: see ✘ above.');
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
