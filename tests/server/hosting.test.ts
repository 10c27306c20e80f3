import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { archiveAssets, assetArchiveDir } from '../../server/http/hosting-rules.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const immutable = 'public, max-age=31536000, immutable';

/** A build in `root/dist` as vite leaves one: dist emptied, then the shell and this build's chunk written. */
function build(root: string, chunk: string): void {
  const dist = path.join(root, 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>AllTrac</title><script type="module" src="/assets/${chunk}"></script>`);
  fs.writeFileSync(path.join(dist, 'public.html'), '<!doctype html><title>AllTrac</title><script type="module" src="/assets/public-1.js"></script>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting();\n');
  fs.writeFileSync(path.join(dist, 'registerSW.js'), "navigator.serviceWorker.register('/sw.js');\n");
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"AllTrac Staff"}');
  fs.writeFileSync(path.join(dist, 'assets', chunk), `console.log('${chunk}');\n//# sourceMappingURL=${chunk}.map`);
  fs.writeFileSync(path.join(dist, 'assets', `${chunk}.map`), '{"version":3,"sources":["../src/secret.ts"]}');
}

const roots: string[] = [];
function builtRoot(chunk: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-hosting-'));
  roots.push(root);
  build(root, chunk);
  return root;
}
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

const behindProxy = { PUBLIC_URL: 'https://app.example.com', TRUST_PROXY: '127.0.0.1' };
const overHttp = (host: string) => ({ host, 'x-forwarded-proto': 'http' });
const overHttps = (host: string) => ({ host, 'x-forwarded-proto': 'https' });

describe('hosting rules (spec section 9)', () => {
  let proxied: TestApp;
  let httpPublic: TestApp;
  let noProxy: TestApp;
  beforeAll(async () => {
    const root = builtRoot('app-1.js');
    [proxied, httpPublic, noProxy] = await Promise.all([
      createTestApp({ root, env: behindProxy }),
      createTestApp({ root, env: { PUBLIC_URL: 'http://app.example.com', TRUST_PROXY: '127.0.0.1' } }),
      createTestApp({ root, env: { PUBLIC_URL: 'https://app.example.com' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([proxied?.close(), httpPublic?.close(), noProxy?.close()]);
  });

  it('upgrade a GET that reached the proxy over http to https with a 301, keeping host, path and query', async () => {
    const response = await proxied.app.inject({ method: 'GET', url: '/scheduler-dayview?date=2026-11-25&store=101', headers: overHttp('app.example.com') });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://app.example.com/scheduler-dayview?date=2026-11-25&store=101');
  });

  it('upgrade a POST over http with a 308, so the browser sends its body again to the https address', async () => {
    const response = await proxied.app.inject({
      method: 'POST',
      url: '/api/alltrac/customers?api-version=1.0',
      headers: { ...overHttp('app.example.com'), 'content-type': 'application/json' },
      payload: { lastName: 'Kept' },
    });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('https://app.example.com/api/alltrac/customers?api-version=1.0');
  });

  it('send the apex domain to the public subdomain over https, keeping path and query, in one step from http too', async () => {
    const secure = await proxied.app.inject({ method: 'GET', url: '/contact-us/abc?from=card', headers: overHttps('example.com') });
    expect(secure.statusCode).toBe(301);
    expect(secure.headers.location).toBe('https://app.example.com/contact-us/abc?from=card');
    const insecure = await proxied.app.inject({ method: 'PATCH', url: '/api/alltrac/store-locations/1?api-version=1.0', headers: overHttp('EXAMPLE.com:80') });
    expect(insecure.statusCode).toBe(308);
    expect(insecure.headers.location).toBe('https://app.example.com/api/alltrac/store-locations/1?api-version=1.0');
    const forwardedHost = await proxied.app.inject({
      method: 'GET',
      url: '/rating?visit=7',
      headers: { ...overHttps('10.0.0.5:8081'), 'x-forwarded-host': 'example.com' },
    });
    expect(forwardedHost.headers.location).toBe('https://app.example.com/rating?visit=7');
  });

  it('serve a request that reached the public subdomain over https as it is', async () => {
    const response = await proxied.app.inject({ method: 'GET', url: '/app-settings.json', headers: overHttps('app.example.com') });
    expect(response.statusCode).toBe(200);
  });

  it.each(['localhost:8080', '127.0.0.1:8081', '[::1]:8080'])('never redirect on %s, even over http', async (host) => {
    const response = await proxied.app.inject({ method: 'GET', url: '/app-settings.json', headers: overHttp(host) });
    expect(response.statusCode).toBe(200);
  });

  it.each(['/healthz', '/readyz'])('never redirect the probe %s, which the balancer sends over http to each process', async (url) => {
    for (const host of ['example.com', 'app.example.com', '10.0.0.5:8081']) {
      const response = await proxied.app.inject({ method: 'GET', url, headers: overHttp(host) });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it('redirect nothing when the public address is http', async () => {
    const response = await httpPublic.app.inject({ method: 'GET', url: '/app-settings.json', headers: overHttp('example.com') });
    expect(response.statusCode).toBe(200);
  });

  it('redirect nothing without a trusted proxy, as only a proxy can say the browser used https', async () => {
    const response = await noProxy.app.inject({ method: 'GET', url: '/app-settings.json', headers: overHttp('example.com') });
    expect(response.statusCode).toBe(200);
  });
});

describe('cache headers of the built app', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ root: builtRoot('app-2.js') });
  });
  afterAll(async () => {
    await plain?.close();
  });

  it.each(['/', '/index.html', '/scheduler-dayview', '/sw.js', '/registerSW.js', '/manifest.webmanifest', '/app-settings.json'])(
    'make the browser revalidate %s on every load',
    async (url) => {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/rating?visit=abc', '/book/cf1', '/contact-us/cf1', '/inspection-reports/r1', '/work-order/v1', '/work-order?id=v1', '/tire-quotes/q1'])(
    "start the customer's page %s from public.html, with none of the staff app's code",
    async (url) => {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('/assets/public-1.js');
    },
  );

  it.each(['/', '/scheduler-dayview', '/ratings', '/appointment-rating/1', '/booking'])('start %s from the staff app', async (url) => {
    const response = await plain.app.inject({ method: 'GET', url });
    expect(response.body).toContain('/assets/app-2.js');
  });

  it('let the browser keep a hashed asset for a year without asking', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(immutable);
  });
});

describe('chunks of an earlier build', () => {
  const apps: TestApp[] = [];
  const start = async (root: string, env: Record<string, string> = {}) => {
    const t = await createTestApp({ root, env });
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  /** What a server started on this build did at its start (the next test shows a starting server does it). */
  const archivedByEarlierServer = (root: string) => archiveAssets(path.join(root, 'dist', 'assets'), assetArchiveDir(loadConfig({ NODE_ENV: 'test' }, root)));

  it('are served from the archive, immutable, by a server started after dist was rebuilt without them', async () => {
    const root = builtRoot('app-old.js');
    archivedByEarlierServer(root);
    build(root, 'app-new.js');
    const { app } = await start(root);
    const old = await app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain("console.log('app-old.js')");
    expect(old.headers['cache-control']).toBe(immutable);
    const current = await app.inject({ method: 'GET', url: '/assets/app-new.js' });
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe(immutable);
    expect((await app.inject({ method: 'GET', url: '/assets/app-never-built.js' })).statusCode).toBe(404);
  });

  it('are served from the archive by a server still running when dist is rebuilt under it', async () => {
    const root = builtRoot('app-first.js');
    const { app } = await start(root);
    build(root, 'app-second.js');
    const old = await app.inject({ method: 'GET', url: '/assets/app-first.js' });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe(immutable);
  });

  it('are dropped from the archive once no build started in the last 30 days had them', async () => {
    const root = builtRoot('app-current.js');
    const archive = assetArchiveDir(loadConfig({ NODE_ENV: 'test' }, root));
    fs.mkdirSync(archive, { recursive: true });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    for (const [name, days] of [
      ['app-stale.js', 31],
      ['app-recent.js', 29],
      ['app-current.js', 40],
    ] as const) {
      fs.writeFileSync(path.join(archive, name), `console.log('${name}');\n`);
      fs.utimesSync(path.join(archive, name), daysAgo(days), daysAgo(days));
    }
    const { app } = await start(root);
    expect(fs.existsSync(path.join(archive, 'app-stale.js'))).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/assets/app-stale.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/app-recent.js' })).statusCode).toBe(200);
    // Part of the build just started: its time is renewed, so it outlives this build by 30 days.
    expect(fs.statSync(path.join(archive, 'app-current.js')).mtimeMs).toBeGreaterThan(daysAgo(1).getTime());
  });

  it('never include their source maps in production', async () => {
    const root = builtRoot('app-mapped.js');
    archivedByEarlierServer(root);
    build(root, 'app-later.js');
    const production = await start(root, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://app.example.com',
      MAPS_KEY: 'k',
      SUPPORT_PHONE: '1',
      AUTHORITY: 'https://app.example.com/identity',
      CENTRAL_API: 'https://app.example.com',
      APPLICATION_PATH: '/',
      BASE_URL: 'https://app.example.com',
      ENVIRONMENT_MODE: 'production',
      SIGN_IN_CLIENT_NAME: 'alltrac-staff-pwa',
    });
    expect((await production.app.inject({ method: 'GET', url: '/assets/app-mapped.js' })).statusCode).toBe(200);
    const map = await production.app.inject({ method: 'GET', url: '/assets/app-mapped.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });
});
