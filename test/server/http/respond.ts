// Writing responses, including the fault modes that change bodies on the way out.

import type { ServerResponse } from 'node:http';

export const NOT_FOUND_HTML = `<!DOCTYPE html>
<html>
<head>
  <title>The page you were looking for doesn't exist (404)</title>
  <meta name="viewport" content="width=device-width,initial-scale=1">
</head>
<body>
  <div class="dialog">
    <h1>The page you were looking for doesn't exist.</h1>
    <p>You may have mistyped the address or the page may have moved.</p>
  </div>
</body>
</html>
`;

const RAILS_PAGES: Record<number, [string, string]> = {
  400: ['The server cannot process the request due to a client error (400 Bad Request)', 'The server cannot process the request due to a client error.'],
  422: ['The change you wanted was rejected (422 Unprocessable Entity)', 'The change you wanted was rejected.'],
  500: ["We're sorry, but something went wrong (500 Internal Server Error)", "We're sorry, but something went wrong."],
};

/** Rails' public/<status>.html, sent when the client did not ask for JSON. */
export function railsPage(status: number): string {
  const page = RAILS_PAGES[status];
  if (!page) return NOT_FOUND_HTML;
  return NOT_FOUND_HTML.replace(/<title>.*<\/title>/, `<title>${page[0]}</title>`).replace(/<h1>.*<\/h1>/, `<h1>${page[1]}</h1>`).replace(/\n {4}<p>.*<\/p>/, '');
}

/** Rails picks JSON for its error pages only when `Accept` starts with a JSON type. */
export function wantsJson(accept: string | undefined): boolean {
  return /^\s*application\/([\w.+-]*\+)?json/i.test(accept ?? '');
}

export interface SendOptions {
  /** Cut the JSON in half (fault mode "malformed JSON"). */
  malformed?: boolean;
  /** Answer 404s with the framework's HTML page (fault mode). */
  htmlNotFound?: boolean;
}

export function sendText(res: ServerResponse, status: number, text: string, type: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, opts: SendOptions = {}): void {
  if (status === 404 && opts.htmlNotFound) {
    sendText(res, 404, NOT_FOUND_HTML, 'text/html; charset=utf-8', headers);
    return;
  }
  let text = JSON.stringify(body ?? null);
  if (opts.malformed) text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  sendText(res, status, text, 'application/json; charset=utf-8', headers);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  sendText(res, status, html, 'text/html; charset=utf-8');
}
