import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/**
 * Slows down password guessing: after `maxFailures` failed sign-ins for one account or from one address
 * within the window, further attempts for it are refused until the window has passed. Counted in the
 * database so every server process sees the same counts.
 */
export const signInThrottle = { maxFailures: 5, windowMinutes: 15 } as const;

export const subjectsFor = (email: string, address: string) => [`account:${email.trim().toLowerCase()}`, `address:${address}`];

/** Minutes until one of the subjects may try again, or 0 when none is locked. */
export async function lockedForMinutes(db: Db, subjects: string[]): Promise<number> {
  const rows = await db.selectFrom('signInFailures').select(['failures', 'firstFailureAt'])
    .where('subject', 'in', subjects).execute();
  const windowMs = signInThrottle.windowMinutes * 60_000;
  let waitMs = 0;
  for (const row of rows) {
    const until = Date.parse(row.firstFailureAt) + windowMs;
    if (row.failures >= signInThrottle.maxFailures && until > Date.now()) waitMs = Math.max(waitMs, until - Date.now());
  }
  return Math.ceil(waitMs / 60_000);
}

export async function recordFailure(db: Db, subjects: string[]): Promise<void> {
  const window = `${signInThrottle.windowMinutes} minutes`;
  for (const subject of subjects) {
    await db.insertInto('signInFailures').values({ subject, failures: 1, firstFailureAt: new Date().toISOString() })
      .onConflict((oc) => oc.column('subject').doUpdateSet({
        failures: sql`case when sign_in_failures.first_failure_at < now() - ${window}::interval then 1 else sign_in_failures.failures + 1 end`,
        firstFailureAt: sql`case when sign_in_failures.first_failure_at < now() - ${window}::interval then now() else sign_in_failures.first_failure_at end`,
      }))
      .execute();
  }
}

export async function clearFailures(db: Db, subjects: string[]): Promise<void> {
  await db.deleteFrom('signInFailures').where('subject', 'in', subjects).execute();
}
