import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from '../support/sign-in.ts';
import { createTestApp, testPublicUrl, type TestApp } from '../support/test-app.ts';

/** A built app in a folder of its own: a page, a chunk and the chunk's source map. */
function builtApp(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-built-'));
  fs.mkdirSync(path.join(root, 'dist', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><title>AllTrac</title><script type="module" src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(root, 'dist', 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
  fs.writeFileSync(path.join(root, 'dist', 'assets', 'app.js.map'), '{"version":3,"sources":["../src/secret.ts"],"sourcesContent":["const x = 1;"]}');
  return root;
}

const productionEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://staff.example.com',
  MAPS_KEY: 'k',
  SUPPORT_PHONE: '1',
  AUTHORITY: 'https://staff.example.com/identity',
  CENTRAL_API: 'https://staff.example.com',
  APPLICATION_PATH: '/',
  BASE_URL: 'https://staff.example.com',
  ENVIRONMENT_MODE: 'production',
  SIGN_IN_CLIENT_NAME: 'alltrac-staff-pwa',
};

let dev: TestApp;
let production: TestApp;
let root: string;
beforeAll(async () => {
  root = builtApp();
  dev = await createTestApp({ root });
  production = await createTestApp({ root, env: productionEnv });
});
afterAll(async () => {
  await dev.close();
  await production.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('every answer', () => {
  it.each(['/', '/scheduler-dayview', '/app-settings.json', '/api/alltrac/users/me?api-version=1.0', '/identity/.well-known/openid-configuration'])(
    'of %s carries the security headers',
    async (url) => {
      const response = await dev.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain(`connect-src 'self' ${testPublicUrl} ws://localhost:8080`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('is sent with HSTS when the app is served over https', async () => {
    const response = await production.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(response.headers['content-security-policy'])).toContain('wss://staff.example.com');
  });

  it("lets the store's map in a frame from Google only where a maps key is set", async () => {
    expect(String((await production.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])).toContain('frame-src https://www.google.com');
    expect(String((await dev.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])).toContain("frame-src 'none'");
  });
});

describe('source maps', () => {
  it('are served while developing, never in production', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/assets/app.js.map' })).statusCode).toBe(200);
    const hidden = await production.app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('sourcesContent');
    expect((await production.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
  });
});

describe('signing out at /identity/session/end', () => {
  it("asks first when it comes from a link, so the device keeps its sign-in; only the app's own request (with the id token) goes through", async () => {
    const { tokens, jar } = await signInWithPassword(dev.app, 'user@demo.test', 'demo1234');
    const link = await dev.app.inject({ method: 'GET', url: '/identity/session/end', headers: { cookie: jar!.header() } });
    expect(link.statusCode).toBe(200);
    expect(link.body).toContain('Do you want to sign out of AllTrac on this device?');
    expect(link.body).not.toContain('<script');
    const refresh = await dev.app.inject({
      method: 'POST',
      url: '/identity/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens!.refresh_token!, client_id: 'alltrac-staff-pwa' }).toString(),
    });
    expect(refresh.statusCode).toBe(200);

    const fromTheApp = await dev.app.inject({
      method: 'GET',
      url: `/identity/session/end?id_token_hint=${tokens!.id_token}`,
      headers: { cookie: jar!.header() },
    });
    expect(fromTheApp.body).toContain('<script src="/identity-sign-out.js"></script>');
  });
});
