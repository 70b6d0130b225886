// undici takes tens of milliseconds to initialise, and activation sends no request:
// it is loaded on first use. (esbuild keeps a bundled module lazy behind require().)
import type * as Undici from 'undici';

let loaded: typeof Undici | undefined;

export function undici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('undici') as typeof Undici;
  return loaded;
}
