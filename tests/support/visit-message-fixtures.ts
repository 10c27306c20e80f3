import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/connect.ts';
import { refreshCustomerKeys } from '../../server/sync/customer-keys.ts';

/**
 * A visit of the store at `arrival` (or checked out at `checkOut`) whose customer has the given contact
 * details; every other demo visit is years away from the test clocks, so only these are ever due.
 */
export async function visitFor(
  db: Db,
  storeId: number,
  at: { arrival?: string; checkOut?: string; canceled?: boolean },
  customer: Record<string, unknown>,
): Promise<{ visitId: string; customerId: string }> {
  const visit = await db
    .selectFrom('scheduledVisits')
    .select(['scheduledVisitId', 'companyId'])
    .where('storeId', '=', storeId)
    .where('customerId', 'is not', null)
    .where('deleted', '=', false)
    .orderBy('scheduledVisitId')
    .executeTakeFirstOrThrow();
  const customerId = randomUUID();
  const visitId = randomUUID();
  const base = await db.selectFrom('customers').selectAll().where('companyId', '=', visit.companyId).executeTakeFirstOrThrow();
  await db
    .insertInto('customers')
    .values({ ...base, customerId, firstName: 'Robin', lastName: 'Test', email: null, phoneNumber: null, textConsentMethod: null, ...customer } as never)
    .execute();
  // Written around the write path, as the seed writes: its search and duplicate keys made as the seed makes them.
  await db.transaction().execute((trx) => refreshCustomerKeys(trx, visit.companyId, [customerId]));
  const template = await db.selectFrom('scheduledVisits').selectAll().where('scheduledVisitId', '=', visit.scheduledVisitId).executeTakeFirstOrThrow();
  await db
    .insertInto('scheduledVisits')
    .values({
      ...template,
      scheduledVisitId: visitId,
      scheduledVisitHashId: randomUUID().replace(/-/g, ''),
      customerId,
      vehicleId: null,
      scheduledCustomerCheckIn: at.arrival ?? at.checkOut ?? null,
      cancelDate: at.canceled ? (at.arrival ?? null) : null,
      checkInDate: at.checkOut ?? null,
      checkOutDate: at.checkOut ?? null,
      workStartDate: null,
      workCompleteDate: null,
      readyForPickupDate: null,
    } as never)
    .execute();
  return { visitId, customerId };
}
