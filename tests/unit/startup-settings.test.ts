import { describe, expect, it } from 'vitest';
import { loadStartupSettings, startupSettingsForBoot, type SettingsKeeper } from '../../src/app/startup-settings.ts';
import type { DeviceStateRow } from '../../src/db/global-db.ts';
import { loadConfig } from '../../server/config.ts';

const complete = {
  mapsKey: 'k',
  supportPhone: '(800) 555-0199',
  authority: 'https://id.example/identity',
  centralApi: 'https://api.example',
  applicationPath: '/',
  baseUrl: 'https://app.example',
  environmentMode: 'production',
  signInClientName: 'alltrac-staff-pwa',
};
const serving = (body: unknown) => (async () => new Response(JSON.stringify(body), { status: 200 })) as unknown as typeof fetch;

describe("the browser's startup settings check", () => {
  it('passes the settings on when all are present', async () => {
    await expect(loadStartupSettings(serving(complete))).resolves.toEqual(complete);
  });

  it('fails with the spec message naming each missing or blank setting', async () => {
    const { mapsKey: _m, authority: _a, ...rest } = complete;
    await expect(loadStartupSettings(serving({ ...rest, supportPhone: ' ' }))).rejects.toThrow(
      /^Missing required environment settings: mapsKey, supportPhone, authority$/,
    );
  });

  it('keeps only the named settings, and counts a setting that is not text as missing', async () => {
    await expect(loadStartupSettings(serving({ ...complete, debug: 'yes' }))).resolves.toEqual(complete);
    await expect(loadStartupSettings(serving({ ...complete, mapsKey: 42 }))).rejects.toThrow(/settings: mapsKey$/);
    await expect(loadStartupSettings(serving(null))).rejects.toThrow(/settings: mapsKey, supportPhone, authority, centralApi,/);
  });

  it('says the settings could not be loaded when the server does not answer them', async () => {
    const failing = (async () => new Response('', { status: 503 })) as unknown as typeof fetch;
    await expect(loadStartupSettings(failing)).rejects.toThrow('could not be loaded (HTTP 503)');
  });
});

/** The global db's kept row, in memory. */
function keeper(initial?: Record<string, string>): SettingsKeeper & { row: () => DeviceStateRow | undefined } {
  let row: DeviceStateRow | undefined = initial
    ? { name: 'startupSettings', value: initial as DeviceStateRow['value'], savedAt: '2030-01-01T00:00:00.000Z' }
    : undefined;
  return {
    get: async () => row,
    put: async (next) => {
      row = next;
    },
    row: () => row,
  };
}
const unreachable = (async () => {
  throw new TypeError('Failed to fetch');
}) as unknown as typeof fetch;
const hanging = (() => new Promise<never>(() => undefined)) as unknown as typeof fetch;

describe('the settings a device starts with', () => {
  it('are the ones it kept, with no network on the way: a start offline, or on a connection that hangs, opens the app', async () => {
    await expect(startupSettingsForBoot(keeper(complete), unreachable)).resolves.toEqual(complete);
    await expect(startupSettingsForBoot(keeper(complete), hanging)).resolves.toEqual(complete);
  });

  it('are fetched and kept on the first start, and fresh ones fetched behind replace them for the next', async () => {
    const kept = keeper();
    await expect(startupSettingsForBoot(kept, serving(complete), () => new Date('2030-06-03T15:00:00.000Z'))).resolves.toEqual(complete);
    expect(kept.row()).toEqual({ name: 'startupSettings', value: complete, savedAt: '2030-06-03T15:00:00.000Z' });
    const moved = { ...complete, supportPhone: '(800) 555-0100' };
    await startupSettingsForBoot(kept, serving(moved));
    await expect.poll(() => kept.row()?.value.supportPhone).toBe('(800) 555-0100');
  });

  it('are not kept settings that lack one, and a first start with no server says why it cannot start', async () => {
    const { mapsKey: _m, ...partial } = complete;
    await expect(startupSettingsForBoot(keeper(partial), serving(complete))).resolves.toEqual(complete);
    await expect(startupSettingsForBoot(keeper(), unreachable)).rejects.toThrow('Failed to fetch');
  });
});

describe("the server's configuration", () => {
  it('runs with no settings at all in development, with working defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8080,
      production: false,
      databaseUrl: null,
      seedDemo: true,
      dataDir: '/srv/app/data',
      publicUrl: 'http://localhost:8080',
    });
    expect(config.appSettings.authority).toBe('http://localhost:8080/identity');
  });

  it('refuses to start in production without the startup settings, naming each variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example', MAPS_KEY: 'k' })).toThrow(
      'Missing required environment settings: SUPPORT_PHONE, AUTHORITY, CENTRAL_API, APPLICATION_PATH, BASE_URL, ENVIRONMENT_MODE, SIGN_IN_CLIENT_NAME',
    );
  });

  it('requires PUBLIC_URL in production, where it cannot be guessed', () => {
    const env = {
      NODE_ENV: 'production',
      MAPS_KEY: 'k',
      SUPPORT_PHONE: 'p',
      AUTHORITY: 'a',
      CENTRAL_API: 'c',
      APPLICATION_PATH: '/',
      BASE_URL: 'b',
      ENVIRONMENT_MODE: 'production',
      SIGN_IN_CLIENT_NAME: 'n',
    };
    expect(() => loadConfig(env)).toThrow('Missing required environment settings: PUBLIC_URL');
    expect(loadConfig({ ...env, PUBLIC_URL: 'https://app.example/' })).toMatchObject({ production: true, seedDemo: false, publicUrl: 'https://app.example' });
  });

  it('says which variable is malformed', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT:[\s\S]*DATABASE_URL: Use a postgres/);
  });
});
