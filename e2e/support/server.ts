import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../server/clock.ts';
import type { Config } from '../../server/config.ts';
import type { SmsSender } from '../../server/messaging/sms.ts';
import type { RunningServer } from '../../server/start.ts';
import { freePort } from '../../tests/support/ports.ts';
import { localConfig, startLocalServer } from '../../tests/support/running-server.ts';
import { TcpRelay } from '../../tests/support/tcp-relay.ts';
import { assertBuilt, launchBrowser } from './browser.ts';

/**
 * The settings every end-to-end server starts with: the demo's small catalogue (server/seed/demo-catalogue.ts), a
 * few hundred tires in every size instead of thousands, so each browser's first sync copies a tenth of the rows.
 * The full catalogue stays for `npm start`, the bench and the server tests.
 */
export const e2eSettings = { DEMO_CATALOGUE: 'small' } as const;

export interface E2eEnvironment {
  config: Config;
  server: RunningServer;
  browser: Browser;
}

/**
 * A real server on a free port with its own data folder, and Chromium, for one test file; both stopped and
 * the folder removed after it. Read the fields inside tests (they are set in beforeAll; `server` may be
 * replaced by a test that restarts it).
 */
export function e2eEnvironment(settings: Record<string, string> = {}, options: { sms?: (config: Config) => SmsSender; clock?: Clock } = {}): E2eEnvironment {
  const env = {} as E2eEnvironment;
  beforeAll(async () => {
    assertBuilt();
    env.config = await localConfig(undefined, { ...e2eSettings, ...settings });
    env.server = await startLocalServer(env.config, {
      ...(options.sms ? { sms: options.sms(env.config) } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
    if (env.config) fs.rmSync(env.config.dataDir, { recursive: true, force: true });
  });
  return env;
}

/**
 * An environment whose browsers reach the server only through a relay the test cuts and restores, as a store's
 * internet link would drop: `appUrl` is the server's address for the browsers (and its public URL, so the
 * sign-in's issuer is the relay's too). Chromium's offline emulation alone is not a cut: a worker started by a
 * reload, or on a page of a persistent profile, may reach the server before the emulation reaches it, and send
 * what the test means to hold back.
 */
export async function relayedEnvironment(
  settings: Record<string, string> = {},
  options: Parameters<typeof e2eEnvironment>[1] = {},
): Promise<{ env: E2eEnvironment; link: TcpRelay; appUrl: string }> {
  const serverPort = await freePort();
  const link = await TcpRelay.start({ host: '127.0.0.1', port: serverPort });
  const appUrl = `http://127.0.0.1:${link.port}`;
  afterAll(() => link.cut());
  return { env: e2eEnvironment({ ...settings, PORT: String(serverPort), PUBLIC_URL: appUrl }, options), link, appUrl };
}
