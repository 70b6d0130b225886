// A VS Code settings file as values: JSON with comments and trailing commas, which
// JSON.parse refuses; read with jsonc-parser, the reader VS Code itself uses. Read only
// to find what the remote machine's settings still hold (src/machineSettingsOffer.ts);
// VS Code itself writes them.
import { parse, type ParseError } from 'jsonc-parser';

/** The top-level settings of a settings file's text; undefined when it is not an object (or not JSON). */
export function readSettingsText(text: string): Record<string, unknown> | undefined {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length) return undefined;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
