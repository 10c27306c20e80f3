import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../build/precompress.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A chunk the size of a real one: repetitive enough to compress, as code is. */
const chunk = Array.from({ length: 400 }, (_, i) => `export const line${i} = "tire ${i % 17} of the counter";`).join('\n');

let root: string;
let t: TestApp;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-compression-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>AllTrac</title><script type="module" src="/assets/app-1.js"></script>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), chunk);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-1.js'), 'export {};\n');
  await precompressDirectory(dist);
  t = await createTestApp({ root });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built app as sent', () => {
  it('has a brotli and a gzip copy of each text file of a kilobyte or more, and none of a smaller one', () => {
    const assets = fs.readdirSync(path.join(root, 'dist', 'assets')).sort();
    expect(assets).toEqual(['app-1.js', 'app-1.js.br', 'app-1.js.gz', 'tiny-1.js']);
  });

  it('sends the brotli copy to a browser that takes brotli, with the script type and a Vary header', async () => {
    const response = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(chunk.length / 5);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(chunk);
  });

  it('sends the gzip copy to a browser that takes only gzip, and the file itself to one that takes neither', async () => {
    const gzipped = await get('/assets/app-1.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(chunk);
    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });

  it('sends a small file as it is, whatever the browser takes', async () => {
    const response = await get('/assets/tiny-1.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};\n');
  });
});

describe('the API as sent', () => {
  it('compresses an answer of a kilobyte or more for a caller that takes it, and leaves a short one as it is', async () => {
    const token = await accessTokenFor(t.app, 'admin@demo.test');
    const store = (await demoStoreIds(t.db))[101]!;
    const call = (path: string, encoding?: string) =>
      apiCall(t.app, { method: 'GET', path, token, store, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await call(apiPaths.storeServices);
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const compressed = await call(apiPaths.storeServices, 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    const gzipped = await call(apiPaths.storeServices, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    const short = await call('/api/alltrac/no-such-call', 'br');
    expect(short.statusCode).toBe(404);
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.json()).toMatchObject({ status: 404 });
  });
});
