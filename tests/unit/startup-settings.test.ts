import { describe, expect, it } from 'vitest';
import { loadStartupSettings } from '../../src/app/startup-settings.ts';
import { loadConfig } from '../../server/config.ts';

const complete = {
  mapsKey: 'k', supportPhone: '(800) 555-0199', authority: 'https://id.example/identity', centralApi: 'https://api.example',
  applicationPath: '/', baseUrl: 'https://app.example', environmentMode: 'production', signInClientName: 'alltrac-staff-pwa',
};
const serving = (body: unknown) => (async () => new Response(JSON.stringify(body), { status: 200 })) as unknown as typeof fetch;

describe("the browser's startup settings check", () => {
  it('passes the settings on when all are present', async () => {
    await expect(loadStartupSettings(serving(complete))).resolves.toEqual(complete);
  });

  it('fails with the spec message naming each missing or blank setting', async () => {
    const { mapsKey: _m, authority: _a, ...rest } = complete;
    await expect(loadStartupSettings(serving({ ...rest, supportPhone: ' ' })))
      .rejects.toThrow(/^Missing required environment settings: mapsKey, supportPhone, authority$/);
  });

  it('says the settings could not be loaded when the server does not answer them', async () => {
    const failing = (async () => new Response('', { status: 503 })) as unknown as typeof fetch;
    await expect(loadStartupSettings(failing)).rejects.toThrow('could not be loaded (HTTP 503)');
  });
});

describe("the server's configuration", () => {
  it('runs with no settings at all in development, with working defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({ port: 8080, production: false, databaseUrl: null, seedDemo: true, dataDir: '/srv/app/data', publicUrl: 'http://localhost:8080' });
    expect(config.appSettings.authority).toBe('http://localhost:8080/identity');
  });

  it('refuses to start in production without the startup settings, naming each variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example', MAPS_KEY: 'k' }))
      .toThrow('Missing required environment settings: SUPPORT_PHONE, AUTHORITY, CENTRAL_API, APPLICATION_PATH, BASE_URL, ENVIRONMENT_MODE, SIGN_IN_CLIENT_NAME');
  });

  it('requires PUBLIC_URL in production, where it cannot be guessed', () => {
    const env = { NODE_ENV: 'production', MAPS_KEY: 'k', SUPPORT_PHONE: 'p', AUTHORITY: 'a', CENTRAL_API: 'c', APPLICATION_PATH: '/', BASE_URL: 'b', ENVIRONMENT_MODE: 'production', SIGN_IN_CLIENT_NAME: 'n' };
    expect(() => loadConfig(env)).toThrow('Missing required environment settings: PUBLIC_URL');
    expect(loadConfig({ ...env, PUBLIC_URL: 'https://app.example/' })).toMatchObject({ production: true, seedDemo: false, publicUrl: 'https://app.example' });
  });

  it('says which variable is malformed', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT:[\s\S]*DATABASE_URL: Use a postgres/);
  });
});
