// Runs git for a deploy: `git push` with its output streamed (the platform's build
// comes back as `remote:` lines) and cancellable, and small read-only queries.
// No prompt can hang it (GIT_TERMINAL_PROMPT=0, no stdin); the token for the service's
// own HTTP gateway goes through a one-shot credential channel (./credentialChannel.ts),
// never on the command line, in the environment or in git's configuration.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { openCredentialChannel, type CredentialChannel } from './credentialChannel';
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
  /** The API token for one origin (the service's own HTTP gateway), given to git's first authentication only. */
  credential?: { origin: string; token: string };
  onEvent(event: PushEvent): void;
}

/** git's messages in English whatever the locale: AppHost reads them to explain failures. */
const ENGLISH = { LC_ALL: 'C', LANGUAGE: 'C' };

export function runPush(options: PushOptions): PushRun {
  let child: ChildProcess | undefined;
  let cancelled = false;
  const exit = (async (): Promise<number | null> => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...ENGLISH, GIT_TERMINAL_PROMPT: '0' };
    let channel: CredentialChannel | undefined;
    try {
      if (options.credential) {
        channel = await openCredentialChannel(options.credential.origin, options.credential.token, env);
        Object.assign(env, channel.env);
      }
      if (cancelled) return null;
      return await spawnPush(options, env, (c) => (child = c));
    } catch (error) {
      options.onEvent({ kind: 'git', text: `fatal: ${error instanceof Error ? error.message : String(error)}` });
      return -1;
    } finally {
      channel?.close();
    }
  })();
  return {
    exit,
    cancel: () => {
      cancelled = true;
      if (child && child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

function spawnPush(options: PushOptions, env: NodeJS.ProcessEnv, started: (child: ChildProcess) => void): Promise<number | null> {
  const args = ['push', '--progress', ...(options.force ? ['--force'] : []), options.remote, options.refspec];
  const child = spawn(options.gitPath, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started(child);
  const parser = new PushOutputParser();
  const emit = (events: PushEvent[]) => events.forEach((e) => options.onEvent(e));
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => emit(parser.feed(chunk)));
  child.stdout.resume(); // git push reports on stderr
  return new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      options.onEvent({ kind: 'git', text: `fatal: ${error.message}` });
      resolve(-1);
    });
    child.on('close', (code, signal) => {
      emit(parser.end());
      resolve(signal ? null : code);
    });
  });
}

/** Runs a read-only git command and returns its stdout (trimmed); undefined when git failed. */
export function gitOutput(gitPath: string, cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(gitPath, args, { cwd, env: { ...process.env, ...ENGLISH, GIT_TERMINAL_PROMPT: '0' }, timeout: 15_000 }, (error, stdout) => resolve(error ? undefined : stdout.trim()));
  });
}
