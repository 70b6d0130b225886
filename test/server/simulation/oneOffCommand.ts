// What `dokku run <app> -- <command>` prints for the one-off commands the reference
// server recognises (a deterministic stand-in for a container; see docs/beyond-spec.md, "Run a one-off command").

import type { AppRecord } from '../types';

export interface CommandOutcome {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Simulated seconds the command runs (`sleep N`). */
  seconds: number;
}

const ok = (stdout = '', seconds = 0): CommandOutcome => ({ stdout, stderr: '', exitCode: 0, seconds });
const fail = (exitCode: number, stderr: string, stdout = ''): CommandOutcome => ({ stdout, stderr, exitCode, seconds: 0 });

/** `a "b c" 'd'` → ['a', 'b c', 'd']: enough of a shell to read the recognised commands. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) words.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]));
  return words;
}

const MIGRATIONS = [
  ['20260301120000', 'CreateOrders', 'create_table(:orders)'],
  ['20260315093000', 'AddStatusToOrders', 'add_column(:orders, :status, :string)'],
];

function migrate(): CommandOutcome {
  const lines: string[] = [];
  for (const [version, name, step] of MIGRATIONS) {
    lines.push(`== ${version} ${name}: migrating ${'='.repeat(Math.max(3, 50 - name.length))}`);
    lines.push(`-- ${step}`, '   -> 0.0123s');
    lines.push(`== ${version} ${name}: migrated (0.0125s) ${'='.repeat(Math.max(3, 42 - name.length))}`, '');
  }
  return ok(lines.join('\n'), 3);
}

/**
 * The outcome of one command line in the app's container. Recognised: `echo …` (`>&2`
 * writes to stderr), `exit N`, `true`, `false`, `sleep N`, `printenv NAME`, `ls PATH`,
 * `node -v`, `ruby -v`, `rails db:migrate` (also `bin/rails`, `bundle exec rails`, `rake`);
 * anything else is "command not found" (127).
 */
export function simulateCommand(app: AppRecord, line: string): CommandOutcome {
  const toStderr = /\s(1?>&2|2>&1\s*1>&2)\s*$/.test(line);
  const words = shellWords(line.replace(/\s1?>&2\s*$/, ''));
  const [cmd, ...args] = words;
  const rest = args.join(' ');
  if (words.slice(-2).join(' ') === 'db:migrate' || /^(bin\/)?(rails|rake) db:migrate$/.test(words.filter((w) => w !== 'bundle' && w !== 'exec').join(' '))) {
    return migrate();
  }
  switch (cmd) {
    case 'echo':
      return toStderr ? { ...ok(), stderr: `${rest}\n` } : ok(`${rest}\n`);
    case 'exit': {
      const code = Number.parseInt(args[0] ?? '0', 10);
      return Number.isFinite(code) && code % 256 !== 0 ? fail(code % 256, '') : ok();
    }
    case 'true':
      return ok();
    case 'false':
      return fail(1, '');
    case 'sleep': {
      const seconds = Number.parseFloat(args[0] ?? '');
      return Number.isFinite(seconds) && seconds >= 0 ? ok('', seconds) : fail(1, `sleep: invalid time interval '${args[0] ?? ''}'\nTry 'sleep --help' for more information.\n`);
    }
    case 'printenv': {
      if (!args[0]) return ok(Object.entries(app.config).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
      const value = app.config[args[0]];
      return value === undefined ? fail(1, '') : ok(`${value}\n`);
    }
    case 'ls':
      return args[0] && !['/', '/app', '.'].includes(args[0])
        ? fail(2, `ls: cannot access '${args[0]}': No such file or directory\n`)
        : ok('Procfile\napp\nbin\nconfig\npackage.json\n');
    case 'node':
      return ok('v20.11.1\n');
    case 'ruby':
      return ok('ruby 3.3.0 (2023-12-25 revision 5124f9ac75) [x86_64-linux]\n');
    default:
      return fail(127, `bash: line 1: ${cmd}: command not found\n`);
  }
}
