import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import type { SmsSender } from '../../server/messaging/sms.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openPglite, type Db } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { cachedSeed } from './seed-cache.ts';

export const testPublicUrl = 'http://localhost:8080';

/** Read once per process: a worker runs many test files (isolate: false), and a Blob is never changed by a reader. */
let template: Promise<Blob> | undefined;

/** A migrated and seeded database as a dump; each test app works on its own copy of it. */
function seededTemplate(): Promise<Blob> {
  template ??= readSeededTemplate();
  template.catch(() => (template = undefined));
  return template;
}

async function readSeededTemplate(): Promise<Blob> {
  const file = await cachedSeed('seeded-dump', async (into) => {
    const handle = await openPglite(null);
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    const dump = await handle.dump!();
    await handle.close();
    fs.writeFileSync(into, Buffer.from(await dump.arrayBuffer()));
  });
  return new Blob([fs.readFileSync(file)]);
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh copy of the demo database, for app.inject; `env` adds settings, `clock` sets its time. */
export async function createTestApp(
  options: { env?: Record<string, string>; clock?: Clock; root?: string; mailer?: Mailer; sms?: SmsSender } = {},
): Promise<TestApp> {
  const handle = await openPglite(null, await seededTemplate());
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: testPublicUrl, ...options.env }, options.root);
  const app = await buildApp({
    config,
    db: handle.db,
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.sms ? { sms: options.sms } : {}),
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
