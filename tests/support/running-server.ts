import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../server/config.ts';
import { ShiftedClock, type Clock } from '../../server/clock.ts';
import type { SmsSender } from '../../server/messaging/sms.ts';
import type { DemoCatalogueSize } from '../../server/seed/demo-catalogue.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { freePort } from './ports.ts';
import { cachedSeed } from './seed-cache.ts';

/** Config for a real server on 127.0.0.1 with its embedded database in `dataDir` (a new temp folder by default). */
export async function localConfig(dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-')), env: Record<string, string> = {}): Promise<Config> {
  const port = await freePort();
  return loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, ...env });
}

export interface LocalServerOptions {
  /** Its demo data and every "now" it reads are at this clock's time (the demo is then seeded for it). */
  clock?: Clock;
  /** Its texts go here whatever the config says (a server that takes Twilio's webhooks but texts nobody). */
  sms?: SmsSender;
  /** Seed the demo company itself, as a first start does, instead of starting from a copy of a seeded folder. */
  seedFromScratch?: boolean;
}

/**
 * A real server. On an empty data folder it starts from a copy of a folder seeded today by the same
 * migrations and seed (made once and shared by every test process): seeding takes most of a first start.
 */
export async function startLocalServer(config?: Config, options: LocalServerOptions = {}): Promise<RunningServer> {
  const settings = config ?? (await localConfig());
  const isEmpty = !settings.databaseUrl && fs.existsSync(settings.dataDir) && fs.readdirSync(settings.dataDir).length === 0;
  // A clock that runs from the machine's now is today's too: the demo seeded today serves it.
  const today = !options.clock || options.clock instanceof ShiftedClock;
  const copied = isEmpty && settings.seedDemo && today && !options.seedFromScratch;
  if (copied) fs.cpSync(await seededFolder(settings.demoCatalogue), settings.dataDir, { recursive: true });
  return startServer(settings, {
    logger: false,
    // The seeded folder's own start refreshed its statistics after seeding, and a copy holds them.
    refreshStatistics: !copied,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.sms ? { sms: options.sms } : {}),
  });
}

/**
 * A data folder of a server that migrated and seeded itself with the catalogue named, then stopped (shared: copy
 * it, never use it).
 */
export function seededFolder(catalogue: DemoCatalogueSize = 'full'): Promise<string> {
  return cachedSeed(catalogue === 'full' ? 'seeded-folder' : `seeded-folder-${catalogue}`, async (into) => {
    fs.mkdirSync(into);
    const server = await startServer(await localConfig(into, { DEMO_CATALOGUE: catalogue }), { logger: false });
    await server.close();
    for (const name of ['sms', 'mail']) fs.rmSync(path.join(into, name), { recursive: true, force: true });
  });
}
