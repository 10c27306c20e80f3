import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A seeded database takes seconds to make and every test file wants one: it is made once per day and per
 * version of the migrations, the seed, the shared rules and contract it reads and the server keys' code, kept
 * in the temp folder and shared by every test process.
 */
export function seedFingerprint(): string {
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  // The seed also reads the shared rules and contract (the default inspection template, services, hours) and
  // makes the derived tables of server/sync (visit scope, customer keys).
  for (const dir of ['server/db', 'server/seed', 'server/sync', 'server/identity', 'src/domain', 'src/contract']) {
    const names = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((n) => n.endsWith('.ts'))
      .sort();
    for (const name of names) hash.update(name).update(fs.readFileSync(path.join(dir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The fingerprint of the sources as a vitest run found them when it started (vitest.config.ts sets it). A run
 * transforms each file once and keeps that code to its end, so a run that began before someone edited the seed
 * still seeds the old way: reading the files again when it seeds would file its old data under the new sources
 * and hand it to every run started after the edit.
 */
export const seedFingerprintVariable = 'ALLTRAC_SEED_FINGERPRINT';

/**
 * The cached file or folder named `kind`, made by `make` into the path it is given when missing. Two processes
 * may make it at once: the first rename wins and the other's copy is dropped. Copies of other days or other
 * versions of the seed are removed after a day.
 */
export async function cachedSeed(kind: string, make: (into: string) => Promise<void>): Promise<string> {
  const prefix = `alltrac-${kind}-`;
  const target = path.join(os.tmpdir(), `${prefix}${process.env[seedFingerprintVariable] ?? seedFingerprint()}`);
  if (fs.existsSync(target)) return target;
  const making = path.join(os.tmpdir(), `alltrac-making-${kind}-${process.pid}-${Date.now()}`);
  await make(making);
  try {
    fs.renameSync(making, target);
  } catch {
    fs.rmSync(making, { recursive: true, force: true });
  }
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(prefix))) {
    const old = path.join(os.tmpdir(), name);
    if (old !== target && fs.statSync(old).mtimeMs < dayAgo) fs.rmSync(old, { recursive: true, force: true });
  }
  return target;
}
