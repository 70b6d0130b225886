// config.env: rendering, reading with dotenv, and the line validator.

import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parse as parseDotenv } from 'dotenv';
import { parseEnvFile, renderEnvFile, RUN_ON_GUARD } from '../../../src/configText/envFile';
import { describeProblem, hasErrors } from '../../../src/configText/textProblem';
import { envKey, envVars, nastyString } from './arbitraries';

/** Values no dotenv spelling carries (src/configText/README.md, "What dotenv (v18) cannot carry"). */
function isUnwritable(v: string): boolean {
  if (v.includes('\r')) return v.includes('"') || /\\[nr]/.test(v);
  return /[#\n\u2028\u2029]/.test(v) && v.includes("'") && v.includes('`') && (v.includes('"') || /\\[nr]/.test(v));
}

const messages = (text: string) => parseEnvFile(text).problems.map(describeProblem);

describe('editors: config.env rendering', () => {
  it('writes sorted KEY=value lines, quoting only where needed', () => {
    const { text, skipped } = renderEnvFile({
      PORT: '3000', GREETING: 'hello world', EMPTY: '', QUOTE: "it's", HASH: 'a#b', MULTI: 'one\ntwo', DOLLAR: 'x$y',
    });
    assert.equal(text, [
      'DOLLAR=\'x$y\'', 'EMPTY=', 'GREETING="hello world"', 'HASH="a#b"', 'MULTI="one\ntwo"', 'PORT=3000', 'QUOTE="it\'s"', '',
    ].join('\n'));
    assert.deepEqual(skipped, []);
  });

  it('keeps a carriage return with a \\r escape and leading/trailing spaces inside quotes', () => {
    const vars = { CR: 'a\r\nb', PAD: '  padded  ', TAB: '\tx' };
    const { text } = renderEnvFile(vars);
    assert.match(text, /^CR="a\\r\\nb"$/m);
    assert.deepEqual(parseEnvFile(text).values, vars);
    assert.deepEqual(parseDotenv(text), vars);
  });

  it('adds header comments and names skipped vars in a comment', () => {
    const { text, values, skipped } = renderEnvFile({ 'bad-name': '1', OK: '2', WILD: `'"\`#` }, { header: ['Config of web', 'Saving restarts it'] });
    assert.deepEqual(skipped, [{ key: 'WILD', reason: 'unwritable-value' }, { key: 'bad-name', reason: 'invalid-name' }]);
    assert.deepEqual(values, { OK: '2' });
    assert.match(text, /^# Config of web\n# Saving restarts it\n# "WILD" is not shown: its value .*\n# "bad-name" is not shown: its name .*\nOK=2\n$/);
    assert.deepEqual(parseEnvFile(text).values, { OK: '2' });
  });

  it('guards a quoted value that ends in a backslash from running into the next lines', () => {
    const vars = { A: ' C:\\dir\\', B: '#', C: "'#'", D: '`#' };
    const { text } = renderEnvFile(vars);
    assert.ok(text.includes(RUN_ON_GUARD), text);
    assert.deepEqual(parseEnvFile(text).values, vars);
    assert.deepEqual(parseDotenv(text), vars);
  });

  it('property: parse(render(vars)) equals vars for any valid names and string values', () => {
    fc.assert(fc.property(envVars(nastyString), (vars) => {
      const rendered = renderEnvFile(vars);
      const parsed = parseEnvFile(rendered.text);
      assert.deepEqual(parsed.problems, [], rendered.text);
      assert.deepEqual(parsed.values, rendered.values);
      assert.deepEqual(parseDotenv(rendered.text), rendered.values, 'dotenv alone reads the same');
      for (const { key } of rendered.skipped) assert.ok(isUnwritable(vars[key]), JSON.stringify(vars[key]));
      for (const key of Object.keys(vars)) {
        if (!isUnwritable(vars[key])) assert.equal(rendered.values[key], vars[key]);
      }
    }), { numRuns: 1500 });
  });

  it('property: the same for full unicode strings (any code point, lone surrogates included)', () => {
    const unicode = fc.string({ unit: 'binary', maxLength: 30 });
    fc.assert(fc.property(envVars(unicode), (vars) => {
      const rendered = renderEnvFile(vars);
      assert.deepEqual(parseEnvFile(rendered.text).values, rendered.values);
      assert.equal(Object.keys(rendered.values).length + rendered.skipped.length, Object.keys(vars).length);
    }), { numRuns: 500 });
  });

  it('property: rendering what was read back gives the same text', () => {
    fc.assert(fc.property(envVars(nastyString), (vars) => {
      const once = renderEnvFile(vars);
      const again = renderEnvFile(parseEnvFile(once.text).values);
      assert.equal(again.text, renderEnvFile(once.values).text);
      if (once.skipped.length === 0) assert.equal(again.text, once.text);
    }), { numRuns: 300 });
  });
});

describe('editors: config.env validation', () => {
  it('accepts comments, blank lines, export and spaces around =', () => {
    const parsed = parseEnvFile('# top\n\nexport A=1\n  B = two words  # note\nC="x" # c\n');
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.values, { A: '1', B: 'two words', C: 'x' });
    assert.deepEqual(parsed.entries.map((e) => [e.key, e.line]), [['A', 2], ['B', 3], ['C', 4]]);
  });

  it('reports lines dotenv would drop: no "=", bad names, missing name', () => {
    assert.deepEqual(messages('A=1\nJUSTTEXT\nmy-key=2\n1ABC=3\n=4\nMY KEY=5\n'), [
      'Line 2: Expected KEY=value (this line has no "=")',
      'Line 3: Invalid variable name "my-key": use letters, digits and _, not starting with a digit',
      'Line 4: Invalid variable name "1ABC": use letters, digits and _, not starting with a digit',
      'Line 5: Missing variable name before "="',
      'Line 6: Invalid variable name "MY KEY": names cannot contain spaces',
    ]);
  });

  it('reports duplicates on the later line, naming the first', () => {
    const [p] = parseEnvFile('A=1\nB=2\nA=3\n').problems;
    assert.deepEqual(p, { line: 2, column: 0, endColumn: 1, message: 'Duplicate variable A (already set on line 1)', severity: 'error' });
  });

  it('reports an unterminated quote at its opening line, also when a later line has a quote', () => {
    assert.deepEqual(messages('A="abc\nB="x"\n'), ['Line 1: Unterminated quoted value: add the closing "']);
    assert.deepEqual(messages("A='abc\n"), ["Line 1: Unterminated quoted value: add the closing '"]);
  });

  it('reads multi-line quoted values and reports the lines they span', () => {
    const parsed = parseEnvFile('KEY="-----BEGIN-----\nabc\n-----END-----"\nNEXT=1\n');
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.values.KEY, '-----BEGIN-----\nabc\n-----END-----');
    assert.deepEqual(parsed.entries.map((e) => [e.key, e.line, e.endLine]), [['KEY', 0, 2], ['NEXT', 3, 3]]);
  });

  it('warns (without blocking) when an unquoted # cuts a value short', () => {
    const { problems, values } = parseEnvFile('PASSWORD=abc#123\nOK=a # comment\n');
    assert.equal(values.PASSWORD, 'abc');
    assert.equal(problems.length, 1);
    assert.equal(problems[0].severity, 'warning');
    assert.equal(hasErrors(problems), false);
  });

  it('flags a value that dotenv reads differently in context (a quote running on)', () => {
    const text = "A='x\\'\nB='#'\n";
    assert.deepEqual(parseDotenv(text), { A: "x\\'\nB=" }, 'dotenv runs A into the next line');
    assert.deepEqual(messages(text), ["Line 1: ' after a backslash does not end the value (.env has no \\' escape): the value runs on to line 2"]);
  });

  it('handles CRLF text like LF and reads a variable named __proto__ like any other', () => {
    assert.deepEqual(parseEnvFile('A=1\r\nB="x"\r\n').values, { A: '1', B: 'x' });
    assert.deepEqual(messages('__proto__=1\n'), []);
    const values = parseEnvFile('__proto__=1\nB="__proto__=2\n__proto__=3"\n').values;
    assert.deepEqual(Object.entries(values), [['__proto__', '1'], ['B', '__proto__=2\n__proto__=3']]);
  });

  it('property: every line of arbitrary text is either read by dotenv, a comment/blank line, or reported', () => {
    const lineArb = fc.oneof(
      fc.tuple(envKey, nastyString).map(([k, v]) => `${k}=${v}`),
      nastyString,
      fc.constantFrom('# comment', '', 'A=1', 'A="x', "B='y'", 'bad-key=1'),
    );
    fc.assert(fc.property(fc.array(lineArb, { maxLength: 8 }), (lines) => {
      const text = lines.join('\n');
      const parsed = parseEnvFile(text);
      if (hasErrors(parsed.problems)) return;
      // No error: what the editor shows is exactly what dotenv reads.
      assert.deepEqual(parsed.values, { ...parseDotenv(text) });
      assert.deepEqual(new Set(parsed.entries.map((e) => e.key)), new Set(Object.keys(parsed.values)));
      const covered = new Set(parsed.entries.flatMap((e) => range(e.line, e.endLine)));
      text.replace(/\r\n?/g, '\n').split('\n').forEach((line, i) => {
        assert.ok(covered.has(i) || /^\s*(#|$)/.test(line), `line ${i + 1} ${JSON.stringify(line)} is neither read nor reported`);
      });
    }), { numRuns: 1500 });
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
