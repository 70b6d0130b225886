// Builds API paths with every interpolated id encoded, so an id or a name with
// `/`, `?` or spaces can never change which endpoint is called.

export function path(strings: TemplateStringsArray, ...ids: (string | number)[]): string {
  return strings.reduce((out, s, i) => out + s + (i < ids.length ? encodeURIComponent(String(ids[i])) : ''), '');
}
