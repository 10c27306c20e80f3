import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { openPostgres, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { SmsSender } from '../../server/messaging/sms.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { demoStoreIds } from './demo.ts';
import { createTestDatabase } from './postgres.ts';
import type { TestApp } from './test-app.ts';
import { testPublicUrl } from './test-app.ts';
import { mintAccessToken } from './tokens.ts';

/**
 * The real app on its own seeded PostgreSQL database for one test file (created before, dropped after).
 * PGlite runs one query at a time; here concurrent requests really race in the database.
 */
export function postgresTestApp(options: { env?: Record<string, string>; sms?: SmsSender; clock?: Clock } = {}): TestApp {
  const t = {} as TestApp;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openPostgres(database.url);
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: testPublicUrl, ...options.env });
    const app = await buildApp({
      config,
      db: handle.db,
      logger: false,
      ...(options.sms ? { sms: options.sms } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    await app.ready();
    Object.assign(t, { app, db: handle.db, config, close: async () => undefined });
  });
  afterAll(async () => {
    await t.app?.close();
    await handle?.close();
    await database?.drop();
  });
  return t;
}

/** The demo's store #101 and access tokens of its technician and its counter (user@demo.test), read before a file's tests. */
export function storeStaff(t: TestApp): { store: number; tech: string; user: string } {
  const staff = {} as { store: number; tech: string; user: string };
  beforeAll(async () => {
    Object.assign(staff, {
      store: (await demoStoreIds(t.db))[101]!,
      tech: await mintAccessToken(t.db, 'tech@demo.test', testPublicUrl),
      user: await mintAccessToken(t.db, 'user@demo.test', testPublicUrl),
    });
  });
  return staff;
}
