// The README is the VSIX's details page: every page it links to (and every page those link
// to) is in the VSIX, since `npm run package` keeps relative links as they are
// (--no-rewrite-relative-links) and the installed extension opens them from its own folder.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The allow-list of .vscodeignore as regexes (`*` within a folder, `**` across folders). */
function shipped(): RegExp[] {
  const lines = readFileSync(join(ROOT, '.vscodeignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l.startsWith('!'));
  const escape = (s: string) => s.replace(/[.+?^$(){}|[\]\\]/g, '\\$&');
  return lines.map((l) => new RegExp(`^${l.slice(1).split('**').map((part) => part.split('*').map(escape).join('[^/]*')).join('.*')}$`));
}

/**
 * The relative links of a markdown file to pages, as paths from the repository's root.
 * Pictures (and links to them) are not pages: the details page shows https pictures only.
 */
function pageLinks(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1])
    .filter((href) => !/^[a-z]+:/i.test(href) && !/\.(png|jpe?g|gif|svg)$/i.test(href))
    .map((href) => normalize(join(dirname(file), href)).split('\\').join('/'));
}

describe('VSIX links', () => {
  it('ships every page the README leads to', () => {
    const allow = shipped();
    const seen = new Set<string>();
    const queue = ['README.md'];
    while (queue.length) {
      const page = queue.shift()!;
      if (seen.has(page)) continue;
      seen.add(page);
      for (const target of pageLinks(page)) {
        assert.ok(existsSync(join(ROOT, target)), `${page} links to ${target}, which does not exist`);
        assert.ok(allow.some((r) => r.test(target)), `${page} links to ${target}, which the VSIX does not ship (.vscodeignore)`);
        if (target.endsWith('.md')) queue.push(relative(ROOT, join(ROOT, target)).split('\\').join('/'));
      }
    }
    assert.ok(seen.has('docs/guide.md') && seen.size > 3, `followed ${[...seen].join(', ')}`);
  });
});
