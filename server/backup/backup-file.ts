import fs from 'node:fs';
import path from 'node:path';

/** A refusal or failure of `npm run backup` or `npm run restore`, in words the operator can act on. */
export class BackupError extends Error {}

/** What a backup file holds: a PostgreSQL database (pg_dump's custom format) or the embedded one (its files, tar.gz). */
export type BackupKind = 'postgres' | 'embedded';

export const backupKindNames: Record<BackupKind, string> = {
  postgres: 'a PostgreSQL backup (pg_dump custom format)',
  embedded: 'a backup of the embedded database (DATA_DIR, tar.gz)',
};

const customFormatMagic = Buffer.from('PGDMP');
const gzipMagic = Buffer.from([0x1f, 0x8b]);

/** The kind of a backup file, read from its first bytes; a missing or foreign file is refused by name. */
export function backupKindOf(file: string): BackupKind {
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}: give the path of a file made by npm run backup.`);
  if (!fs.statSync(file).isFile()) throw new BackupError(`${file} is not a file: give the path of a file made by npm run backup.`);
  const head = Buffer.alloc(5);
  const descriptor = fs.openSync(file, 'r');
  try {
    fs.readSync(descriptor, head, 0, head.length, 0);
  } finally {
    fs.closeSync(descriptor);
  }
  if (head.subarray(0, customFormatMagic.length).equals(customFormatMagic)) return 'postgres';
  if (head.subarray(0, gzipMagic.length).equals(gzipMagic)) return 'embedded';
  throw new BackupError(`${file} is not a backup made by npm run backup (neither pg_dump's custom format nor the embedded database's tar.gz).`);
}

/** A new backup's default path: backups/ under the app's folder, named by its kind and the time (UTC), never overwritten. */
export function defaultBackupFile(kind: BackupKind, now: Date, root = process.cwd()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return path.join(root, 'backups', kind === 'postgres' ? `alltrac-${stamp}.pgdump` : `alltrac-embedded-${stamp}.tar.gz`);
}

/** Makes the backup's folder and refuses to write over an existing file (an older backup is never lost to a typo). */
export function prepareBackupFile(file: string): void {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: name a new file (a backup never overwrites another).`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
}

/**
 * Writes the backup under a temporary name and renames it when whole: a backup cut off (a full disk, Ctrl+C)
 * never lies in the folder looking like a good one.
 */
export async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}
