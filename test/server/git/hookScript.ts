// The pre-receive hook of every app repository of the git gateway. git runs it inside
// `git receive-pack` (itself run by `git http-backend`) with the pushed objects still in
// quarantine; it reads what the server needs from them (commit subject, a FAIL_BUILD
// file) and hands the ref updates to the server, whose answer streams back line by
// line: git sends each one to the pushing client as a `remote:` line, live. The last
// line carries the exit code: non-zero rejects the push, as Dokku does for a failed build.

/** Marks the server's last line: `\0exit <code>`. */
export const EXIT_MARKER = '\u0000exit ';

/** Plain Node (CommonJS, no dependencies): it runs with whatever node runs the server. */
export const HOOK_JS = `'use strict';
const { execFileSync } = require('node:child_process');
const git = (args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => main().catch((e) => { process.stdout.write('Deploy failed: ' + (e && e.message || e) + '\\n'); process.exit(1); }));
async function main() {
  const refs = input.split('\\n').filter(Boolean).map((l) => { const [oldSha, newSha, ref] = l.split(' '); return { oldSha, newSha, ref }; });
  for (const r of refs) {
    if (/^0+$/.test(r.newSha)) continue;
    r.subject = git(['log', '-1', '--format=%s', r.newSha]).trim();
    try { r.failBuild = git(['show', r.newSha + ':FAIL_BUILD']); } catch { /* no such file: the build succeeds */ }
  }
  const res = await fetch(process.env.APPHOST_GIT_HOOK_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refs }) });
  const decoder = new TextDecoder();
  let buffer = '';
  let code = 1;
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let i;
    while ((i = buffer.indexOf('\\n')) >= 0) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      if (line.startsWith(${JSON.stringify(EXIT_MARKER)})) code = Number(line.slice(${EXIT_MARKER.length}));
      else process.stdout.write(line + '\\n');
    }
  }
  process.exit(code);
}
`;

/** The hook itself: a shell script that runs the Node part with the server's own node. */
export function preReceiveScript(nodePath: string, hookJsPath: string): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  // Inside Electron (a desktop VS Code extension host) the binary is node only with this variable.
  return `#!/bin/sh\nELECTRON_RUN_AS_NODE=1 exec ${quote(nodePath)} ${quote(hookJsPath)}\n`;
}
