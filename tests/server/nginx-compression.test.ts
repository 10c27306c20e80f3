import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxPath, startBalancer, type Balancer } from '../../e2e/support/balancer.ts';
import { freePort } from '../support/ports.ts';

const hasNginx = fs.existsSync(nginxPath);
if (!hasNginx)
  console.warn(`nginx compression tests skipped: nginx is not installed at ${nginxPath} (apt-get install -y nginx; npm test installs it when run as root).`);

const list = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ customerId: i, name: `Customer ${i}` })) });
const script = 'export const answer = 42;\n'.repeat(200);

/** What a server process sends: a JSON list as it is, and a script it already compressed. */
function upstream(): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url === '/assets/app.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'br', vary: 'Accept-Encoding' });
      response.end(zlib.brotliCompressSync(script));
      return;
    }
    // With its length, as Fastify sends a JSON answer (nginx judges gzip_min_length by it).
    const body = request.url === '/api/alltrac/short' ? '{"ok":true}' : list;
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

/** A raw GET through nginx: the body as it crossed the wire, not decoded. */
function rawGet(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe.runIf(hasNginx)('ops/nginx/alltrac.conf in front of the processes', () => {
  let processes: Awaited<ReturnType<typeof upstream>>;
  let balancer: Balancer;
  beforeAll(async () => {
    processes = await upstream();
    balancer = await startBalancer(await freePort(), [processes.port, processes.port]);
  });
  afterAll(async () => {
    await balancer?.stop();
    await processes?.close();
  });

  it('gzips an answer the process sent uncompressed, for a browser that takes gzip', async () => {
    const answer = await rawGet(`${balancer.url}/api/alltrac/customers`, 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(answer.body).toString()).toBe(list);
  });

  it('passes an answer the process compressed through as it is', async () => {
    const answer = await rawGet(`${balancer.url}/assets/app.js`, 'br, gzip');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('leaves an answer under a kilobyte, and any answer to a browser that takes no compression, as they are', async () => {
    const short = await rawGet(`${balancer.url}/api/alltrac/short`, 'gzip');
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.body.toString()).toBe('{"ok":true}');
    const plain = await rawGet(`${balancer.url}/api/alltrac/customers`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(list);
  });
});
