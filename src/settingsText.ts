// A VS Code settings file as values: JSON with comments and trailing commas, which
// JSON.parse refuses. Read only to find what the remote machine's settings still hold
// (src/machineSettingsOffer.ts); VS Code itself writes them.

/** The top-level settings of a settings file's text; undefined when it is not an object (or not JSON). */
export function readSettingsText(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(plainJson(text));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Where the string that opens at `start` (a `"`) ends, past its closing quote. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return Math.min(i + 1, text.length);
}

/** The text without comments and trailing commas (a comma before a closing `}` or `]`), strings untouched. */
function plainJson(text: string): string {
  let out = '';
  let comma = -1; // where in `out` a comma awaits its next value
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      comma = -1;
      i = end;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else {
      if ((c === '}' || c === ']') && comma >= 0) out = out.slice(0, comma) + out.slice(comma + 1);
      if (c === ',') comma = out.length;
      else if (!/\s/.test(c)) comma = -1;
      out += c;
      i++;
    }
  }
  return out;
}
