import pg from 'pg';
import { BackupError, writeWhole } from './backup-file.ts';
import { recordLostVersions, type LostVersions } from '../sync/restored-versions.ts';
import { assertPgDumpCanRead, clientConnection, clientMajorVersion, runClientTool } from './client-tools.ts';

/** A database's address without its password, for messages and logs. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  return `"${decodeURIComponent(parsed.pathname.slice(1))}" on ${parsed.hostname}:${parsed.port || '5432'}`;
}

const checkUrl = 'check DATABASE_URL';
const createIt = 'create it, empty (createdb), and restore into it';

/** A connection to the database named, or a refusal saying why there is none (missing: `ifMissing` says what to do; unreachable). */
async function connect(url: string, ifMissing = checkUrl): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    const { code, message } = error as { code?: string; message: string };
    if (code === '3D000') throw new BackupError(`The database ${describeDatabase(url)} does not exist: ${ifMissing}.`);
    throw new BackupError(`Cannot connect to the database ${describeDatabase(url)} (DATABASE_URL): ${message}`);
  }
}

async function serverMajorVersion(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ version: string }>('show server_version_num');
  return Math.floor(Number(rows[0]!.version) / 10_000);
}

/**
 * The whole database in pg_dump's custom format (compressed; pg_restore reads it). pg_dump reads every table in one
 * repeatable-read transaction: the backup is the database as of one instant, while the server keeps writing (as of
 * `snapshot` when given: one another session exported and still holds). Sequences are read outside that snapshot, as
 * they are when dumped: a restored sequence may be ahead of the rows, never behind them.
 */
export async function backupPostgres(url: string, file: string, options: { snapshot?: string } = {}): Promise<void> {
  const client = await connect(url);
  try {
    assertPgDumpCanRead(await clientMajorVersion('pg_dump'), await serverMajorVersion(client));
  } finally {
    await client.end();
  }
  await writeWhole(file, async (partial) => {
    const snapshot = options.snapshot ? [`--snapshot=${options.snapshot}`] : [];
    const { dbname, env } = clientConnection(url);
    await runClientTool('pg_dump', ['--format=custom', '--no-password', ...snapshot, `--file=${partial}`, `--dbname=${dbname}`], env);
  });
}

/** The tables in a database outside PostgreSQL's own schemas: any makes it not empty. */
async function userTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/**
 * Loads a backup into the database at `url`, in one transaction: a restore that fails leaves no half of it behind.
 * The target must be empty; `force` empties it first (everything in its public schema is dropped).
 * Owners and grants are not restored: the objects belong to the role restoring them, the role the server connects as.
 * Then the versions the backup did not hold are recorded as lost (server/sync/restored-versions.ts).
 */
export async function restorePostgres(file: string, url: string, options: { force: boolean }): Promise<{ tables: number; lost: LostVersions }> {
  const client = await connect(url, createIt);
  try {
    const tables = await userTables(client);
    if (tables.length > 0 && !options.force)
      throw new BackupError(
        `The database ${describeDatabase(url)} is not empty (${tables.length} tables, ${tables.slice(0, 3).join(', ')}…): restore into a new, empty database, or add --force to drop everything in it first.`,
      );
    if (tables.length > 0) await client.query('drop schema public cascade; create schema public');
  } finally {
    await client.end();
  }
  const { dbname, env } = clientConnection(url);
  await runClientTool(
    'pg_restore',
    ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', '--no-password', `--dbname=${dbname}`, file],
    env,
  ).catch((error: unknown) => {
    if (!(error instanceof BackupError)) throw error;
    throw new BackupError(`${error.message}\nNothing of the backup was restored (pg_restore runs as one transaction).`);
  });
  const restored = await connect(url);
  try {
    const lost = await recordLostVersions((text) => restored.query(text));
    return { tables: (await userTables(restored)).length, lost };
  } finally {
    await restored.end();
  }
}
