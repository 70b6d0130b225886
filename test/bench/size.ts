// Size: the production bundle and the .vsix against the empty baseline extension,
// and what the bundle is made of (esbuild's metafile, grouped by package) so a
// regression points at the dependency that caused it.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Extensions } from './extensions';
import type { Section } from './report';
import { bytes, ratio } from './stats';

interface Metafile {
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

/** `node_modules/@scope/pkg/...` → `@scope/pkg`; our own code by its folder (`src/api`). */
export function groupOf(input: string): string {
  const nm = input.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = input.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const parts = input.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

export function contributors(metafile: Metafile, output = 'dist/extension.js'): { group: string; bytes: number; top: string }[] {
  const out = metafile.outputs[output];
  if (!out) throw new Error(`${output} is not in the metafile`);
  const groups = new Map<string, { bytes: number; top: string; topBytes: number }>();
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
    const g = groups.get(groupOf(input)) ?? { bytes: 0, top: '', topBytes: -1 };
    g.bytes += bytesInOutput;
    if (bytesInOutput > g.topBytes) Object.assign(g, { top: input, topBytes: bytesInOutput });
    groups.set(groupOf(input), g);
  }
  return [...groups].map(([group, g]) => ({ group, bytes: g.bytes, top: g.top })).sort((a, b) => b.bytes - a.bytes);
}

/** Entries of a .vsix with their compressed sizes, largest first (`unzip -v`). */
function vsixEntries(vsix: string): { name: string; compressed: number }[] {
  const text = execFileSync('unzip', ['-v', vsix], { encoding: 'utf8' });
  const rows: { name: string; compressed: number }[] = [];
  for (const line of text.split('\n')) {
    // Length Method Size Cmpr Date Time CRC-32 Name
    const m = /^\s*\d+\s+\S+\s+(\d+)\s+\S+\s+\S+\s+\S+\s+[0-9a-f]{8}\s+(.+)$/.exec(line);
    if (m) rows.push({ name: m[2], compressed: Number(m[1]) });
  }
  return rows.sort((a, b) => b.compressed - a.compressed);
}

export function measureSize(ext: Extensions): Section {
  const bundle = statSync(join(ext.apphostDir, 'dist', 'extension.js')).size;
  const baseBundle = statSync(join(ext.baselineDir, 'extension.js')).size;
  const vsix = statSync(ext.vsix).size;
  const baseVsix = statSync(ext.baselineVsix).size;
  const meta = JSON.parse(readFileSync(ext.metafile, 'utf8')) as Metafile;
  const total = meta.outputs['dist/extension.js']?.bytes ?? bundle;
  const share = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
  const rows: Section['rows'] = [
    { figure: 'dist/extension.js (minified bundle)', value: bytes(bundle), baseline: bytes(baseBundle), ratio: ratio(bundle, baseBundle), how: 'file size; baseline = the empty extension\'s main file' },
    { figure: '.vsix (what users download)', value: bytes(vsix), baseline: bytes(baseVsix), ratio: ratio(vsix, baseVsix), how: 'vsce package --no-dependencies; baseline packaged the same way' },
  ];
  for (const c of contributors(meta).slice(0, 8)) {
    rows.push({ figure: `bundle: ${c.group}`, value: bytes(c.bytes), baseline: `${bytes(total)} bundle`, ratio: share(c.bytes, total), how: `largest input: ${c.top.replace(/^node_modules\//, '')}` });
  }
  for (const e of vsixEntries(ext.vsix).slice(0, 4)) {
    rows.push({ figure: `vsix: ${e.name}`, value: bytes(e.compressed), baseline: `${bytes(vsix)} vsix`, ratio: share(e.compressed, vsix), how: 'compressed size in the .vsix' });
  }
  return {
    title: 'Size',
    intro: 'Production build as shipped. Baseline: an empty extension (`require("vscode")` and an empty `activate`). Contributor rows: bytes in the bundle per package (esbuild metafile, `dist/meta.json`), ratio = share of the whole.',
    rows,
  };
}
