import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openPglite, type Db } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/seed/demo.ts';

export const testPublicUrl = 'http://localhost:8080';

let template: Promise<Blob | File> | undefined;

/** One migrated and seeded database per test worker; each test app works on its own copy of it. */
function seededTemplate(): Promise<Blob | File> {
  template ??= (async () => {
    const handle = await openPglite(null);
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    const dump = await handle.dump!();
    await handle.close();
    return dump;
  })();
  return template;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh copy of the demo database, for app.inject. */
export async function createTestApp(): Promise<TestApp> {
  const handle = await openPglite(null, await seededTemplate());
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: testPublicUrl });
  const app = await buildApp({ config, db: handle.db, logger: false });
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
