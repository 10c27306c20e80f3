import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { VisitPromise } from '../../src/contract/visit-promise.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

/** A promise given to a visit, as the write that changes its pickUpTime records it. */
export interface PromiseMove {
  companyId: number;
  storeId: number;
  scheduledVisitId: string;
  pickUpTime: string | null;
  previousPickUpTime: string | null;
  movedBy: string | null;
  movedByName: string | null;
  movedAt: string;
  reason: string | null;
}

/** Adds the move to the visit's promise history, inside the write's transaction (the visit's row is locked by it). */
export async function recordPromise(trx: Transaction<Database>, move: PromiseMove): Promise<void> {
  await trx
    .insertInto('visitPromises')
    .values({ visitPromiseId: randomUUID(), ...move })
    .execute();
}

const historyColumns = ['visitPromiseId', 'scheduledVisitId', 'pickUpTime', 'previousPickUpTime', 'movedBy', 'movedByName', 'movedAt', 'reason'] as const;

/** A visit's promises, first given first. */
export async function promiseHistory(db: Db, scope: { companyId: number; storeId: number }, scheduledVisitId: string): Promise<VisitPromise[]> {
  return db
    .selectFrom('visitPromises')
    .select(historyColumns)
    .where('companyId', '=', scope.companyId)
    .where('storeId', '=', scope.storeId)
    .where('scheduledVisitId', '=', scheduledVisitId)
    .orderBy('seq')
    .execute();
}
