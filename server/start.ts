import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { SmsSender } from './messaging/sms.ts';
import { seedDemo } from './seed/demo.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  /** The URL users reach it at (the OpenID issuer derives from it). */
  publicUrl: string;
  seeded: boolean;
  /** Stops gracefully (server/http/shutdown.ts), then closes the database. */
  close(): Promise<void>;
}

/** config → database → migrations → demo seed (not in production) → app → listen. */
export interface StartOptions {
  logger?: boolean;
  clock?: Clock;
  sms?: SmsSender;
  /**
   * Refresh the embedded database's statistics (default): false only for a copy of a folder whose last start
   * refreshed them and that nothing wrote to since (the tests' seeded folders), where it is seconds for nothing.
   */
  refreshStatistics?: boolean;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrateToLatest(database.db);
    const seeded = config.seedDemo ? await seedDemo(database.db, clock.now(), { catalogue: config.demoCatalogue }) : false;
    // The embedded database has no autovacuum: refresh the planner's statistics at every start, or the
    // change feed sorts whole tables instead of walking its index once they have grown.
    if (database.kind === 'pglite' && options.refreshStatistics !== false) await sql`analyze`.execute(database.db);
    const app = await buildApp({ config, db: database.db, logger: options.logger ?? true, clock, ...(options.sms ? { sms: options.sms } : {}) });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    return {
      app,
      database,
      seeded,
      publicUrl: config.publicUrl,
      url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
      close: async () => {
        await app.stopGracefully();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
