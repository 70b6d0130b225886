// A tiny loopback HTTP proxy for tests: absolute-form forwarding and CONNECT
// tunnels, counting everything that passes through.

import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect as netConnect, type AddressInfo } from 'node:net';

export interface CountingProxy {
  url: string;
  forwarded: string[];
  tunnels: string[];
  proxyAuth: (string | undefined)[];
  /** The Authorization header of each forwarded request: what a proxy could take. */
  authorizations: (string | undefined)[];
  close(): void;
}

export function startCountingProxy(): Promise<CountingProxy> {
  const forwarded: string[] = [];
  const tunnels: string[] = [];
  const proxyAuth: (string | undefined)[] = [];
  const authorizations: (string | undefined)[] = [];
  const server: Server = createServer((req, res) => {
    forwarded.push(`${req.method} ${req.url}`);
    proxyAuth.push(req.headers['proxy-authorization']);
    authorizations.push(req.headers.authorization);
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client, head) => {
    tunnels.push(String(req.url));
    proxyAuth.push(req.headers['proxy-authorization']);
    const [host, port] = String(req.url).split(':');
    const up = netConnect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        forwarded,
        tunnels,
        proxyAuth,
        authorizations,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}

