// Reading what `git push` prints (pure, no vscode). The platform's build runs inside the
// push: its output reaches the client as `remote:` lines, which are the live build log.
// Everything else is git's own: progress (`Writing objects:  50% (1/2)\r`), the ref
// report (`! [rejected] main -> main (fetch first)`) and errors (`fatal: …`).

export type PushEvent =
  /** A line of the build (without `remote: `, escape codes or git's padding). */
  | { kind: 'remote'; text: string }
  /** A progress line of git itself, rewritten in place by git (`\r`). */
  | { kind: 'progress'; text: string }
  /** Any other complete line of git's output. */
  | { kind: 'git'; text: string };

// CSI sequences (colours, Dokku's `ESC[1G ESC[K` that hides the `remote: ` prefix in terminals).
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** Splits git's stderr, chunk by chunk, into events. */
export class PushOutputParser {
  private pending = '';

  /** Feeds a chunk; returns the events of every line it completes. */
  feed(chunk: string): PushEvent[] {
    this.pending += chunk;
    const events: PushEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.pending.length; i++) {
      const c = this.pending[i];
      if (c === '\n') {
        events.push(...this.line(this.pending.slice(start, i), false));
        start = i + 1;
      } else if (c === '\r') {
        // ssh ends its lines with \r\n; a lone \r rewrites the line (progress). Wait for the next chunk to tell.
        if (i + 1 === this.pending.length) break;
        const crlf = this.pending[i + 1] === '\n';
        events.push(...this.line(this.pending.slice(start, i), !crlf));
        if (crlf) i++;
        start = i + 1;
      }
    }
    this.pending = this.pending.slice(start);
    return events;
  }

  /** The last, unterminated line. */
  end(): PushEvent[] {
    const rest = this.pending.replace(/\r$/, '');
    this.pending = '';
    return rest ? this.line(rest, false) : [];
  }

  private line(raw: string, rewritten: boolean): PushEvent[] {
    const remote = /^remote: ?(.*)$/s.exec(raw);
    if (remote) {
      const text = remote[1].replace(ESCAPES, '').replace(/\s+$/, '');
      // A remote progress line (e.g. "Resolving deltas: 50%") is not part of the build log.
      if (rewritten) return text ? [{ kind: 'progress', text }] : [];
      return [{ kind: 'remote', text }];
    }
    const text = raw.replace(ESCAPES, '').replace(/\s+$/, '');
    if (!text) return [];
    return [{ kind: rewritten ? 'progress' : 'git', text }];
  }
}

/**
 * What went wrong with a push, from its output: the platform rejected the build, git
 * refused (non-fast-forward), credentials, the remote or its host, or nothing to push.
 */
export type PushProblem =
  | 'ok'
  | 'upToDate'
  | 'buildFailed'
  | 'nonFastForward'
  | 'authentication'
  | 'forbidden'
  | 'noSuchApp'
  | 'noSuchRemote'
  | 'unknownHost'
  | 'hostKey'
  /** git's own certificate check of an https remote failed. */
  | 'certificate'
  | 'connection'
  | 'cancelled'
  | 'other';

export interface PushOutcome {
  problem: PushProblem;
  /** git's line that tells it (for the message and the log). */
  detail?: string;
}

const RULES: [PushProblem, RegExp][] = [
  ['buildFailed', /\[remote rejected\].*\((pre-receive hook declined|pre-receive hook declined.*)\)/],
  ['nonFastForward', /\[rejected\].*\((non-fast-forward|fetch first|stale info)\)|Updates were rejected because/],
  ['hostKey', /Host key verification failed|REMOTE HOST IDENTIFICATION HAS CHANGED/],
  ['certificate', /SSL certificate problem|server certificate verification failed|certificate verify failed|SSL: no alternative certificate subject name|SSL: certificate subject name|schannel: .*certificate|SEC_E_UNTRUSTED_ROOT|SEC_E_CERT_EXPIRED/i],
  ['authentication', /Permission denied \((publickey|password|keyboard-interactive)[^)]*\)|Authentication failed|could not read (Username|Password)|returned error: 401|Invalid username or password|key not recognized/i],
  ['forbidden', /returned error: 403|^Permission denied$|access denied|has no access to/im],
  ['noSuchApp', /repository '[^']*' not found|returned error: 404|App '[^']*' not found|no app named/i],
  ['unknownHost', /Could not resolve host(name)?|Name or service not known|nodename nor servname provided/i],
  ['connection', /Connection refused|Connection timed out|Operation timed out|Failed to connect|Could not connect|Connection reset|Network is unreachable/i],
];

/** Classifies a finished push from its exit code and git's own lines (not the build's). */
export function pushOutcome(exitCode: number | null, gitLines: readonly string[], remoteName: string): PushOutcome {
  const text = gitLines.join('\n');
  if (exitCode === 0) return { problem: /Everything up-to-date/.test(text) ? 'upToDate' : 'ok' };
  // "fatal: 'wokku' does not appear to be a git repository": the remote's name is unknown.
  const missing = new RegExp(`'${remoteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}' does not appear to be a git repository`);
  if (missing.test(text)) return { problem: 'noSuchRemote', detail: gitLines.find((l) => missing.test(l)) };
  for (const [problem, pattern] of RULES) {
    const line = gitLines.find((l) => pattern.test(l));
    if (line) return { problem, detail: line.replace(/^(fatal|error): /, '') };
  }
  if (/does not appear to be a git repository/.test(text)) return { problem: 'noSuchApp', detail: gitLines.find((l) => l.includes('does not appear')) };
  const last = [...gitLines].reverse().find((l) => /^(fatal|error):/.test(l)) ?? gitLines.at(-1);
  return { problem: 'other', detail: last?.replace(/^(fatal|error): /, '') };
}
