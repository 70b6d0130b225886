// The bench's output: one Markdown table per section (figure, AppHost, baseline,
// ratio, how it was measured), the machine it ran on, written to stdout and to
// bench-results/latest.md; `--update-readme` also replaces the full tables in
// docs/performance.md and the short summary in the README.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { CODE_SERVER_DIR, REPO_ROOT } from '../vscode/tools';

export interface Row {
  figure: string;
  value: string;
  baseline: string;
  ratio: string;
  how?: string;
}

export interface Section {
  title: string;
  /** What "baseline" means in this section, shown above its table. */
  intro: string;
  rows: Row[];
  /** Set when the section could not be measured: the run then exits non-zero. */
  error?: string;
}

export const RESULTS_DIR = join(REPO_ROOT, 'bench-results');
const README = join(REPO_ROOT, 'README.md');
const PERFORMANCE_PAGE = join(REPO_ROOT, 'docs', 'performance.md');

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderSection(s: Section): string {
  const out = [`### ${s.title}`, '', s.intro, ''];
  if (s.error) out.push(`**Not measured:** ${cell(s.error)}`, '');
  if (s.rows.length) {
    out.push('| Figure | AppHost | Baseline | Ratio | How |', '|---|---|---|---|---|');
    for (const r of s.rows) out.push(`| ${[r.figure, r.value, r.baseline, r.ratio, r.how ?? ''].map(cell).join(' | ')} |`);
    out.push('');
  }
  return out.join('\n');
}

function vscodeVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(CODE_SERVER_DIR, 'package.json'), 'utf8')) as { version: string };
    const product = JSON.parse(readFileSync(join(CODE_SERVER_DIR, 'lib', 'vscode', 'package.json'), 'utf8')) as { version: string };
    return `VS Code ${product.version} (code-server ${pkg.version})`;
  } catch {
    return 'VS Code: unknown (code-server not installed)';
  }
}

function gitRevision(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export function machine(extHostNode?: string): string {
  const model = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const mem = `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`;
  const host = extHostNode ? `, extension host Node ${extHostNode}` : '';
  return `${availableParallelism()} × ${model}, ${mem} RAM; bench Node ${process.version}${host}; ${vscodeVersion()}; commit ${gitRevision()}`;
}

export function renderReport(sections: Section[], machineLine: string, seconds: number): string {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return [
    `Measured ${date} on ${machineLine}. Whole run: ${seconds.toFixed(0)} s.`,
    '',
    ...sections.map(renderSection),
  ].join('\n');
}

export function writeResults(markdown: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, 'latest.md');
  writeFileSync(file, `# npm run bench\n\n${markdown}\n`);
  return file;
}

/** Replaces what stands between `<!-- name:start -->` and `<!-- name:end -->` in a file. */
function replaceBetweenMarkers(file: string, name: string, body: string): boolean {
  if (!existsSync(file)) return false;
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(`<!-- ${name}:start -->`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) return false;
  const head = text.slice(0, start + `<!-- ${name}:start -->`.length);
  writeFileSync(file, `${head}\n${body}\n${text.slice(end)}`);
  return true;
}

/** The cells of a Markdown table row, unescaping the pipes `cell()` escaped. */
const cellsOf = (row: string) => row.replace(/^\|\s*|\s*\|$/g, '').split(/\s*(?<!\\)\|\s*/).map((c) => c.replace(/\\\|/g, '|'));

/** One line per section of a report: its first figure (the headline), against its baseline. */
export function summarize(markdown: string): string {
  const lines: string[] = [];
  for (const part of markdown.split(/^#{3,4} /m).slice(1)) {
    const title = part.slice(0, part.indexOf('\n')).trim();
    const row = part.split('\n').find((l) => l.startsWith('| ') && !l.startsWith('| Figure'));
    if (!row) continue;
    const [figure, value, baseline, ratio] = cellsOf(row).map((c) => c.replace(/\*\*/g, '').replace(/ \((IQR|headline)[^)]*\)/g, ''));
    const against = ratio.startsWith('×') ? ` against ${baseline} (${ratio})` : '';
    lines.push(`- **${title}**: ${figure}: ${value}${against}.`);
  }
  return lines.join('\n');
}

/** Writes the tables into docs/performance.md (headings one level down) and their summary into the README. */
export function updateDocs(markdown: string): string[] {
  const updated: string[] = [];
  if (replaceBetweenMarkers(PERFORMANCE_PAGE, 'bench', markdown.replace(/^### /gm, '#### '))) updated.push('docs/performance.md');
  if (replaceBetweenMarkers(README, 'bench-summary', summarize(markdown))) updated.push('README.md');
  return updated;
}
