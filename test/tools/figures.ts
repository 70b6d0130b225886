// `npm run figures`: the house's figures, measured now (docs/architecture.md quotes none,
// so they cannot go stale): modules and lines of src/, the largest modules, import rule
// violations and imports cruised (dependency-cruiser), and calls of window.show*Message
// outside src/notices.ts (the one door for notices, issue #34).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? modules(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = modules(join(ROOT, 'src')).map((path) => {
  const text = readFileSync(path, 'utf8');
  return { path: relative(ROOT, path), lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), text };
});
const total = files.reduce((sum, f) => sum + f.lines, 0);
const largest = [...files].sort((a, b) => b.lines - a.lines).slice(0, 5);
const rawNotices = files.filter((f) => f.path !== join('src', 'notices.ts') && /\bshow(Information|Warning|Error)Message\b/.test(f.text));

const cruise = spawnSync('npx', ['depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'src'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const summary = cruise.status === 0 || cruise.stdout ? (JSON.parse(cruise.stdout) as { summary: { violations: unknown[]; totalCruised: number; totalDependenciesCruised: number } }).summary : undefined;

console.log(`modules in src/: ${files.length}, ${total.toLocaleString('en')} lines, ${Math.round(total / files.length)} on average`);
console.log(`largest: ${largest.map((f) => `${f.path} ${f.lines}`).join(', ')}`);
console.log(`over 400 lines: ${files.filter((f) => f.lines > 400).map((f) => f.path).join(', ') || 'none'}`);
console.log(summary ? `import rules: ${summary.violations.length} violations among ${summary.totalCruised} modules and ${summary.totalDependenciesCruised} imports` : 'import rules: dependency-cruiser did not run');
console.log(`window.show*Message outside src/notices.ts: ${rawNotices.map((f) => f.path).join(', ') || 'none'}`);
