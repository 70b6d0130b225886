// The bench's output: one Markdown table per section (figure, AppHost, baseline,
// ratio, how it was measured), the machine it ran on, written to stdout and to
// bench-results/latest.md; `--update-readme` also replaces the README's figures.
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
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

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

/** Replaces the figures between the README's bench markers (headings one level down). */
export function updateReadme(markdown: string): boolean {
  if (!existsSync(README)) return false;
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) return false;
  const body = markdown.replace(/^### /gm, '#### ');
  writeFileSync(README, `${text.slice(0, start + START.length)}\n${body}\n${text.slice(end)}`);
  return true;
}
