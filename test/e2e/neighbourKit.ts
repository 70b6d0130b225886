// What the neighbour journey (neighbour.e2e.ts) needs beside the workbench: a forward proxy
// that records the credentials it is handed, the user who declines every question AppHost
// asks while the neighbour acts, and the service's requests matched to the neighbour's tries.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { RequestLogEntry } from '../server/requestLog';
import { patient } from '../support/patience';
import { ACT_TIMEOUT, CHECK_TIMEOUT, gesture } from './gesture';
import type { Try } from './spy/neighbourTries';
import type { Workbench } from './workbench';

export interface ProxiedRequest {
  method: string;
  /** The absolute URL asked for (`host:port` for CONNECT). */
  target: string;
  /** Authorization (Proxy-Authorization for CONNECT) as the proxy received it. */
  authorization?: string;
  at: number;
}

export interface RecordingProxy {
  /** e.g. http://127.0.0.1:41234, what `http.proxy` is set to. */
  url: string;
  readonly seen: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * A working HTTP forward proxy, as a neighbour would run one: plain requests (git over http,
 * the reference service's gateway) are forwarded to their origin and answered, so the push
 * goes through; CONNECT (https) is tunnelled. It records every request's Authorization.
 */
export async function startRecordingProxy(): Promise<RecordingProxy> {
  const seen: ProxiedRequest[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', target: req.url ?? '', authorization: req.headers.authorization, at: Date.now() });
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute URLs only');
      return;
    }
    const upstream = httpRequest({ host: url.hostname, port: url.port || 80, path: `${url.pathname}${url.search}`, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, socket, head) => {
    seen.push({ method: 'CONNECT', target: req.url ?? '', authorization: req.headers['proxy-authorization'], at: Date.now() });
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port) || 443, host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Whether an Authorization value carries the token: Basic `user:token` (what git sends) or Bearer. */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  if (!authorization) return false;
  const basic = /^\s*Basic\s+(\S+)/i.exec(authorization);
  return (basic ? Buffer.from(basic[1], 'base64').toString('utf8') : authorization).includes(token);
}

/** A question AppHost asked while the neighbour acted: its text as shown, when it was seen. */
export interface Question {
  text: string;
  at: number;
}

/**
 * The user who declines: until `done()`, every modal dialog is answered Cancel (Escape on a
 * retry) and every quick input that shows is closed, each recorded first. `first` runs once,
 * with the first question still showing (its picture).
 */
export async function declineQuestions(workbench: Workbench, done: () => boolean, questions: Question[], first?: () => Promise<unknown>, deadlineMs = patient(300_000)): Promise<void> {
  const page = workbench.page;
  const dialog = page.locator('.monaco-dialog-box').first();
  const picker = workbench.quickInput();
  const deadline = Date.now() + deadlineMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`the neighbour did not finish within ${Math.round(deadlineMs / 1000)} s (questions declined: ${questions.length})`);
    // A question shows, or a second passes and the neighbour is asked again whether it is done.
    const shown = await dialog.or(picker).filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 1_000 }).then(() => true, () => false);
    if (!shown) continue;
    if (await picker.isVisible()) {
      questions.push({ text: `(picker) ${(await picker.innerText().catch(() => '')).trim().slice(0, 300)}`, at: Date.now() });
      if (questions.length === 1) await first?.();
      await workbench.escape(picker, 'close the picker AppHost showed');
      continue;
    }
    const box = await dialog.elementHandle({ timeout: ACT_TIMEOUT }).catch(() => null);
    if (!box) continue;
    // The question, then what it says will happen (the buttons come first in the box's text).
    const part = async (selector: string) => ((await box.$(selector))?.innerText() ?? Promise.resolve('')).catch(() => '');
    const text = [await part('.dialog-message-text'), await part('.dialog-message-detail')].map((t) => t.trim()).filter(Boolean).join('\n')
      || (await box.innerText().catch(() => '')).trim();
    questions.push({ text, at: Date.now() });
    if (questions.length === 1) await first?.();
    // Cancel is VS Code's own button on every modal of an extension; Escape answers the same.
    await gesture(`decline "${text.split('\n')[0].slice(0, 80)}"`, async (attempt) => {
      const buttons = await box.$$('.monaco-button');
      const texts = await Promise.all(buttons.map((b) => b.innerText().catch(() => '')));
      const cancel = buttons[texts.findIndex((t) => t.trim() === 'Cancel')];
      if (cancel && attempt === 1) await cancel.click({ timeout: ACT_TIMEOUT });
      else await page.keyboard.press('Escape');
    }, () => box.waitForElementState('hidden', { timeout: CHECK_TIMEOUT }).then(() => true, () => false));
  }
}

/** Whether something seen at `at` happened during the try (a question it asked, a request it caused). */
export function during(t: Try | undefined): (x: { at: number }) => boolean {
  return (x) => !!t && x.at >= t.start && x.at <= t.end;
}

/** A request of `git push`: the gateway's receive-pack, advertised or posted. */
export function isPush(e: RequestLogEntry): boolean {
  return e.path.includes('/git/') && (e.path.endsWith('/git-receive-pack') || e.query.service === 'git-receive-pack');
}

/** A request that acts on an app: start, stop, restart. */
export function isLifecycle(e: RequestLogEntry): boolean {
  return e.method === 'POST' && /\/apps\/[^/]+\/(start|stop|restart)$/.test(e.path);
}

/** A request that writes an app's settings, config vars or health checks. */
export function isDocumentWrite(e: RequestLogEntry): boolean {
  return e.method !== 'GET' && e.method !== 'HEAD' && /\/apps\/[^/]+(\/(config|checks|buildpacks)(\/.*)?)?$/.test(e.path);
}
