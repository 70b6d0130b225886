// Builds API paths with every interpolated id checked and encoded, so an id or a name
// coming from the server or the user can never change which endpoint is called:
// encodeURIComponent leaves `.` and `..` alone, and URL parsing would then resolve
// `/apps/../restart` to another path, so such ids are refused before anything is sent.

import { InvalidIdError } from '../errors';

// eslint-disable-next-line no-control-regex
const UNSAFE = /[/\\\u0000-\u001f\u007f-\u009f]/;

/** The id, percent-encoded as one path segment; throws InvalidIdError for unusable ids. */
export function pathSegment(id: string | number): string {
  const value = String(id);
  if (value === '' || value === '.' || value === '..' || UNSAFE.test(value)) throw new InvalidIdError(value);
  return encodeURIComponent(value);
}

export function path(strings: TemplateStringsArray, ...ids: (string | number)[]): string {
  return strings.reduce((out, s, i) => out + s + (i < ids.length ? pathSegment(ids[i]) : ''), '');
}
