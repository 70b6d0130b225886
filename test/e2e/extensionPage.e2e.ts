// The extension's details page in the Extensions view shows the README with its
// pictures. VS Code shows only https images there, so vsce rewrites the README's
// relative picture links against a base URL at packaging time (a public repository
// for a release); here a local https server plays that host.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import selfsigned from 'selfsigned';
import { until } from '../support/wait';
import { packageExtension } from '../vscode/packageExtension';
import { REPO_ROOT } from '../vscode/tools';
import { shows } from './gesture';
import { Workbench } from './workbench';
import { patient } from '../support/patience';

/** Serves media/screenshots/ over https on 127.0.0.1, with a throwaway certificate. */
async function pictureHost(): Promise<{ server: Server; url: string }> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], { notAfterDate: new Date(Date.now() + 86_400_000), extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }] });
  const root = join(REPO_ROOT, 'media', 'screenshots');
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const file = normalize(join(REPO_ROOT, decodeURIComponent(new URL(req.url ?? '/', 'https://x').pathname)));
    if (!file.startsWith(root) || !file.endsWith('.png')) return void res.writeHead(404).end();
    try {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*' }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('journey: the extension\'s page in the Extensions view', () => {
  let host: { server: Server; url: string };
  let workbench: Workbench;

  before(async function () {
    this.timeout(patient(180_000));
    host = await pictureHost();
    const vsix = packageExtension(join(REPO_ROOT, 'test-results', 'apphost-page.vsix'), host.url);
    workbench = await Workbench.open({ vsix });
  });
  after(async () => {
    await workbench?.close();
    host?.server.close();
  });

  it('shows the README with its pictures, as installed from the .vsix', async () => {
    const page = workbench.page;
    await workbench.openAppHostView(); // the workbench and its extensions are up
    // On a cold first start the Extensions view's commands register after the workbench
    // shows: runCommand waits until the palette lists this one.
    await workbench.runCommand('Extensions: Show Installed Extensions');
    const name = page.locator('.extension-editor .name', { hasText: 'AppHost' });
    await workbench.click(page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'AppHost' }).first(), () => shows(name), 'AppHost in the Extensions view');
    // The README is a webview (an overlay iframe holding the active frame): find its frame.
    const selector = 'img[alt^="The AppHost view"], img[alt^="A log tail"]';
    // Read again until both pictures decoded (the webview loads after the editor shows).
    const read = async () => {
      for (const frame of page.frames()) {
        // Runs in the page: each picture's decoded width (0 when it did not load).
        type Img = { decode(): Promise<void>; naturalWidth: number };
        const found = await frame.locator(selector).evaluateAll((imgs) => Promise.all((imgs as unknown as Img[]).map((img) => img.decode().then(() => img.naturalWidth, () => 0)))).catch(() => [] as number[]);
        if (found.length) return found;
      }
      return [];
    };
    let widths: number[] = [];
    await until('the README\'s pictures', async () => (widths = await read()).length >= 2 && widths.every((w) => w > 100), 30_000).catch(() => undefined);
    assert.equal(widths.length, 2, 'the tree and the log tail at the top');
    assert.ok(widths.every((w) => w > 100), `a picture did not load: ${widths.join(', ')}`);
    await workbench.screenshot('extension-page');
  });
});
