import { sql } from 'kysely';
import type { PlatformHealth } from '../../../src/contract/platform-health.ts';
import type { Db } from '../../db/connect.ts';

/** Which database, its version and its size (null when the database will not measure itself for this role). */
export async function databaseFacts(db: Db): Promise<PlatformHealth['database']> {
  const {
    rows: [facts],
  } = await sql<{ description: string; version: string }>`select version() as description, current_setting('server_version') as version`.execute(db);
  const sizeBytes = await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(db).then(
    ({ rows }) => rows[0]?.size ?? null,
    () => null,
  );
  return {
    // The embedded database says so in its version ("PostgreSQL 18.6 (PGlite 0.5.16) on wasm32…").
    kind: facts!.description.includes('PGlite') ? 'PGlite' : 'PostgreSQL',
    // A packaged server adds its build after a space ("16.4 (Debian 16.4-1.pgdg120+2)").
    version: facts!.version.split(' ')[0]!,
    sizeBytes: sizeBytes === null ? null : Number(sizeBytes),
  };
}

/** The migrations the database has applied, as Kysely's migrator recorded them, in order. */
export async function appliedMigrations(db: Db): Promise<PlatformHealth['migrations']['applied']> {
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db);
  return rows.map((r) => ({ name: r.name, appliedAt: r.timestamp }));
}

export interface StoreNames {
  storeNumber: number | null;
  storeName: string | null;
  companyName: string | null;
}

/** Each store's number, name and company, by id (a store closed since is still named; one unknown, not). */
export async function storeNames(db: Db, storeIds: number[]): Promise<(storeId: number) => StoreNames> {
  const rows =
    storeIds.length === 0
      ? []
      : await db
          .selectFrom('storeLocations')
          .leftJoin('companies', 'companies.id', 'storeLocations.companyId')
          .select(['storeLocations.id', 'storeLocations.storeNumber', 'storeLocations.name as storeName', 'companies.name as companyName'])
          .where('storeLocations.id', 'in', storeIds)
          .execute();
  const byId = new Map(rows.map((r) => [r.id, { storeNumber: r.storeNumber, storeName: r.storeName, companyName: r.companyName }]));
  return (storeId) => byId.get(storeId) ?? { storeNumber: null, storeName: null, companyName: null };
}

/**
 * Devices by store, of those that pulled there since `since` (a browser whose storage was cleared comes back as a
 * new device; its old rows age out rather than count for ever): how many, their waiting changes, the latest pull;
 * and how many devices in all (one pulling at two stores is one device).
 */
export async function devicesByStore(db: Db, since: Date) {
  const recent = db.selectFrom('devices').where('lastSyncAt', '>=', since.toISOString());
  const [rows, total] = await Promise.all([
    recent
      .select((eb) => [
        'storeId',
        eb.fn.countAll<number>().as('devices'),
        eb.fn.sum<number>('outboxBacklog').as('backlog'),
        eb.fn.max('lastSyncAt').as('lastSyncAt'),
      ])
      .groupBy('storeId')
      .execute(),
    recent.select((eb) => eb.fn.count<number>('deviceId').distinct().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    count: Number(total.count),
    stores: rows.map((r) => ({ storeId: r.storeId, devices: Number(r.devices), backlog: Number(r.backlog), lastSyncAt: r.lastSyncAt })),
  };
}

/** Texts and emails given up since `since` (by when they were last handed to their provider). */
export async function failedMessageCount(db: Db, since: Date): Promise<number> {
  const { count } = await db
    .selectFrom('outboundMessages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'failed')
    .where('handedAt', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(count);
}
