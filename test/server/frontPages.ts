// The error pages the fronts answer with (front.ts), read from the files that serve them.
// Each keeps its title and words; long stylesheets, the SVG logo and the reload script are
// left out (AppHost never shows an HTML body: it reads the status).

/**
 * Dokku's nginx (plugins/nginx-vhosts/templates/nginx.conf.sigil) sends its own pages, not
 * nginx's built-in ones: `error_page 400 … 413 … /400-error.html` and
 * `error_page 500 … 504 … /500-error.html` (over https, a 502 gets 502-error.html).
 */
const dokkuPage = (title: string, heading: string, tag: 'h1' | 'h2'): string => `<!DOCTYPE html>
<html>
<head>
  <title>${title}</title>
  <meta name="viewport" content="width=device-width,initial-scale=1">
</head>

<body>
  <div>
    <${tag}>${heading}</${tag}>
    <p>If you are the application owner check the logs for more information.</p>
  </div>
</body>
</html>
`;

/** templates/400-error.html: what a 413 (client-max-body-size) carries. */
export const DOKKU_400_PAGE = dokkuPage('The page you were looking for cannot be served (4xx)', 'The page you were looking for cannot be served.', 'h2');
/** templates/500-error.html: what a 502 or 504 (proxy-read-timeout) carries over http. */
export const DOKKU_500_PAGE = dokkuPage('We\'re sorry, but something went wrong (500)', 'We\'re sorry, but something went wrong.', 'h1');

const wokkuPage = (status: number, heading: string, words: string): string => `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${status} — Wokku</title>
  <meta name="viewport" content="width=device-width,initial-scale=1">
  <meta name="robots" content="noindex">
</head>
<body>
  <main class="card">
    <div class="brand">Wokku</div>
    <div class="code">${status}</div>
    <h1>${heading}</h1>
    <p>${words}</p>
    <div class="status"><span class="dot"></span>Retrying automatically</div>
    <footer>Powered by <a href="https://wokku.cloud">wokku.cloud</a></footer>
  </main>
</body>
</html>
`;

/** wokku's public/kamal-errors/504.html, served by kamal-proxy when the target does not answer in time. */
export const KAMAL_504_PAGE = wokkuPage(504, 'Gateway timeout', 'The upstream took too long to respond. A single slow request or an overloaded process is the usual cause.');
/** wokku's public/kamal-errors/502.html, served by kamal-proxy when the target dropped the request. */
export const KAMAL_502_PAGE = wokkuPage(502, 'Something\'s off on our end', 'The app\'s upstream didn\'t answer in time. If you\'re the owner, check your logs — a crash, deploy in flight, or a health-check miss usually shows up right away.');

/** kamal-proxy's own internal/pages/413.html (wokku ships no 413.html, so the root pages answer). */
export const KAMAL_413_PAGE = `<!doctype html>

<html lang="en">

  <head>

    <title>413 — Content Too Large</title>

    <meta charset="utf-8">
    <meta name="viewport" content="initial-scale=1, width=device-width">
  </head>

  <body>

    <main>
      <article>
        <p><strong>The file or data you are trying to upload exceeds the allowed size.</strong> Please try again<br> with a smaller file. If you continue to see this error, contact the application owner.</p>
      </article>
    </main>

  </body>

</html>
`;
