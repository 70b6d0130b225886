// undici takes tens of milliseconds to parse and initialise, and activation sends no
// request: it is loaded on first use. The bundle ships it as a file of its own
// (dist/undici.js, see esbuild.mjs), so activation does not even read it.
import type * as Undici from 'undici';

let loaded: typeof Undici | undefined;

export function undici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('undici') as typeof Undici;
  return loaded;
}
