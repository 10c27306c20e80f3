import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.ts';
import { guardedDialect } from './transaction-guard.ts';

export type Db = Kysely<Database>;

/** PostgreSQL type ids whose text we read differently from the drivers' defaults. */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const TIMESTAMPTZ = 1184;

/**
 * Both drivers answer the same shapes: counts and versions as numbers, numerics as numbers,
 * dates as YYYY-MM-DD and timestamps as ISO strings in UTC (the session runs in UTC), as the contract says.
 */
const parsers: Record<number, (value: string) => unknown> = {
  [INT8]: Number,
  [NUMERIC]: Number,
  [DATE]: (value) => value,
  [TIMESTAMPTZ]: isoTimestamp,
};

const utcTimestamp = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamp's text as an ISO string in UTC, to the millisecond (extra digits dropped, as Date drops them). The
 * session's own form (UTC) is rewritten as text, twenty times faster than through a Date, which a page of a
 * thousand visits felt; any other form goes through a Date.
 */
function isoTimestamp(value: string): string {
  const utc = utcTimestamp.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's files as one archive (PGlite only). */
  dump?: () => Promise<Blob | File>;
  close(): Promise<void>;
}

const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })];

/** The embedded database's code and its files bundle, compiled and read once per process. */
let runtime: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/**
 * PGlite compiles its 9 MB of WebAssembly and reads its files bundle at every start unless given them. A process
 * opens one database in production, but a test process opens one per test file: compiled once, a test server's
 * start is a second quicker, and the background optimiser does not compile the same code again beside the tests.
 */
function pgliteRuntime() {
  runtime ??= (async () => {
    const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([fs.promises.readFile(new URL('pglite.wasm', dist)), fs.promises.readFile(new URL('pglite.data', dist))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })();
  return runtime;
}

/** The embedded database in a folder, in memory (null), or loaded from a dump (tests copy a seeded template). */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob | File): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined, { parsers, ...(await pgliteRuntime()), ...(loadDataDir ? { loadDataDir } : {}) });
  return fromPglite(client);
}

async function fromPglite(client: PGlite): Promise<DatabaseHandle> {
  // Every page of the embedded database is in memory: a random read costs what a sequential one does. With
  // the default (4) the planner scanned 200k visits to find the week's 2.6k by key in the priority feed.
  await client.exec(`set time zone 'UTC'; set random_page_cost = 1.1`);
  const db = new Kysely<Database>({ dialect: guardedDialect(new PGliteDialect(client)), plugins });
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}

/** A query as it was sent: tests read the plans of the queries the app really runs. */
export type QueryObserver = (query: { sql: string; parameters: readonly unknown[] }) => void;

export async function openPostgres(connectionString: string, options: { observe?: QueryObserver } = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    options: '-c TimeZone=UTC',
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection ended by the server (a restart, an administrator) emits 'error' on the pool: without a
  // listener Node ends the whole process. The pool drops that connection and opens another when needed.
  pool.on('error', (error) => console.error('PostgreSQL closed an idle connection:', error.message));
  const { observe } = options;
  const db = new Kysely<Database>({
    dialect: guardedDialect(new PostgresDialect({ pool })),
    plugins,
    ...(observe
      ? {
          log: (event) => {
            if (event.level === 'query') observe({ sql: event.query.sql, parameters: event.query.parameters });
          },
        }
      : {}),
  });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
