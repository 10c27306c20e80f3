/**
 * npm run backup [-- <file>] [--snapshot=ID]: the database the server's settings name (DATABASE_URL, else the
 * embedded one in DATA_DIR) into one file, by default backups/alltrac-<time>.pgdump (or
 * alltrac-embedded-<time>.tar.gz). PostgreSQL only: --snapshot dumps as of a snapshot another session exported
 * (pg_export_snapshot()) and holds open, so the backup matches what that session reads.
 * docs/operations.md, "Backups", says when to run it and what a backup holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BackupError, defaultBackupFile, prepareBackupFile } from '../server/backup/backup-file.ts';
import { commandArguments, runCommand } from '../server/backup/command.ts';
import { backupEmbedded } from '../server/backup/embedded-backup.ts';
import { backupPostgres, describeDatabase } from '../server/backup/postgres-backup.ts';
import { databaseLocation } from '../server/config.ts';

// npm runs scripts in the app's folder; a file named on the command line is where the caller stood (INIT_CWD).
const callerFolder = process.env.INIT_CWD ?? process.cwd();

await runCommand(async () => {
  const { file: named, options } = commandArguments(process.argv.slice(2), ['--snapshot']);
  const snapshot = options.get('--snapshot');
  if (snapshot === true) throw new BackupError('Give the snapshot: --snapshot=ID (the answer of pg_export_snapshot()).');
  const { databaseUrl, dataDir } = databaseLocation();
  if (snapshot && !databaseUrl) throw new BackupError('--snapshot is for PostgreSQL (DATABASE_URL); the embedded database has no snapshots to share.');
  const file = path.resolve(callerFolder, named ?? defaultBackupFile(databaseUrl ? 'postgres' : 'embedded', new Date()));
  prepareBackupFile(file);
  const started = performance.now();
  if (databaseUrl) await backupPostgres(databaseUrl, file, snapshot ? { snapshot } : {});
  else await backupEmbedded(dataDir, file);
  const source = databaseUrl ? `PostgreSQL database ${describeDatabase(databaseUrl)}` : `embedded database in ${dataDir}`;
  const size = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  return `Backed up the ${source} to ${file} (${size} MiB, ${((performance.now() - started) / 1000).toFixed(1)} s).`;
});
