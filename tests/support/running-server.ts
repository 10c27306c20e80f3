import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Clock } from '../../server/clock.ts';
import type { SmsSender } from '../../server/messaging/sms.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { freePort } from './ports.ts';

/** Config for a real server on 127.0.0.1 with its embedded database in `dataDir` (a new temp folder by default). */
export async function localConfig(dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-')), env: Record<string, string> = {}): Promise<Config> {
  const port = await freePort();
  return loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, ...env });
}

/**
 * A real server; with `clock`, its demo data and every "now" it reads are at that clock's time; with `sms`,
 * its texts go there whatever the config says (a server that takes Twilio's webhooks but texts nobody).
 */
export async function startLocalServer(config?: Config, clock?: Clock, sms?: SmsSender): Promise<RunningServer> {
  return startServer(config ?? await localConfig(), { logger: false, ...(clock ? { clock } : {}), ...(sms ? { sms } : {}) });
}
