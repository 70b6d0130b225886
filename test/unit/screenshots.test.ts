// The README's pictures (media/screenshots/) never go stale: the README shows exactly
// the curated list of `npm run screenshots`, each picture is a small PNG, and none is
// older than the files it shows (their hash when it was taken is in the manifest).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST, SCREENSHOT_DIR, SHOTS, sourcesHash } from '../tools/screenshotList';

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('screenshots', () => {
  it('the README shows exactly the pictures npm run screenshots takes', () => {
    const referenced = new Set([...README.matchAll(/\]\(media\/screenshots\/([^)\s]+)\)/g)].map((m) => m[1]));
    assert.deepEqual([...referenced].sort(), SHOTS.map((s) => s.file).sort());
    // The two at the top: the tree and a log tail.
    const top = README.slice(0, README.indexOf('What you get'));
    assert.match(top, /!\[[^\]]+\]\(media\/screenshots\/tree\.png\)/);
    assert.match(top, /!\[[^\]]+\]\(media\/screenshots\/logs\.png\)/);
  });

  it('each picture is a PNG under 180 KB', () => {
    for (const shot of SHOTS) {
      const path = join(SCREENSHOT_DIR, shot.file);
      assert.ok(existsSync(path), `${shot.file} missing: run npm run screenshots`);
      assert.ok(readFileSync(path).subarray(0, 8).equals(PNG), `${shot.file} is not a PNG`);
      assert.ok(statSync(path).size < 180 * 1024, `${shot.file} is ${statSync(path).size} bytes`);
    }
  });

  it('no picture is older than the files it shows (else: npm run screenshots)', () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, { sources: string }>;
    const stale = SHOTS.filter((s) => manifest[s.file]?.sources !== sourcesHash(s)).map((s) => `${s.file} (shows ${s.shows.join(', ')})`);
    assert.deepEqual(stale, [], `taken before these files changed; run npm run screenshots, look at the pictures and commit them:\n${stale.join('\n')}`);
  });

  it('the release checklist retakes them', () => {
    const contributing = readFileSync(join(__dirname, '..', '..', 'CONTRIBUTING.md'), 'utf8');
    const checklist = contributing.slice(contributing.indexOf('## Release checklist'));
    assert.match(checklist, /`npm run screenshots`/);
  });
});
