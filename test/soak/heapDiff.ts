// `npx tsx test/soak/heapDiff.ts early.heapsnapshot late.heapsnapshot [--top N] [--retainers NAME]`:
// what grew between two heap snapshots of the extension host (the soak writes them with
// --heap-snapshots). Self sizes and counts aggregated by node type and constructor name,
// the growth sorted by bytes; --retainers NAME lists, for the late snapshot, what holds
// the objects of that name (edge name and the holder's constructor), to find the map or
// list that keeps them.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]] }; node_count: number };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface Group {
  key: string;
  count: number;
  size: number;
}

function load(file: string): Snapshot {
  return JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
}

/** "type name" → count and self size. Strings are grouped under one key (their text would split them). */
export function aggregate(s: Snapshot): Map<string, Group> {
  const { width, iType, iName, iSize, types } = layout(s);
  const out = new Map<string, Group>();
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + iType]];
    const name = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '' : s.strings[s.nodes[i + iName]];
    const key = `${type} ${name.slice(0, 80)}`;
    const g = out.get(key) ?? { key, count: 0, size: 0 };
    g.count++;
    g.size += s.nodes[i + iSize];
    out.set(key, g);
  }
  return out;
}

export function diff(early: Map<string, Group>, late: Map<string, Group>): Group[] {
  const keys = new Set([...early.keys(), ...late.keys()]);
  return [...keys]
    .map((key) => ({ key, count: (late.get(key)?.count ?? 0) - (early.get(key)?.count ?? 0), size: (late.get(key)?.size ?? 0) - (early.get(key)?.size ?? 0) }))
    .sort((a, b) => b.size - a.size);
}

/** Where each field sits in the snapshot's flat node and edge arrays. */
function layout(s: Snapshot) {
  const f = s.snapshot.meta.node_fields;
  const ef = s.snapshot.meta.edge_fields;
  return {
    width: f.length, iType: f.indexOf('type'), iName: f.indexOf('name'), iSize: f.indexOf('self_size'), iEdges: f.indexOf('edge_count'),
    ew: ef.length, eType: ef.indexOf('type'), eName: ef.indexOf('name_or_index'), eTo: ef.indexOf('to_node'),
    types: s.snapshot.meta.node_types[0], edgeTypes: s.snapshot.meta.edge_types[0],
  };
}

/** For objects named `name`: "holder's type and name —edge→" counts, most frequent first. */
function retainers(s: Snapshot, name: string, top: number): [string, number][] {
  const { width, iType, iName, iEdges, ew, eType, eName, eTo, types, edgeTypes } = layout(s);
  const counts = new Map<string, number>();
  for (let node = 0, edge = 0; node < s.nodes.length; node += width) {
    const n = s.nodes[node + iEdges];
    const holder = `${types[s.nodes[node + iType]]} ${s.strings[s.nodes[node + iName]].slice(0, 60)}`;
    for (let k = 0; k < n; k++, edge += ew) {
      const to = s.edges[edge + eTo];
      if (s.strings[s.nodes[to + iName]] !== name) continue;
      const et = edgeTypes[s.edges[edge + eType]];
      const label = et === 'element' || et === 'hidden' ? `[${et}]` : s.strings[s.edges[edge + eName]];
      const key = `${holder} —${label}→`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, top);
}

/** Bytes of strings by what holds them ("holder's type and name —edge→"), largest first: where the text is. */
export function stringHolders(s: Snapshot): Map<string, Group> {
  const { width, iType, iName, iSize, iEdges, ew, eType, eName, eTo, types, edgeTypes } = layout(s);
  const isString = (node: number) => /string/.test(types[s.nodes[node + iType]]);
  const counted = new Set<number>();
  const out = new Map<string, Group>();
  for (let node = 0, edge = 0; node < s.nodes.length; node += width) {
    const n = s.nodes[node + iEdges];
    const holderType = types[s.nodes[node + iType]];
    const holder = `${holderType} ${isString(node) ? '' : s.strings[s.nodes[node + iName]].slice(0, 60)}`;
    for (let k = 0; k < n; k++, edge += ew) {
      const to = s.edges[edge + eTo];
      const et = edgeTypes[s.edges[edge + eType]];
      if (et === 'weak' || !isString(to) || counted.has(to)) continue;
      counted.add(to);
      const label = et === 'element' || et === 'hidden' ? `[${et}]` : s.strings[s.edges[edge + eName]];
      const key = `${holder} —${label}→`;
      const g = out.get(key) ?? { key, count: 0, size: 0 };
      g.count++;
      g.size += s.nodes[to + iSize];
      out.set(key, g);
    }
  }
  return out;
}

function main(argv: string[]): void {
  const files = argv.filter((a) => !a.startsWith('--') && !/^\d+$/.test(a));
  const topAt = argv.indexOf('--top');
  const top = topAt >= 0 ? Number(argv[topAt + 1]) : 30;
  const retAt = argv.indexOf('--retainers');
  const retName = retAt >= 0 ? argv[retAt + 1] : undefined;
  const paths = files.filter((f) => f !== retName);
  if (paths.length !== 2) throw new Error('usage: heapDiff.ts early.heapsnapshot late.heapsnapshot [--top N] [--retainers NAME]');
  const early = load(paths[0]);
  const late = load(paths[1]);
  const a = aggregate(early);
  const b = aggregate(late);
  const total = (m: Map<string, Group>) => [...m.values()].reduce((t, g) => t + g.size, 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`total self size: ${kb(total(a))} → ${kb(total(b))} (${kb(total(b) - total(a))})`);
  console.log('grew most (bytes, count, type name):');
  for (const g of diff(a, b).slice(0, top)) console.log(`${kb(g.size).padStart(12)}  ${String(g.count).padStart(7)}  ${g.key}`);
  if (argv.includes('--string-holders')) {
    console.log('\nstrings by holder, growth (bytes, count, holder —edge→):');
    for (const g of diff(stringHolders(early), stringHolders(late)).slice(0, top)) console.log(`${kb(g.size).padStart(12)}  ${String(g.count).padStart(7)}  ${g.key}`);
  }
  if (retName) {
    console.log(`\nwhat holds "${retName}" in ${paths[1]}:`);
    for (const [k, n] of retainers(late, retName, top)) console.log(`${String(n).padStart(7)}  ${k}`);
  }
}

if (require.main === module) main(process.argv.slice(2));
