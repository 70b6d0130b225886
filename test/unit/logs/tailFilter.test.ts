// Filters of a tail (container globs, text, regular expression, level) and the level
// words, which must be the ones the channels' grammar colours.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeFilter, levelOf, lineMatcher, MARKER_PREFIX, parseContainerGlobs, parseRegex, type TailFilter } from '../../../src/logs';

const T = '2026-11-25T04:15:50.123456789Z';
const LINES = [
  `${T} app[web.1]: GET /api/orders 200 31ms`,
  `${T} app[web.2]: GET /api/orders 503 12ms`,
  `${T} app[worker.1]: ERROR Unhandled rejection: connect ECONNREFUSED`,
  `${T} app[worker.2]:     at handler (/app/src/routes/orders.js:42:17)`,
  `${T} app[web.1]: WARN slow query on orders (1.8s)`,
  `${T} app[web.12]: Timeout waiting for redis`,
  `${MARKER_PREFIX}lines may have been missed here`,
];

function kept(filter: TailFilter): string[] {
  const keep = lineMatcher(filter);
  return LINES.filter(keep).map((l) => l.replace(`${T} `, ''));
}

describe('logs: tail filters', () => {
  it('by container: names and globs, markers always kept', () => {
    assert.deepEqual(kept({ kind: 'container', globs: ['web.1'] }), [
      'app[web.1]: GET /api/orders 200 31ms', 'app[web.1]: WARN slow query on orders (1.8s)', `${MARKER_PREFIX}lines may have been missed here`,
    ]);
    assert.deepEqual(kept({ kind: 'container', globs: ['worker.*'] }).length, 3);
    assert.deepEqual(kept({ kind: 'container', globs: ['web.?'] }).length, 4, 'web.12 has two characters after the dot');
  });

  it('parses container input: commas or spaces, app[web.1] as the service writes it, and refuses other characters', () => {
    assert.deepEqual(parseContainerGlobs('web.1, worker.*'), { globs: ['web.1', 'worker.*'] });
    assert.deepEqual(parseContainerGlobs('app[web.2]'), { globs: ['web.2'] });
    assert.ok('error' in parseContainerGlobs('  '));
    assert.match((parseContainerGlobs('web/1') as { error: string }).error, /"web\/1" is not a container name/);
  });

  it('by text: in the message (not the time or container), case-insensitively', () => {
    assert.deepEqual(kept({ kind: 'text', text: 'timeout' }), ['app[web.12]: Timeout waiting for redis', `${MARKER_PREFIX}lines may have been missed here`]);
    assert.deepEqual(kept({ kind: 'text', text: 'web.1' }), [`${MARKER_PREFIX}lines may have been missed here`], 'the container is not the message');
  });

  it('by regular expression: anchored at the message, with flags; a bad one says why', () => {
    assert.deepEqual(kept({ kind: 'regex', source: '^GET .* 5\\d\\d', flags: '' }), ['app[web.2]: GET /api/orders 503 12ms', `${MARKER_PREFIX}lines may have been missed here`]);
    assert.deepEqual(parseRegex('/^warn/i'), { source: '^warn', flags: 'i' });
    assert.deepEqual(parseRegex('/x/gi'), { source: 'x', flags: 'i' }, 'g would make test() remember where it stopped');
    assert.deepEqual(parseRegex('a|b'), { source: 'a|b', flags: '' });
    assert.match((parseRegex('(unclosed') as { error: string }).error, /^Not a regular expression: .*(Unterminated group|unclosed)/i);
    assert.ok('error' in parseRegex(''));
  });

  it('by level: errors (with their stack frames), or errors and warnings', () => {
    assert.deepEqual(kept({ kind: 'level', level: 'error' }), [
      'app[web.2]: GET /api/orders 503 12ms',
      'app[worker.1]: ERROR Unhandled rejection: connect ECONNREFUSED',
      'app[worker.2]:     at handler (/app/src/routes/orders.js:42:17)',
      `${MARKER_PREFIX}lines may have been missed here`,
    ]);
    assert.equal(kept({ kind: 'level', level: 'warning' }).length, 5);
  });

  it('names each filter in a few words', () => {
    assert.equal(describeFilter({ kind: 'container', globs: ['web.1', 'worker.*'] }), 'container web.1, worker.*');
    assert.equal(describeFilter({ kind: 'text', text: 'timeout' }), 'text "timeout"');
    assert.equal(describeFilter({ kind: 'regex', source: '^GET', flags: 'i' }), 'regular expression /^GET/i');
    assert.equal(describeFilter({ kind: 'level', level: 'error' }), 'errors');
    assert.equal(describeFilter({ kind: 'level', level: 'warning' }), 'errors and warnings');
  });
});

/** A grammar `match` in JavaScript: `(?i:…)` groups (Oniguruma) spelled out as [xX] classes. */
function jsRegex(oniguruma: string): RegExp {
  let out = '';
  for (let i = 0; i < oniguruma.length; ) {
    if (!oniguruma.startsWith('(?i:', i)) {
      out += oniguruma[i++];
      continue;
    }
    let depth = 1;
    let j = i + 4;
    out += '(?:';
    for (; depth > 0; j++) {
      const c = oniguruma[j];
      if (c === '\\') {
        out += c + oniguruma[++j];
        continue;
      }
      if (c === '(') depth++;
      if (c === ')') depth--;
      out += /[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c;
    }
    i = j;
  }
  return new RegExp(out);
}

describe('logs: line levels follow the grammar', () => {
  const grammar = JSON.parse(readFileSync(join(__dirname, '../../../media/apphost-log.tmLanguage.json'), 'utf8')) as { repository: Record<string, { match: string }> };
  const rule = (name: string) => jsRegex(grammar.repository[name].match);
  const grammarLevel = (line: string) =>
    ['error', 'exception', 'buildFailure'].some((r) => rule(r).test(line)) || rule('httpStatus').exec(line)?.[1]
      ? 'error'
      : rule('warning').test(line) || rule('httpStatus').exec(line)?.[2]
        ? 'warning'
        : undefined;

  it('a line is an error or a warning exactly when the grammar colours it so', () => {
    const corpus = [
      ...LINES,
      'ERROR boom', 'FATAL x', 'CRITICAL y', 'PANIC z', 'Error: nope', 'Fatal: nope', '[error] a', '[ERR] b', '[Fatal] c', '[crit] d', 'level=error e', 'level=FATAL f',
      'WARN a', 'WARNING b', 'Warning: c', '[warn] d', '[Warning] e', 'level=warn f', 'level=warning g',
      'ZeroDivisionError: division by zero', 'java.lang.NullPointerException', 'Traceback (most recent call last):', 'panic: runtime error: index out of range',
      'NoMethodError (undefined method `total\')', ' !     Push rejected', 'npm ERR! code 1', 'src/x.ts(3,1): error TS2304: Cannot find name',
      'POST /checkout 502 1ms', 'DELETE /x 404 2ms', 'GET /ok 200 1ms', 'INFO fine', 'errors are counted', 'a warning sign', 'terror', 'the error rate is low', 'Errorless',
    ];
    for (const line of corpus) assert.equal(levelOf(line), grammarLevel(line), line);
  });
});
