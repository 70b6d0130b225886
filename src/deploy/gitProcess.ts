// Runs git for a deploy: `git push` with its output streamed (the platform's build
// comes back as `remote:` lines) and cancellable, and small read-only queries.
// No prompt can hang it (GIT_TERMINAL_PROMPT=0, no stdin); credentials for the
// service's own HTTP gateway travel in the environment, never on the command line.
import { execFile, spawn } from 'node:child_process';
import { PushOutputParser, type PushEvent } from './pushOutput';

export interface PushRun {
  /** Resolves with git's exit code (null when it was killed). */
  readonly exit: Promise<number | null>;
  cancel(): void;
}

export interface PushOptions {
  gitPath: string;
  cwd: string;
  remote: string;
  /** e.g. `HEAD:refs/heads/main`. */
  refspec: string;
  force?: boolean;
  /** An HTTP header for one origin (`http.<origin>/.extraHeader`), e.g. the API token for the service's gateway. */
  header?: { origin: string; value: string };
  onEvent(event: PushEvent): void;
}

/** git's messages in English whatever the locale: AppHost reads them to explain failures. */
const ENGLISH = { LC_ALL: 'C', LANGUAGE: 'C' };

export function runPush(options: PushOptions): PushRun {
  const env: NodeJS.ProcessEnv = { ...process.env, ...ENGLISH, GIT_TERMINAL_PROMPT: '0' };
  if (options.header) {
    // GIT_CONFIG_COUNT/KEY/VALUE: configuration for this run only, appended to any the user set.
    const n = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10) || 0;
    env[`GIT_CONFIG_KEY_${n}`] = `http.${options.header.origin}/.extraHeader`;
    env[`GIT_CONFIG_VALUE_${n}`] = options.header.value;
    env.GIT_CONFIG_COUNT = String(n + 1);
  }
  const args = ['push', '--progress', ...(options.force ? ['--force'] : []), options.remote, options.refspec];
  const child = spawn(options.gitPath, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const parser = new PushOutputParser();
  const emit = (events: PushEvent[]) => events.forEach((e) => options.onEvent(e));
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => emit(parser.feed(chunk)));
  child.stdout.resume(); // git push reports on stderr
  const exit = new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      options.onEvent({ kind: 'git', text: `fatal: ${error.message}` });
      resolve(-1);
    });
    child.on('close', (code, signal) => {
      emit(parser.end());
      resolve(signal ? null : code);
    });
  });
  return {
    exit,
    cancel: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/** Runs a read-only git command and returns its stdout (trimmed); undefined when git failed. */
export function gitOutput(gitPath: string, cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(gitPath, args, { cwd, env: { ...process.env, ...ENGLISH, GIT_TERMINAL_PROMPT: '0' }, timeout: 15_000 }, (error, stdout) => resolve(error ? undefined : stdout.trim()));
  });
}
