import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApiVersion, apiPaths } from '../../src/contract/routes.ts';
import { mustRun, runBackupCommand } from '../support/backup-commands.ts';
import { everyRow, highestVersion, rowDifferences, withoutRestoreMark } from '../support/every-row.ts';
import { localConfig, seededFolder, startLocalServer } from '../support/running-server.ts';
import { overNetwork, signInWithPassword } from '../support/sign-in.ts';

/** Every row of the embedded database in `dataDir`, read with the server stopped. */
async function rowsIn(dataDir: string) {
  const database = await PGlite.create(dataDir);
  try {
    return await everyRow(database);
  } finally {
    await database.close();
  }
}

describe('the embedded database, backed up with npm run backup and restored with npm run restore', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-backup-'));
  const source = path.join(folder, 'data');
  const target = path.join(folder, 'restored');
  const file = path.join(folder, 'embedded.tar.gz');
  let backedUp: Record<string, string[]>;

  beforeAll(async () => {
    fs.cpSync(await seededFolder('small'), source, { recursive: true });
    fs.mkdirSync(path.join(source, 'assets-archive'), { recursive: true });
    fs.writeFileSync(path.join(source, 'assets-archive', 'index-old.js'), '// a build before this one');
    backedUp = await rowsIn(source);
    await mustRun('backup', [file], { DATA_DIR: source });
    await mustRun('restore', [file], { DATA_DIR: target });
  }, 120_000);
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('restores every row of every table into an empty folder, marking the versions after its last as lost', async () => {
    const { rows, lost } = withoutRestoreMark(await rowsIn(target));
    expect(rowDifferences(backedUp, rows)).toEqual({});
    expect(Object.values(backedUp).flat().length).toBeGreaterThan(10_000);
    expect(lost).toEqual([{ after: highestVersion(backedUp), upTo: expect.any(Number) }]);
  });

  it('starts a server on the restored folder that signs a person in', async () => {
    const server = await startLocalServer(await localConfig(target));
    try {
      const { tokens } = await signInWithPassword(overNetwork(server.url), 'user@demo.test', 'demo1234', undefined, server.publicUrl);
      const me = await fetch(`${server.url}${withApiVersion(apiPaths.me)}`, { headers: { authorization: `Bearer ${tokens!.access_token}` } });
      expect(me.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses a backup that is not there, naming the file', async () => {
    const missing = path.join(folder, 'no-such.tar.gz');
    const refused = await runBackupCommand('restore', [missing], { DATA_DIR: path.join(folder, 'never') });
    expect(refused).toEqual({ code: 1, output: `No backup at ${missing}: give the path of a file made by npm run backup.\n` });
    expect(fs.existsSync(path.join(folder, 'never'))).toBe(false);
  });

  it('refuses a file that is not a backup', async () => {
    const notes = path.join(folder, 'notes.txt');
    fs.writeFileSync(notes, 'not a backup');
    const refused = await runBackupCommand('restore', [notes], { DATA_DIR: path.join(folder, 'never') });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${notes} is not a backup made by npm run backup`);
  });

  it('refuses a backup meant for the other kind of database, saying which setting to change', async () => {
    const intoPostgres = await runBackupCommand('restore', [file], {
      DATA_DIR: path.join(folder, 'never'),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/elsewhere',
    });
    expect(intoPostgres.code).toBe(1);
    expect(intoPostgres.output).toContain('is a backup of the embedded database (DATA_DIR, tar.gz), but DATABASE_URL is set: unset it');
    // The first bytes of pg_dump's custom format are all that tell a PostgreSQL backup.
    const postgresBackup = path.join(folder, 'postgres.pgdump');
    fs.writeFileSync(postgresBackup, 'PGDMP and the rest of an archive');
    const intoEmbedded = await runBackupCommand('restore', [postgresBackup], { DATA_DIR: path.join(folder, 'never') });
    expect(intoEmbedded.code).toBe(1);
    expect(intoEmbedded.output).toContain('is a PostgreSQL backup (pg_dump custom format), but DATABASE_URL is not set: set it to the (empty) database');
    expect(fs.existsSync(path.join(folder, 'never'))).toBe(false);
  });

  it('refuses a folder that holds a database unless --force, which puts the backup in its place and keeps assets-archive/', async () => {
    const changed = await PGlite.create(source);
    await changed.query(
      `update customers set notes = 'written after the backup' where customer_id = (select customer_id from customers order by customer_id limit 1)`,
    );
    await changed.close();
    const afterChange = await rowsIn(source);
    expect(rowDifferences(backedUp, afterChange)).not.toEqual({});

    const refused = await runBackupCommand('restore', [file], { DATA_DIR: source });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`DATA_DIR=${source} already holds a database: stop the server and restore into an empty folder, or add --force`);
    expect(rowDifferences(afterChange, await rowsIn(source))).toEqual({});

    await mustRun('restore', [file, '--force'], { DATA_DIR: source });
    expect(rowDifferences(backedUp, withoutRestoreMark(await rowsIn(source)).rows)).toEqual({});
    expect(fs.readFileSync(path.join(source, 'assets-archive', 'index-old.js'), 'utf8')).toBe('// a build before this one');
    // A hang guard, not a speed target: two restore processes and three opens of the database took 16 s alone and
    // past the project's 30 s on a loaded two-core machine.
  }, 90_000);

  it('refuses to write a backup over an existing file', async () => {
    const refused = await runBackupCommand('backup', [file], { DATA_DIR: source });
    expect(refused).toEqual({ code: 1, output: `${file} already exists: name a new file (a backup never overwrites another).\n` });
  });
});
