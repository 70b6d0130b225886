// Runs git for a deploy: `git push` with its output streamed (the platform's build
// comes back as `remote:` lines) and cancellable, and small read-only queries.
// No prompt can hang it (GIT_TERMINAL_PROMPT=0, no stdin). A push that carries the token
// for the service's own HTTP gateway gets it through a one-shot credential channel
// (./credentialChannel.ts), never on the command line, in the environment or in git's
// configuration; its way there is checked and pinned (./pushTransport.ts), and git sees
// only an allow-listed part of the extension host's environment (trustedGitEnv).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { openCredentialChannel, type CredentialChannel } from './credentialChannel';
import { PushOutputParser, type PushEvent } from './pushOutput';
import { transportMessage, transportPins, transportProblems, type GitRun, type TransportProblem } from './pushTransport';

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
  credential?: PushCredential;
  onEvent(event: PushEvent): void;
}

export interface PushCredential {
  /** e.g. `https://git.example.com`: the only origin git gets the token for. */
  origin: string;
  token: string;
  /** The URL git pushes to (the remote's, after insteadOf): its transport is checked and pinned. */
  url: string;
  /** The proxy AppHost's own requests use for that URL (pushTransport.ts apiProxyFor). */
  proxy?: string;
}

/** git's messages in English whatever the locale: AppHost reads them to explain failures. */
const ENGLISH = { LC_ALL: 'C', LANGUAGE: 'C' };

/**
 * What git keeps of the extension host's environment when AppHost's token is at stake. That
 * environment is every extension's to change (process.env is shared): GIT_TRACE_CURL with
 * GIT_TRACE_REDACT=0, GIT_SSL_NO_VERIFY, GIT_CONFIG_*, GIT_EXEC_PATH, HTTPS_PROXY,
 * SSLKEYLOGFILE, LD_PRELOAD… would each hand the token to someone. git needs only to find
 * programs, its user's configuration and a temporary folder; a proxy comes deliberately,
 * as configuration (pushTransport.ts). Hooks run with this environment too.
 */
const KEPT = /^(PATH|HOME|USER|LOGNAME|SHELL|TMPDIR|TZ|LANG|LC_[A-Z]+|XDG_CONFIG_HOME|SYSTEMROOT|SYSTEMDRIVE|WINDIR|COMSPEC|PATHEXT|USERPROFILE|USERNAME|HOMEDRIVE|HOMEPATH|APPDATA|LOCALAPPDATA|PROGRAMDATA|PROGRAMFILES|TEMP|TMP)$/i;

export function trustedGitEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (value !== undefined && KEPT.test(name)) env[name] = value;
  return { ...env, ...ENGLISH, GIT_TERMINAL_PROMPT: '0' };
}

/** Configuration for one git run in its environment (command scope: read after every file). */
export function configEnv(entries: [string, string][]): Record<string, string> {
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(entries.length) };
  entries.forEach(([k, v], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = k;
    env[`GIT_CONFIG_VALUE_${i}`] = v;
  });
  return env;
}

export function runPush(options: PushOptions): PushRun {
  let child: ChildProcess | undefined;
  let cancelled = false;
  const exit = (async (): Promise<number | null> => {
    const { credential } = options;
    // SSH pushes carry no token of AppHost's: the user's environment (agent, GIT_SSH_COMMAND) serves them.
    const env: NodeJS.ProcessEnv = credential ? trustedGitEnv() : { ...process.env, ...ENGLISH, GIT_TERMINAL_PROMPT: '0' };
    let channel: CredentialChannel | undefined;
    try {
      if (credential) {
        // Checked again right before the push: the repository's files may have changed since the deploy's checks.
        const problems = await pushTransportProblems(options.gitPath, options.cwd, credential, options.remote);
        if (problems.length) throw new Error(transportMessage(problems, credential.url));
        channel = await openCredentialChannel(credential.origin, credential.token);
        // Only the push's own scheme: no `remote.<name>.vcs` or `<helper>::` rewrite runs a program in its
        // place that could ask for the credential (git lets this override every file; hooks inherit it).
        env.GIT_ALLOW_PROTOCOL = new URL(credential.origin).protocol.replace(/:$/, '');
        Object.assign(env, configEnv([...transportPins(credential.url, options.remote, credential.proxy), ...channel.config]));
      }
      if (cancelled) return null;
      return await spawnPush(options, env, (c) => (child = c), channel);
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

function spawnPush(options: PushOptions, env: NodeJS.ProcessEnv, started: (child: ChildProcess) => void, channel?: CredentialChannel): Promise<number | null> {
  const args = ['push', '--progress', ...(options.force ? ['--force'] : []), options.remote, options.refspec];
  // The credential channel's pipe is git's file descriptor 3.
  const child = spawn(options.gitPath, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe', channel ? 'pipe' : 'ignore'] });
  started(child);
  const stdout = child.stdio[1] as Readable;
  const stderr = child.stdio[2] as Readable;
  channel?.attach(child.stdio[3] as Writable | null);
  const parser = new PushOutputParser();
  const emit = (events: PushEvent[]) => events.forEach((e) => options.onEvent(e));
  stderr.setEncoding('utf8');
  stderr.on('data', (chunk: string) => emit(parser.feed(chunk)));
  stdout.resume(); // git push reports on stderr
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

/**
 * What in git's configuration would let others read the token on its way to `credential.url`
 * (pushTransport.ts), read as the push reads it (the same environment).
 */
export function pushTransportProblems(gitPath: string, cwd: string, credential: PushCredential, remote: string): Promise<TransportProblem[]> {
  return transportProblems(gitRaw(gitPath, cwd), cwd, credential.url, remote, credential.proxy);
}

/** Runs a read-only git command and returns its stdout (trimmed); undefined when git failed. */
export async function gitOutput(gitPath: string, cwd: string, args: string[]): Promise<string | undefined> {
  return (await gitRaw(gitPath, cwd)(args))?.trim();
}

/** Read-only git, with the environment a token's push has: what it reads is what the push will. */
function gitRaw(gitPath: string, cwd: string): GitRun {
  return (args) => new Promise((resolve) => {
    execFile(gitPath, args, { cwd, env: trustedGitEnv(), timeout: 15_000 }, (error, stdout) => resolve(error ? undefined : stdout));
  });
}
