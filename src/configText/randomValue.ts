// A value that looks generated rather than written: the rule that needs no list of
// providers. A key, a token or a signing secret is a long run of characters drawn at
// random; a value a person wrote is words and numbers (storefront-production-2024, a
// version, a sentence). Measured on the value alone, so it also catches a secret under a
// harmless name (SETTING=…); secrets.ts applies it only where the name does not say the
// value is public, an address or an identifier.
//
// The rule, all of:
// - 20 characters or more, no whitespace;
// - not a URL (a URL is judged by its credentials and query) nor a file path;
// - Shannon entropy of its characters of at least 3.5 bits per character. Random hex
//   (16 symbols) gives about 3.6 to 4 over 32 characters, random base62 over 20 characters
//   about 4; a repeated or mostly uniform value (aaaaaaaaaa1111111111: 1 bit) stays below.
//   A UUID (36 characters, dashes: about 3.4) and an ISO time (about 3.4) stay below too;
// - one run of 8 or more characters between separators (- _ . : / + = …) that mixes
//   letters and digits, or changes between upper and lower case at least once every 4
//   characters. Written words and numbers are each of one kind (storefront, 2024), short
//   mixed parts are names (v2, eu-west-1); CamelCase changes case about once a word.

/** Length from which a value may count as generated. */
export const RANDOM_MIN_LENGTH = 20;
/** Bits per character from which a value may count as generated. */
export const RANDOM_MIN_BITS = 3.5;

/** Shannon entropy of the value's characters, in bits per character. */
export function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  const chars = [...value];
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Whether the value looks generated (a key, a token), by the rule above. */
export function looksRandom(value: string): boolean {
  if (value.length < RANDOM_MIN_LENGTH || /\s/.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^(~|\.{1,2})?\//.test(value)) return false;
  if (shannonEntropy(value) < RANDOM_MIN_BITS) return false;
  return value.split(/[^A-Za-z0-9]+/).some(mixedRun);
}

/** A run of 8 or more letters and digits that mixes them, or changes case often (a short one: v2, 27T14). */
function mixedRun(run: string): boolean {
  if (run.length < 8) return false;
  if (/[A-Za-z]/.test(run) && /[0-9]/.test(run)) return true;
  const caseChanges = [...run].filter((c, i) => i > 0 && /[a-z]/.test(c) !== /[a-z]/.test(run[i - 1])).length;
  return caseChanges * 4 >= run.length;
}
