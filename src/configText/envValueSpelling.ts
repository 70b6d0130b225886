// Ways to write a value on the right of `KEY=`, most readable first. dotenv has no
// general escape (no \" or \\), so no single quoting works for every value:
//   plain       abc                 letters, digits, punctuation without spaces
//   "…"         literal; may span lines; \n and \r in it turn into line breaks
//   '…' `…`     fully literal; may span lines (never a carriage return: dotenv
//               turns CR into LF before reading)
//   "…\n…"      line breaks as \n / \r escapes: the only way to keep a CR
// A quote of the same kind inside the value is fine when it follows a backslash,
// or when dotenv's unquoted fallback reads the line (no `#`, single line).
// envFile.ts tries these in order and keeps the first that dotenv reads back
// exactly, so these rules need only be a good guess, never a proof.

const QUOTES = ['"', "'", '`'] as const;

/** Values that read the same in dotenv, shells and docker compose without quotes. */
const PLAIN = /^[^\s'"`#$\\]+$/;

/** Candidate spellings for `value`, most readable first (may contain duplicates). */
export function valueSpellings(value: string): string[] {
  if (value === '' || PLAIN.test(value)) return [value];
  // `$` and `\` mean something inside double quotes to other tools: prefer single quotes.
  const preferred = /[$\\]/.test(value) ? ["'", '"', '`'] : QUOTES;
  const escaped = value.replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  const quoted = [...preferred.map((q) => q + value + q), `"${escaped}"`];
  const clean = quoted.filter((s) => !s.slice(1, -1).includes(s[0]));
  const spellings = [...clean, ...quoted];
  // dotenv's unquoted form: the last resort for one-line values with every kind of quote.
  if (!/[\r\n]/.test(value)) spellings.push(value);
  return spellings;
}
