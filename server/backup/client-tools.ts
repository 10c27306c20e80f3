import { spawn } from 'node:child_process';
import { BackupError } from './backup-file.ts';

const installAdvice = "install PostgreSQL's client programs of the server's major version (Debian: apt-get install postgresql-client-15)";

/**
 * The connection a client program is given: the URL without its password, which goes in its environment instead
 * (PGPASSWORD), where other users of the machine cannot read it from the process list.
 */
export function clientConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs one of PostgreSQL's client programs (pg_dump, pg_restore); resolves with what it wrote to stderr, or fails with it. */
export function runClientTool(program: 'pg_dump' | 'pg_restore', args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupError(`${program} is not installed here: ${installAdvice}.`) : error),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new BackupError(`${program} failed (exit code ${code}):\n${output.trim()}`));
    });
  });
}

/** The major version of an installed client program (pg_dump --version: "pg_dump (PostgreSQL) 15.20 (Debian …)"). */
export async function clientMajorVersion(program: 'pg_dump' | 'pg_restore'): Promise<number> {
  const answer = await runClientTool(program, ['--version']);
  const major = /\(PostgreSQL\) (\d+)/.exec(answer)?.[1];
  if (!major) throw new BackupError(`Cannot read ${program}'s version from "${answer.trim()}".`);
  return Number(major);
}

/**
 * pg_dump reads only servers of its own major version or older: a newer server is refused here, naming both, before
 * anything is written. (pg_restore has no such bound on the server; an archive newer than it is refused by pg_restore
 * itself, in its own words.)
 */
export function assertPgDumpCanRead(client: number, server: number): void {
  if (client < server)
    throw new BackupError(
      `pg_dump is version ${client} but the server runs PostgreSQL ${server}: install the client programs of version ${server} (Debian: apt-get install postgresql-client-${server}).`,
    );
}
