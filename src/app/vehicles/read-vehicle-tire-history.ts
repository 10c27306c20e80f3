import type { CustomerVehicle, InspectionItem, InspectionReport, ScheduledVisit } from '../../contract/entities.ts';
import type { VisitTire } from '../../contract/visit-tires.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { vehicleTireHistory, type VehicleTireHistory } from '../../domain/tires/vehicle-tire-history.ts';

/**
 * A vehicle's tires and tread from the device's replica of the store (works offline; the bay and the counter both
 * hold visits, visit tires, reports and their items): its visits by its customer's index, then their tires and
 * their inspections by key and index, never a scan of the store's years of visits.
 */
export async function readVehicleTireHistory(db: StoreDb, vehicleId: string, today: string): Promise<VehicleTireHistory> {
  const vehicle = await db.rows<CustomerVehicle>('customerVehicles').get(vehicleId);
  const visits = vehicle
    ? (await db.rows<ScheduledVisit>('scheduledVisits').where('customerId').equals(vehicle.customerId).toArray()).filter((v) => v.vehicleId === vehicleId)
    : [];
  const visitIds = visits.map((v) => v.scheduledVisitId);
  // A report is linked to its visit by the server; the bay names a report it starts after its visit, which holds
  // before the link arrives (offline).
  const reportIds = [...new Set([...visits.flatMap((v) => (v.inspectionReportId ? [v.inspectionReportId] : [])), ...visitIds])];
  const [tires, reports] = await Promise.all([
    db.rows<VisitTire>('visitTires').where('scheduledVisitId').anyOf(visitIds).toArray(),
    db.rows<InspectionReport>('inspectionReports').bulkGet(reportIds),
  ]);
  const found = reports.filter((r): r is InspectionReport => r !== undefined);
  const items = await db
    .rows<InspectionItem>('inspectionItems')
    .where('inspectionReportId')
    .anyOf(found.map((r) => r.inspectionReportId))
    .toArray();
  return vehicleTireHistory({ vehicleId, visits, tires, reports: found, items }, today);
}
