import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { recordLostVersions, type LostVersions } from '../sync/restored-versions.ts';
import { BackupError, writeWhole } from './backup-file.ts';

const gzip = promisify(zlib.gzip);

const holdsDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * The names of a PostgreSQL data folder's own files: only these are removed by --force, so a DATA_DIR set to the
 * wrong folder loses nothing else, and the server's folders beside them (assets-archive/, mail/, sms/) stay.
 */
const databaseFile = /^(PG_VERSION|base|global|pg_[\w.]+|postgresql(\.auto)?\.conf|postmaster\.\w+)$/;

/**
 * The embedded database's files as one archive (PGlite's dump, gzipped). PGlite is one process's database: the
 * server must be stopped, or the copy may hold half of a write.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<void> {
  if (!holdsDatabase(dataDir))
    throw new BackupError(`DATA_DIR=${dataDir} holds no embedded database: nothing to back up. (Is the data in PostgreSQL? Then set DATABASE_URL.)`);
  const database = await PGlite.create(dataDir);
  let dump: Blob;
  try {
    dump = await database.dumpDataDir('none');
  } finally {
    await database.close();
  }
  await writeWhole(file, async (partial) => {
    fs.writeFileSync(partial, await gzip(Buffer.from(await dump.arrayBuffer())));
  });
}

function unzipped(file: string): Buffer {
  try {
    return zlib.gunzipSync(fs.readFileSync(file));
  } catch (error) {
    throw new BackupError(`${file} is not a whole backup (${(error as Error).message}): was it cut off while being copied?`);
  }
}

/**
 * Puts a backup's database files into DATA_DIR. The folder must hold no database; `force` removes the one there
 * first (its files alone). The files are checked by opening them, and the versions the
 * backup did not hold are recorded as lost (server/sync/restored-versions.ts).
 */
export async function restoreEmbedded(file: string, dataDir: string, options: { force: boolean }): Promise<{ tables: number; lost: LostVersions }> {
  if (holdsDatabase(dataDir) && !options.force)
    throw new BackupError(
      `DATA_DIR=${dataDir} already holds a database: stop the server and restore into an empty folder, or add --force to replace the database there (the folder's other files, such as assets-archive/, are kept).`,
    );
  if (holdsDatabase(dataDir))
    for (const name of fs.readdirSync(dataDir).filter((n) => databaseFile.test(n))) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const archive = new Blob([new Uint8Array(unzipped(file))]);
  const database = await PGlite.create(dataDir, { loadDataDir: archive });
  try {
    const lost = await recordLostVersions((text) => database.query(text));
    const { rows } = await database.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return { tables: rows[0]!.tables, lost };
  } finally {
    await database.close();
  }
}
