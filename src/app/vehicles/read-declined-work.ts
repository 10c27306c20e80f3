import type { Customer, CustomerVehicle, InspectionItem, InspectionReport, ScheduledVisit } from '../../contract/entities.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { openFollowUps, type FollowUp } from '../../domain/inspections/declined-work.ts';

/** An open follow-up with whom and what it is about, as the counter's list shows it. */
export interface DeclinedWorkRow extends FollowUp {
  customer: Pick<Customer, 'customerId' | 'firstName' | 'lastName' | 'companyName'> | null;
  vehicle: CustomerVehicle;
}

/** The vehicles' visits by their customers' index, the reports of those visits and their items: the rule's records. */
async function recordsOf(db: StoreDb, reports: InspectionReport[], vehicles: CustomerVehicle[]) {
  const vehicleIds = new Set(vehicles.map((v) => v.vehicleId));
  const customerIds = [...new Set(vehicles.map((v) => v.customerId))];
  const [visits, items] = await Promise.all([
    db.rows<ScheduledVisit>('scheduledVisits').where('customerId').anyOf(customerIds).toArray(),
    db
      .rows<InspectionItem>('inspectionItems')
      .where('inspectionReportId')
      .anyOf(reports.map((r) => r.inspectionReportId))
      .toArray(),
  ]);
  return { reports, items, visits: visits.filter((v) => v.vehicleId !== null && vehicleIds.has(v.vehicleId)), vehicles };
}

const kept = <T>(rows: (T | undefined)[]): T[] => rows.filter((r): r is T => r !== undefined);

/**
 * The store's open follow-ups from the device's replica (offline too): every report of the store (its reports are
 * few beside its visits), their vehicles and those vehicles' visits by index, then the rule.
 */
export async function readDeclinedWork(db: StoreDb, now: Date): Promise<DeclinedWorkRow[]> {
  const reports = (await db.rows<InspectionReport>('inspectionReports').toArray()).filter((r) => r.vehicleId !== null);
  const vehicles = kept(await db.rows<CustomerVehicle>('customerVehicles').bulkGet([...new Set(reports.map((r) => r.vehicleId!))]));
  const open = openFollowUps(await recordsOf(db, reports, vehicles), now);
  const customers = new Map(kept(await db.rows<Customer>('customers').bulkGet([...new Set(open.map((f) => f.customerId))])).map((c) => [c.customerId, c]));
  const vehicleOf = new Map(vehicles.map((v) => [v.vehicleId, v]));
  return open.map((f) => ({ ...f, customer: customers.get(f.customerId) ?? null, vehicle: vehicleOf.get(f.vehicleId)! }));
}

/** One vehicle's open follow-ups: its visits by its customer's index, their reports by key and by visit. */
export async function readVehicleDeclinedWork(db: StoreDb, vehicleId: string, now: Date): Promise<FollowUp[]> {
  const vehicle = await db.rows<CustomerVehicle>('customerVehicles').get(vehicleId);
  if (!vehicle) return [];
  const visits = (await db.rows<ScheduledVisit>('scheduledVisits').where('customerId').equals(vehicle.customerId).toArray()).filter(
    (v) => v.vehicleId === vehicleId,
  );
  // As the tire history reads them: a report linked to its visit, or named after it before the link arrives.
  const reportIds = [...new Set([...visits.flatMap((v) => (v.inspectionReportId ? [v.inspectionReportId] : [])), ...visits.map((v) => v.scheduledVisitId)])];
  const reports = kept(await db.rows<InspectionReport>('inspectionReports').bulkGet(reportIds)).filter((r) => r.vehicleId === vehicleId);
  return openFollowUps(await recordsOf(db, reports, [vehicle]), now);
}
