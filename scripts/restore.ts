/**
 * npm run restore -- <file> [--force]: a file made by npm run backup into the database the server's settings name
 * (DATABASE_URL, else the embedded one in DATA_DIR), which must be empty unless --force. Run it with the server
 * stopped; start the server after (it migrates the restored data to its version). docs/operations.md, "Restoring".
 */
import path from 'node:path';
import { BackupError, backupKindNames, backupKindOf } from '../server/backup/backup-file.ts';
import { commandArguments, runCommand } from '../server/backup/command.ts';
import { restoreEmbedded } from '../server/backup/embedded-backup.ts';
import { describeDatabase, restorePostgres } from '../server/backup/postgres-backup.ts';
import { databaseLocation } from '../server/config.ts';

// npm runs scripts in the app's folder; a file named on the command line is where the caller stood (INIT_CWD).
const callerFolder = process.env.INIT_CWD ?? process.cwd();

await runCommand(async () => {
  const { file: named, options } = commandArguments(process.argv.slice(2), ['--force']);
  if (!named) throw new BackupError('Name the backup to restore: npm run restore -- <file> [--force].');
  const file = path.resolve(callerFolder, named);
  const kind = backupKindOf(file);
  const { databaseUrl, dataDir } = databaseLocation();
  const force = options.get('--force') === true;
  if (kind === 'postgres' && !databaseUrl)
    throw new BackupError(`${file} is ${backupKindNames.postgres}, but DATABASE_URL is not set: set it to the (empty) database to restore into.`);
  if (kind === 'embedded' && databaseUrl)
    throw new BackupError(
      `${file} is ${backupKindNames.embedded}, but DATABASE_URL is set: unset it to restore into DATA_DIR (${dataDir}); a PostgreSQL server takes only a PostgreSQL backup.`,
    );
  const { tables, lost } = databaseUrl ? await restorePostgres(file, databaseUrl, { force }) : await restoreEmbedded(file, dataDir, { force });
  const target = databaseUrl ? `PostgreSQL database ${describeDatabase(databaseUrl)}` : `embedded database in ${dataDir}`;
  return [
    `Restored ${file} into the ${target} (${tables} tables). Start the server on it: it applies any newer migrations.`,
    `The backup holds changes up to version ${lost.after}: devices that synced only up to it resume where they were;`,
    'devices that pulled later changes (lost with the restore) start their replicas again, keeping the changes they still have to send.',
  ].join('\n');
});
