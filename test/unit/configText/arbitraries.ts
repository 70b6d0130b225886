// fast-check generators shared by the editors' property tests.

import fc from 'fast-check';

/** Characters that trip up .env quoting and JSON: every quote, escapes, comment, line breaks. */
const NASTY_UNITS = [
  "'", '"', '`', '\\', '\n', '\r', '\r\n', '#', ' ', '\t', '=', '$', '${X}', 'n', 'r', 'a', 'Z', '0',
  '\u2028', '\u00a0', '\ufeff', 'é', '日', '😀', 'export ', '\\n', '\\"',
];

/** Short strings built mostly from NASTY_UNITS, sometimes any unicode. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: fc.constantFrom(...NASTY_UNITS), maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** Valid config var names, biased to a few so that maps overlap. */
export const envKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('A', 'B', 'C', 'DATABASE_URL', 'PORT', '_X', 'export', 'constructor'),
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/),
);

export function envVars(value: fc.Arbitrary<string>): fc.Arbitrary<Record<string, string>> {
  return fc.dictionary(envKey, value, { maxKeys: 8, noNullPrototype: true });
}

/** Flat maps over a small key set, so that base/mine/theirs touch the same keys often. */
export const smallKey = fc.constantFrom('A', 'B', 'C', 'D', 'E');
export const smallValue = fc.constantFrom('1', '2', '3', '', 'x y');
export const flatMap: fc.Arbitrary<Record<string, string>> = fc.dictionary(smallKey, smallValue, { noNullPrototype: true });
