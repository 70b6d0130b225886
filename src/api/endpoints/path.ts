// Builds API paths with every interpolated id encoded, so an id or a name with
// `/`, `?` or spaces can never change which endpoint is called. Ids that encoding
// cannot make safe are refused before anything is sent: "." and ".." are resolved away
// by URL parsing (`/apps/../restart` would call another endpoint), an empty one drops
// a path segment, and control characters have no place in an id.

/** An id or name that cannot stand in a request path. */
export class UnsafeIdError extends Error {
  override readonly name = 'UnsafeIdError';
  constructor(readonly id: string) {
    super(`"${[...id].map((c) => (c < ' ' || c === '\x7f' ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('')}" is not a valid id or name: it is empty, "." or "..", or holds control characters`);
  }
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x1f\x7f]/;

function segment(id: string | number): string {
  const text = String(id);
  if (text === '' || text === '.' || text === '..' || CONTROL.test(text)) throw new UnsafeIdError(text);
  return encodeURIComponent(text);
}

export function path(strings: TemplateStringsArray, ...ids: (string | number)[]): string {
  return strings.reduce((out, s, i) => out + s + (i < ids.length ? segment(ids[i]) : ''), '');
}
