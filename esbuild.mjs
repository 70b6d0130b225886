// Bundles the extension (src/extension.ts -> dist/extension.js) and transpiles the
// TypeScript that must run inside VS Code's extension host without bundling (the
// integration suites and their runner) into out/.
//   node esbuild.mjs               development build (source maps)
//   node esbuild.mjs --production  minified, no source maps (what the .vsix ships)
//   node esbuild.mjs --watch       rebuild on change
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** In watch mode, logs each rebuild so the F5 pre-launch task knows when it is done. */
const reportPlugin = {
  name: 'report',
  setup(build) {
    build.onStart(() => console.log(`[watch] build started (${build.initialOptions.outdir ?? build.initialOptions.outfile})`));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/**
 * undici (most of the bundle, mostly llhttp's WebAssembly) is only needed by the first
 * request: it ships as dist/undici.js, which src/api/undici.ts requires on first use, so
 * activation does not even parse it.
 */
const undiciApart = {
  name: 'undici-apart',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: './undici.js', external: true }));
  },
};

const undiciBundle = {
  entryPoints: { undici: 'undici' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outdir: 'dist',
  minify: production,
  sourcemap: false,
  logLevel: 'silent',
};

const extension = {
  entryPoints: ['src/extension.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: 'dist/extension.js',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  metafile: true,
  logLevel: 'silent',
  plugins: watch ? [undiciApart, reportPlugin] : [undiciApart],
};

/** Every .ts file below a folder. */
function tsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

// Transpiled file by file, keeping the tree, so the suites can import the reference
// server and the extension's pure modules by relative path.
const tests = {
  entryPoints: [...tsFiles('test'), ...tsFiles('src')],
  outdir: 'out',
  outbase: '.',
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'silent',
  plugins: watch ? [reportPlugin] : [],
};

async function main() {
  if (watch) {
    await esbuild.build(undiciBundle);
    const contexts = await Promise.all([esbuild.context(extension), esbuild.context(tests)]);
    await Promise.all(contexts.map((c) => c.watch()));
    return;
  }
  // A stale out/ would keep running suites whose source was deleted.
  if (!production) rmSync('out', { recursive: true, force: true });
  const [result] = await Promise.all([esbuild.build(extension), esbuild.build(undiciBundle), production ? null : esbuild.build(tests)]);
  mkdirSync('dist', { recursive: true });
  // The metafile feeds size reports (npm run bench, esbuild's analyzer).
  writeFileSync('dist/meta.json', JSON.stringify(result.metafile));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
