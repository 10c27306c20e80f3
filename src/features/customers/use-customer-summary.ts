import { useLiveQuery } from 'dexie-react-hooks';
import type { CustomerVehicle, ScheduledService, ScheduledVisit } from '../../contract/entities.ts';
import { replicaOf } from '../../db/use-replica.ts';

export interface CustomerSummary {
  vehicles: CustomerVehicle[];
  visitCount: number;
  /** When the customer last came in (the start of their last visit's first service), if ever. */
  lastVisit: string | null;
  /** Their next booked visit, if any. */
  nextVisit: string | null;
}

/** Vehicles and visits of one customer at this store, live from the replica (a row of the search, the edit view). */
export async function customerSummary(storeId: number, customerId: string, now = Date.now()): Promise<CustomerSummary> {
  const db = replicaOf(storeId);
  const [vehicles, visits] = await Promise.all([
    db.rows<CustomerVehicle>('customerVehicles').where('customerId').equals(customerId).toArray(),
    db.rows<ScheduledVisit>('scheduledVisits').where('customerId').equals(customerId).toArray(),
  ]);
  const live = visits.filter((v) => !v.cancelDate);
  const services =
    live.length === 0
      ? []
      : await db
          .rows<ScheduledService>('scheduledServices')
          .where('scheduledVisitId')
          .anyOf(live.map((v) => v.scheduledVisitId))
          .toArray();
  const starts = services.map((s) => s.startDate).sort();
  const nowIso = new Date(now).toISOString();
  return {
    vehicles: vehicles.sort((a, b) => (b.year ?? 0) - (a.year ?? 0)),
    visitCount: live.length,
    lastVisit: starts.filter((s) => s <= nowIso).at(-1) ?? null,
    nextVisit: starts.find((s) => s > nowIso) ?? null,
  };
}

export function useCustomerSummary(storeId: number, customerId: string): CustomerSummary | undefined {
  return useLiveQuery(() => customerSummary(storeId, customerId), [storeId, customerId]);
}
