import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../server/clock.ts';
import type { Config } from '../../server/config.ts';
import type { SmsSender } from '../../server/messaging/sms.ts';
import type { RunningServer } from '../../server/start.ts';
import { localConfig, startLocalServer } from '../../tests/support/running-server.ts';
import { assertBuilt, launchBrowser } from './browser.ts';

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
    env.config = await localConfig(undefined, settings);
    env.server = await startLocalServer(env.config, { ...(options.sms ? { sms: options.sms(env.config) } : {}), ...(options.clock ? { clock: options.clock } : {}) });
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
    if (env.config) fs.rmSync(env.config.dataDir, { recursive: true, force: true });
  });
  return env;
}
