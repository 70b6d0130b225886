// Bundles the extension (src/extension.ts -> dist/extension.js) and transpiles the
// TypeScript that must run inside VS Code's extension host without bundling (the
// integration suites and their runner) into out/.
//   node esbuild.mjs               development build (source maps)
//   node esbuild.mjs --production  minified, no source maps (what the .vsix ships)
//   node esbuild.mjs --watch       rebuild on change
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

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

/**
 * `import * as vscode from 'vscode'` in each of ~40 modules would copy the whole API
 * object into a fresh namespace per module at load (esbuild's CommonJS interop): one
 * shared ES module re-exporting it makes that once.
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
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

/**
 * Activation loads dist/extension.js only; dist/features.js (commands, editors, log
 * views, deploys) is required on first use (src/lazyFeatures.ts). The two must share one
 * copy of every module they both use (classes checked with instanceof, state such as the
 * tree's), so the features bundle takes those from the activation bundle, which exports
 * them all as `__shared` (path → module namespace).
 */
const featuresApart = {
  name: 'features-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/features$/ }, () => ({ path: './features.js', external: true }));
  },
};

/** In the features bundle: a module the activation bundle has comes from it. */
function sharedFrom(activationInputs) {
  return {
    name: 'shared-from-activation',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.namespace === 'shared' || args.pluginData === 'shared') return undefined;
        const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'shared' });
        const key = relative(process.cwd(), resolved.path).split(sep).join('/');
        return activationInputs.has(key) ? { path: key, namespace: 'shared' } : undefined;
      });
      build.onResolve({ filter: /^\.\/extension\.js$/, namespace: 'shared' }, () => ({ path: './extension.js', external: true }));
      build.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
        contents: `module.exports = require('./extension.js').__shared[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
    },
  };
}

/** The activation entry: src/extension.ts, plus every module it bundles exported as `__shared`. */
function activationEntry(inputs) {
  const modules = [...inputs].filter((p) => /\.(ts|js|mjs|cjs)$/.test(p));
  return {
    name: 'activation-entry',
    setup(build) {
      build.onResolve({ filter: /^activation-entry$/ }, () => ({ path: 'activation-entry', namespace: 'entry' }));
      build.onLoad({ filter: /.*/, namespace: 'entry' }, () => ({
        resolveDir: process.cwd(),
        loader: 'js',
        contents: [
          "export * from './src/extension.ts';",
          ...modules.map((p, i) => `import * as m${i} from './${p}';`),
          `export const __shared = {${modules.map((p, i) => `${JSON.stringify(p)}: m${i}`).join(', ')}};`,
        ].join('\n'),
      }));
    },
  };
}

const extension = {
  entryPoints: ['src/extension.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: 'dist/extension.js',
  // system-ca's readers for macOS and Windows are native add-ons this extension does not
  // ship: trustedRoots.ts reads those stores with Node's own reader instead.
  external: ['vscode', 'macos-export-certificate-and-key', 'win-export-certificate-and-key'],
  // jsonc-parser's main is a UMD build whose inner requires a bundle cannot follow: its ES module build.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  metafile: true,
  logLevel: 'silent',
  plugins: watch ? [undiciApart, featuresApart, vscodeOnce, reportPlugin] : [undiciApart, featuresApart, vscodeOnce],
};

/** What the activation bundle holds: built once without writing, to know what to share. */
async function activationInputs() {
  const probe = await esbuild.build({ ...extension, write: false, sourcemap: false, plugins: [undiciApart, featuresApart, vscodeOnce] });
  return new Set(Object.keys(probe.metafile.inputs).filter((p) => !p.startsWith('node_modules/') || !p.includes('undici')));
}

async function buildSplit() {
  const inputs = await activationInputs();
  const activation = { ...extension, entryPoints: { extension: 'activation-entry' }, outfile: undefined, outdir: 'dist', plugins: [activationEntry(inputs), ...extension.plugins] };
  const features = { ...extension, entryPoints: { features: 'src/features.ts' }, outfile: undefined, outdir: 'dist', plugins: [sharedFrom(inputs), undiciApart, vscodeOnce] };
  const [a, f] = await Promise.all([esbuild.build(activation), esbuild.build(features)]);
  return { inputs: { ...a.metafile.inputs, ...f.metafile.inputs }, outputs: { ...a.metafile.outputs, ...f.metafile.outputs } };
}

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
  const [metafile] = await Promise.all([buildSplit(), esbuild.build(undiciBundle), production ? null : esbuild.build(tests)]);
  mkdirSync('dist', { recursive: true });
  // The metafile feeds size reports (npm run bench, esbuild's analyzer).
  writeFileSync('dist/meta.json', JSON.stringify(metafile));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
