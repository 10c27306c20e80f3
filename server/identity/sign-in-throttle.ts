import type { Db } from '../db/connect.ts';

/**
 * How sign-in slows password guessing without letting anyone lock others out (OWASP authentication guidance):
 * - an account from one address: a short pause after a few failures (the person at the counter mistyping);
 * - an account from anywhere: a delay that grows with each failure past a few, never a hard lock, so a guesser
 *   spread over many addresses gains little and the owner can still sign in after a short wait;
 * - an address: only a high ceiling, since a whole store may sign in from behind one public address.
 * Counts are kept by the email typed, whether or not an account has it: guesses at emails that do not exist
 * never pause a real account, and the answers never tell whether an account exists. Counted in the database,
 * so every server process sees the same counts; counts a day old are forgotten.
 */
export const signInLimits = {
  pair: { failures: 5, windowMinutes: 15 },
  account: { freeFailures: 5, windowMinutes: 60, maxDelaySeconds: 300 },
  address: { failures: 300, windowMinutes: 60 },
} as const;

export interface SignInAttempt {
  email: string;
  address: string;
}

const subjects = ({ email, address }: SignInAttempt) => {
  const normalized = email.trim().toLowerCase();
  return { pair: `pair:${normalized}|${address}`, account: `account:${normalized}`, address: `address:${address}` };
};

/** Seconds to wait before this attempt may be checked, or 0. */
export async function waitBeforeAttempt(db: Db, attempt: SignInAttempt, now: Date): Promise<number> {
  const keys = subjects(attempt);
  const rows = await db
    .selectFrom('signInFailures')
    .select(['subject', 'failures', 'firstFailureAt', 'lastFailureAt'])
    .where('subject', 'in', [keys.pair, keys.account, keys.address])
    .execute();
  const at = now.getTime();
  let untilMs = 0;
  for (const row of rows) {
    const first = Date.parse(row.firstFailureAt);
    if (row.subject === keys.pair && row.failures >= signInLimits.pair.failures) {
      untilMs = Math.max(untilMs, first + signInLimits.pair.windowMinutes * 60_000);
    }
    if (row.subject === keys.account && row.failures >= signInLimits.account.freeFailures && first + signInLimits.account.windowMinutes * 60_000 > at) {
      const delaySeconds = Math.min(signInLimits.account.maxDelaySeconds, 2 ** (row.failures - signInLimits.account.freeFailures));
      untilMs = Math.max(untilMs, Date.parse(row.lastFailureAt) + delaySeconds * 1000);
    }
    if (row.subject === keys.address && row.failures >= signInLimits.address.failures) {
      untilMs = Math.max(untilMs, first + signInLimits.address.windowMinutes * 60_000);
    }
  }
  return Math.max(0, Math.ceil((untilMs - at) / 1000));
}

const windowOf = (subject: string) =>
  subject.startsWith('pair:')
    ? signInLimits.pair.windowMinutes
    : subject.startsWith('account:')
      ? signInLimits.account.windowMinutes
      : signInLimits.address.windowMinutes;

export async function recordFailure(db: Db, attempt: SignInAttempt, now: Date): Promise<void> {
  const keys = subjects(attempt);
  const at = now.toISOString();
  for (const subject of [keys.pair, keys.account, keys.address]) {
    const windowStart = new Date(now.getTime() - windowOf(subject) * 60_000).toISOString();
    await db
      .insertInto('signInFailures')
      .values({ subject, failures: 1, firstFailureAt: at, lastFailureAt: at })
      .onConflict((oc) =>
        oc.column('subject').doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('signInFailures.firstFailureAt', '<', windowStart)
            .then(1)
            .else(eb('signInFailures.failures', '+', 1))
            .end(),
          firstFailureAt: eb.case().when('signInFailures.firstFailureAt', '<', windowStart).then(at).else(eb.ref('signInFailures.firstFailureAt')).end(),
          lastFailureAt: at,
        })),
      )
      .execute();
  }
  await db
    .deleteFrom('signInFailures')
    .where('lastFailureAt', '<', new Date(now.getTime() - 86_400_000).toISOString())
    .execute();
}

/** A successful sign-in clears the account's counts (not its address's: the ceiling guards the address). */
export async function clearFailures(db: Db, attempt: SignInAttempt): Promise<void> {
  const keys = subjects(attempt);
  await db.deleteFrom('signInFailures').where('subject', 'in', [keys.pair, keys.account]).execute();
}
