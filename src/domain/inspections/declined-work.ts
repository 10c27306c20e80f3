import type { Customer, CustomerVehicle, InspectionItem, InspectionReport, ScheduledVisit } from '../../contract/entities.ts';

/**
 * Declined work comes back (issue 49): each Failed or Warning finding the customer declined, or left unanswered
 * for a while after the report went out, is a follow-up on its vehicle, worked out from what the replica holds
 * (reports, their items, the vehicle's visits), so the counter reads it offline. No collection of its own.
 *
 * A follow-up closes when the same vehicle has since had an inspection where that item was Approved or Passed
 * (the work was done), or has an open visit booked after the decision (the work is booked). Why these defaults:
 * docs/decisions/inspections-and-technicians.md ("Declined work").
 */

const dayMs = 86_400_000;
/** Days after the decision a declined Failed finding is due for a reminder, until a store setting exists. */
export const failedFollowUpDays = 14;
/** Days after the decision a declined Warning finding is due for a reminder, until a store setting exists. */
export const warningFollowUpDays = 60;
/** Days after the report reached the customer an unanswered finding counts as declined. */
export const unansweredAfterDays = 7;

export type FollowUpReport = Pick<
  InspectionReport,
  'inspectionReportId' | 'scheduledVisitId' | 'vehicleId' | 'groups' | 'startedAt' | 'completedAt' | 'sentAt'
>;
export type FollowUpItem = Pick<InspectionItem, 'inspectionReportId' | 'itemId' | 'status' | 'notes' | 'customerDecision' | 'decidedAt' | 'fix'>;
export type FollowUpVisit = Pick<
  ScheduledVisit,
  'scheduledVisitId' | 'customerId' | 'vehicleId' | 'scheduledCustomerCheckIn' | 'cancelDate' | 'workCompleteDate' | 'readyForPickupDate' | 'checkOutDate'
>;
export type FollowUpVehicle = Pick<CustomerVehicle, 'vehicleId' | 'customerId' | 'year' | 'make' | 'model'>;
export type FollowUpCustomer = Pick<Customer, 'customerId' | 'firstName' | 'lastName' | 'companyName'>;

export interface FollowUpRecords {
  reports: readonly FollowUpReport[];
  items: readonly FollowUpItem[];
  visits: readonly FollowUpVisit[];
  /** Vehicles still kept; a finding of a vehicle not here (deleted) is no follow-up. */
  vehicles: readonly FollowUpVehicle[];
}

export type FollowUpState = { open: true } | { open: false; closedBy: 'done' | 'booked' };

export interface FollowUp {
  inspectionReportId: string;
  itemId: string;
  vehicleId: string;
  customerId: string;
  scheduledVisitId: string;
  itemName: string;
  notes: string | null;
  severity: 'Failed' | 'Warning';
  /** The priced fix's total as the customer was shown it; null when the counter priced no fix. */
  priceInCents: number | null;
  /** Declined by the customer, or left unanswered past unansweredAfterDays. */
  reason: 'declined' | 'unanswered';
  /** When it was declined, or when leaving it unanswered counted as declining (ISO). */
  decidedAt: string;
  dueAt: string;
  overdue: boolean;
  state: FollowUpState;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const group = groups.get(k);
    // Pushed, not copied: a copy per row made a store's years of findings quadratic in a vehicle's visits.
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * dayMs).toISOString();

function itemNames(report: FollowUpReport): Map<string, string> {
  return new Map(report.groups.flatMap((g) => g.items.map((i) => [i.itemId, i.name] as const)));
}

/** When the finding counts as declined, or null while the customer may still answer (or approved it). */
function declinedAt(item: FollowUpItem, report: FollowUpReport, now: Date): { reason: FollowUp['reason']; at: string } | null {
  if (item.customerDecision === 'Declined') return { reason: 'declined', at: item.decidedAt ?? report.sentAt ?? report.completedAt ?? report.startedAt };
  if (item.customerDecision === 'Approved') return null;
  const reached = report.sentAt ?? report.completedAt;
  if (!reached) return null;
  const at = addDays(reached, unansweredAfterDays);
  return Date.parse(at) <= now.getTime() ? { reason: 'unanswered', at } : null;
}

const isDone = (v: FollowUpVisit) => v.workCompleteDate !== null || v.readyForPickupDate !== null || v.checkOutDate !== null;

function stateOf(
  followUp: Omit<FollowUp, 'state' | 'overdue'>,
  later: { reports: FollowUpReport[]; itemsOf: Map<string, FollowUpItem[]>; visits: FollowUpVisit[] },
): FollowUpState {
  for (const report of later.reports) {
    if (report.inspectionReportId === followUp.inspectionReportId || report.startedAt <= followUp.decidedAt) continue;
    const names = itemNames(report);
    const fixed = (later.itemsOf.get(report.inspectionReportId) ?? []).some(
      (i) => (i.itemId === followUp.itemId || names.get(i.itemId) === followUp.itemName) && (i.status === 'Passed' || i.customerDecision === 'Approved'),
    );
    if (fixed) return { open: false, closedBy: 'done' };
  }
  const booked = later.visits.some(
    (v) =>
      v.scheduledVisitId !== followUp.scheduledVisitId &&
      v.cancelDate === null &&
      !isDone(v) &&
      v.scheduledCustomerCheckIn !== null &&
      v.scheduledCustomerCheckIn > followUp.decidedAt,
  );
  return booked ? { open: false, closedBy: 'booked' } : { open: true };
}

/** Every follow-up of the records, open and closed, in the counter's order: due first, then the larger price. */
export function followUps(records: FollowUpRecords, now: Date): FollowUp[] {
  const vehicles = new Map(records.vehicles.map((v) => [v.vehicleId, v]));
  const visits = new Map(records.visits.map((v) => [v.scheduledVisitId, v]));
  const itemsOf = groupBy(records.items, (i) => i.inspectionReportId);
  const reportsOf = groupBy(records.reports, (r) => r.vehicleId);
  const visitsOf = groupBy(records.visits, (v) => v.vehicleId);
  const found: FollowUp[] = [];
  for (const report of records.reports) {
    const vehicle = report.vehicleId ? vehicles.get(report.vehicleId) : undefined;
    if (!vehicle || !visits.has(report.scheduledVisitId)) continue;
    const names = itemNames(report);
    for (const item of itemsOf.get(report.inspectionReportId) ?? []) {
      if (item.status !== 'Failed' && item.status !== 'Warning') continue;
      const declined = declinedAt(item, report, now);
      if (!declined) continue;
      const dueAt = addDays(declined.at, item.status === 'Failed' ? failedFollowUpDays : warningFollowUpDays);
      const followUp = {
        inspectionReportId: report.inspectionReportId,
        itemId: item.itemId,
        vehicleId: vehicle.vehicleId,
        customerId: vehicle.customerId,
        scheduledVisitId: report.scheduledVisitId,
        itemName: names.get(item.itemId) ?? 'Inspection item',
        notes: item.notes?.trim() || null,
        severity: item.status,
        priceInCents: item.fix?.priced.totalInCents ?? null,
        reason: declined.reason,
        decidedAt: declined.at,
        dueAt,
      };
      const later = { reports: reportsOf.get(vehicle.vehicleId) ?? [], itemsOf, visits: visitsOf.get(vehicle.vehicleId) ?? [] };
      found.push({ ...followUp, overdue: Date.parse(dueAt) < now.getTime(), state: stateOf(followUp, later) });
    }
  }
  return found.sort(byDueThenValue);
}

const severityOrder = { Failed: 0, Warning: 1 } as const;

/** Due first; on the same due date the larger price, then Failed before Warning. */
export function byDueThenValue(a: FollowUp, b: FollowUp): number {
  return (
    a.dueAt.localeCompare(b.dueAt) ||
    (b.priceInCents ?? -1) - (a.priceInCents ?? -1) ||
    severityOrder[a.severity] - severityOrder[b.severity] ||
    a.itemName.localeCompare(b.itemName)
  );
}

/** The follow-ups still open: what the counter's list and the vehicle's page show. */
export const openFollowUps = (records: FollowUpRecords, now: Date): FollowUp[] => followUps(records, now).filter((f) => f.state.open);
