import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { Every } from './every.ts';

/**
 * How long the audit trail keeps a change's record unless AUDIT_RETENTION_DAYS says otherwise: a little over a
 * year, so "who changed this price last spring?" can still be answered at the next year's review.
 */
export const defaultAuditRetentionDays = 400;
const dayMs = 24 * 3600_000;

/** Deletes the records made before `now` less `retentionDays`. */
export async function pruneAuditTrail(db: Db, now: Date, retentionDays: number): Promise<void> {
  await db
    .deleteFrom('auditRecords')
    .where('recordedAt', '<', new Date(now.getTime() - retentionDays * dayMs).toISOString())
    .execute();
}

/**
 * Prunes the audit trail by age every hour. Every server process may run it: a delete of the same old records by
 * two processes at once removes them once.
 */
export class AuditTrailPruning {
  private readonly timer = new Every(
    () => this.run(),
    (error) => this.options.log('Pruning the audit trail failed; the job tries again in an hour.', error),
  );

  constructor(private readonly options: { db: Db; clock: Clock; retentionDays: number; log: (message: string, error?: unknown) => void }) {}

  start(everyMs = 3600_000): void {
    this.timer.start(everyMs);
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** Prunes once, at the clock's now. */
  async run(): Promise<void> {
    await pruneAuditTrail(this.options.db, this.options.clock.now(), this.options.retentionDays);
  }
}
