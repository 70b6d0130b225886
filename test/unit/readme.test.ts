// The README is the product page (issue #45): a visitor reads it in a minute, so it stays
// under 250 lines, and the long parts it once held live in docs/, one click from where
// they were: the settings table, troubleshooting and the features beyond the specification.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The README's text from a `## ` heading to the next one. */
function section(heading: string): string {
  const start = README.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `the README has a "## ${heading}" section`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

describe('README', () => {
  it('is under 250 lines', () => {
    const lines = README.split('\n').length - (README.endsWith('\n') ? 1 : 0);
    assert.ok(lines < 250, `README.md has ${lines} lines: move details to docs/ and link them`);
  });

  it('links each part moved to docs/ from where it was', () => {
    const moved: [string, string][] = [
      ['Settings', 'docs/settings.md'],
      ['Troubleshooting', 'docs/troubleshooting.md'],
      ['More of wokku than the specification', 'docs/beyond-spec.md'],
    ];
    for (const [heading, page] of moved) assert.ok(section(heading).includes(`](${page}`), `"## ${heading}" links to ${page}`);
    const page = readFileSync(join(ROOT, 'docs', 'troubleshooting.md'), 'utf8');
    assert.match(page, /^## Certificates$/m, 'docs/troubleshooting.md keeps the certificates section');
  });
});
