// A VS Code settings file as values: JSON with comments and trailing commas, which
// JSON.parse refuses. Read only to find what the remote machine's settings still hold
// (src/machineSettingsOffer.ts); VS Code itself writes them.

/** The top-level settings of a settings file's text; undefined when it is not an object (or not JSON). */
export function readSettingsText(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(withoutTrailingCommas(withoutComments(text)));
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

function withoutComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else {
      out += text[i++];
    }
  }
  return out;
}

/** Drops each comma that only whitespace separates from a closing `}` or `]` (strings untouched). */
function withoutTrailingCommas(text: string): string {
  const closing = /\s*[}\]]/y;
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    closing.lastIndex = i + 1;
    if (text[i] === ',' && closing.test(text)) {
      i++;
      continue;
    }
    out += text[i++];
  }
  return out;
}
