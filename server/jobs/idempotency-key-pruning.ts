import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { Every } from './every.ts';

/**
 * How long a write's Idempotency-Key and its stored answer are kept. A device replays its outbox with the keys it
 * queued them with, so a key must outlive the longest time a device plausibly stays offline with work queued;
 * a replay later than this is taken as a new request (a create then meets its own row: a 409 the device shows).
 */
export const idempotencyKeyLifetimeMs = 30 * 24 * 3600_000;

/** Deletes the keys made before `now` less `lifetimeMs`. */
export async function pruneIdempotencyKeys(db: Db, now: Date, lifetimeMs = idempotencyKeyLifetimeMs): Promise<void> {
  await db
    .deleteFrom('idempotencyKeys')
    .where('createdOn', '<', new Date(now.getTime() - lifetimeMs).toISOString())
    .execute();
}

/**
 * Prunes idempotency keys by age every hour (the table grew by one row per queued write, for ever). Every server
 * process may run it: a delete of the same old rows by two processes at once removes them once.
 */
export class IdempotencyKeyPruning {
  private readonly timer = new Every(
    () => this.run(),
    (error) => this.options.log('Pruning old idempotency keys failed; the job tries again in an hour.', error),
  );

  constructor(private readonly options: { db: Db; clock: Clock; log: (message: string, error?: unknown) => void; lifetimeMs?: number }) {}

  start(everyMs = 3600_000): void {
    this.timer.start(everyMs);
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** Prunes once, at the clock's now. */
  async run(): Promise<void> {
    return await pruneIdempotencyKeys(this.options.db, this.options.clock.now(), this.options.lifetimeMs);
  }
}
