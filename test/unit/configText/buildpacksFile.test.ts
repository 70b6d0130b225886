// The buildpacks document: one URL per line, the whole list as one merge key (a change on
// the server since the tab was opened is a conflict), URLs checked by wokku's rule.
import { strict as assert } from 'node:assert';
import { buildpackList, buildpackUrlProblem, buildpackValues, parseBuildpacksFile, renderBuildpacksFile } from '../../../src/configText/buildpacksFile';
import { diffMaps } from '../../../src/configText/configDiff';
import { describeProblem } from '../../../src/configText/textProblem';
import { threeWayMerge } from '../../../src/configText/threeWayMerge';

const NODE = 'https://github.com/heroku/heroku-buildpack-nodejs.git';
const NGINX = 'https://github.com/heroku/heroku-buildpack-nginx.git';

describe('editors: the buildpacks document', () => {
  it('renders the list in order under its header, and reads it back the same', () => {
    const { text, values } = renderBuildpacksFile([NODE, NGINX], ['Buildpacks of storefront']);
    assert.equal(text, `# Buildpacks of storefront\n${NODE}\n${NGINX}\n`);
    assert.deepEqual(parseBuildpacksFile(text), { values, problems: [] });
    assert.deepEqual(buildpackList(values), [NODE, NGINX]);
    assert.deepEqual(buildpackList(renderBuildpacksFile([]).values), []);
  });

  it('skips blank lines, comments and surrounding spaces (CRLF too)', () => {
    const parsed = parseBuildpacksFile(`\r\n  heroku/nodejs  \r\n# a note\r\n\r\n${NGINX}\r\n`);
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(buildpackList(parsed.values), ['heroku/nodejs', NGINX]);
  });

  it('checks each URL by wokku\'s rule and refuses a repeated one, at its line', () => {
    for (const good of [NODE, 'http://example.com:8080/bp.tgz', 'heroku/nodejs', 'heroku/ruby-ng']) assert.equal(buildpackUrlProblem(good), undefined, good);
    for (const bad of ['', 'ftp://example.com/bp', 'github.com/heroku/x', 'heroku/', 'https://example.com/bp?x=1', 'heroku/a b']) assert.ok(buildpackUrlProblem(bad), bad);
    const parsed = parseBuildpacksFile(`${NODE}\nnot a url\n${NODE}\n`);
    assert.deepEqual(parsed.problems.map(describeProblem), [
      'Line 2: A buildpack URL has no spaces',
      `Line 3: ${NODE} is listed twice (Dokku keeps each buildpack once)`,
    ]);
    assert.deepEqual(parsed.problems.map((p) => [p.column, p.endColumn]), [[0, 9], [0, NODE.length]]);
  });

  it('merges as one value: a reorder is a change of the whole list; a list changed on the server too is a conflict', () => {
    const base = buildpackValues([NODE, NGINX]);
    const mine = buildpackValues([NGINX, NODE]);
    assert.deepEqual(diffMaps(base, mine).set, { buildpacks: `${NGINX}\n${NODE}` });
    const merged = threeWayMerge(base, mine, base);
    assert.equal(merged.kind, 'merged');
    assert.deepEqual(buildpackList(merged.kind === 'merged' ? merged.changes.set : {}), [NGINX, NODE]);
    assert.deepEqual(threeWayMerge(base, mine, buildpackValues([NODE])), { kind: 'conflict', conflicts: ['buildpacks'] });
    // Both sides made the same change: nothing to send.
    const same = threeWayMerge(base, mine, mine);
    assert.ok(same.kind === 'merged' && Object.keys(same.changes.set).length === 0);
  });
});
