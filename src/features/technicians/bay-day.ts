import { useLiveQuery } from 'dexie-react-hooks';
import type {
  Customer,
  CustomerVehicle,
  InspectionItem,
  InspectionPhoto,
  InspectionReport,
  ScheduledService,
  ScheduledVisit,
  SchedulerResource,
  SpecialStoreHours,
  StoreService,
  StoreStaff,
} from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { displayName, licenceText } from '../../domain/people/display-name.ts';
import { completeQuestion, inspectionLeft, inspectionProgress } from '../../domain/inspections/inspections.ts';
import { bayRoles } from '../../domain/people/roles.ts';
import { hoursOn } from '../../domain/store/store-hours.ts';
import { technicianOf } from '../../domain/scheduler/technician-rules.ts';
import { instantToWallClock, storeTimeZone, wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { isVisitOpen } from '../../domain/scheduler/visit-rules.ts';
import { promiseRiskReader, type Risk } from '../../domain/scheduler/promise.ts';
import { addDays } from '../../domain/calendar/calendar-date.ts';

/** One job of the day in the bay: a scheduled service with its visit, vehicle, customer and inspection. */
export interface BayJob {
  service: ScheduledService;
  visit: ScheduledVisit;
  serviceName: string;
  customerName: string;
  vehicle: string | null;
  licence: string;
  technicianId: string | null;
  report: InspectionReport | null;
  progress: { done: number; total: number } | null;
  /** Photos of its inspection not yet on the server (taken on some device, still uploading). */
  photosPending: number;
  /** Whether its visit's promise is at risk at a moment, and why (issue 48); null when it has no promise. */
  riskAt(now: Date): Risk | null;
}

export interface BayDay {
  date: string;
  jobs: BayJob[];
  technicians: { userId: string; name: string }[];
  /** The store's hours today, or null when it is closed. */
  hours: { open: string; close: string } | null;
  /** Photos taken on this device that wait to upload. */
  photosWaitingHere: number;
}

/** The store's today (its wall clock), as YYYY-MM-DD. */
export const storeToday = (store: Pick<StoreLocation, 'timeZone'>, now = new Date()) =>
  instantToWallClock(
    now.toISOString(),
    storeTimeZone(store.timeZone, () => undefined),
  ).slice(0, 10);

async function readBayDay(db: StoreDb, store: StoreLocation, date: string): Promise<BayDay> {
  const zone = storeTimeZone(store.timeZone, () => undefined);
  const next = addDays(date, 1);
  const [services, catalogue, resources, staff, special, waiting] = await Promise.all([
    db
      .rows<ScheduledService>('scheduledServices')
      .where('startDate')
      .between(wallClockIsoToInstant(`${date}T00:00:00`, zone), wallClockIsoToInstant(`${next}T00:00:00`, zone), true, false)
      .toArray(),
    db.rows<StoreService>('storeServices').toArray(),
    db.rows<SchedulerResource>('schedulerResources').toArray(),
    db.rows<StoreStaff>('storeStaff').toArray(),
    db.rows<SpecialStoreHours>('specialStoreHours').toArray(),
    db.outbox.filter((e) => e.upload !== undefined).count(),
  ]);
  const visitIds = [...new Set(services.map((s) => s.scheduledVisitId))];
  const visits = new Map(
    (await db.rows<ScheduledVisit>('scheduledVisits').bulkGet(visitIds)).filter((v): v is ScheduledVisit => !!v).map((v) => [v.scheduledVisitId, v]),
  );
  const [customers, vehicles, reports] = await Promise.all([
    db.rows<Customer>('customers').bulkGet([...visits.values()].map((v) => v.customerId ?? '')),
    db.rows<CustomerVehicle>('customerVehicles').bulkGet([...visits.values()].map((v) => v.vehicleId ?? '')),
    db
      .rows<InspectionReport>('inspectionReports')
      .filter((r) => visits.has(r.scheduledVisitId))
      .toArray(),
  ]);
  const reportIds = reports.map((r) => r.inspectionReportId);
  const [items, photos] = await Promise.all([
    db.rows<InspectionItem>('inspectionItems').where('inspectionReportId').anyOf(reportIds).toArray(),
    db.rows<InspectionPhoto>('inspectionPhotos').where('inspectionReportId').anyOf(reportIds).toArray(),
  ]);
  const customerById = new Map(customers.filter((c): c is Customer => !!c).map((c) => [c.customerId, c]));
  const vehicleById = new Map(vehicles.filter((v): v is CustomerVehicle => !!v).map((v) => [v.vehicleId, v]));
  const reportByVisit = new Map(reports.map((r) => [r.scheduledVisitId, r]));
  const serviceName = new Map(catalogue.map((s) => [s.storeServiceId, s.name]));
  const resourceById = new Map(resources.map((r) => [r.schedulerResourceId, r]));
  const riskOf = promiseRiskReader(store, { services, visits: [...visits.values()], resources, specialStoreHours: special });
  const jobs = services
    .flatMap((service): BayJob[] => {
      const visit = visits.get(service.scheduledVisitId);
      // Picked up or canceled: off the bay's list. Work complete stays until the car is ready for pickup.
      if (!visit || !isVisitOpen(visit)) return [];
      const customer = visit.customerId ? customerById.get(visit.customerId) : undefined;
      const vehicle = visit.vehicleId ? vehicleById.get(visit.vehicleId) : undefined;
      const report = reportByVisit.get(visit.scheduledVisitId) ?? null;
      const results = report ? items.filter((i) => i.inspectionReportId === report.inspectionReportId) : [];
      return [
        {
          service,
          visit,
          serviceName: service.storeServiceId ? (serviceName.get(service.storeServiceId) ?? 'Service') : (visit.description ?? 'Service'),
          customerName: customer ? displayName(customer) : 'Customer',
          vehicle: vehicle ? [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || null : null,
          licence: vehicle ? licenceText(vehicle) : '',
          technicianId: technicianOf(service, resourceById),
          report,
          progress: report ? inspectionProgress(report.groups, results) : null,
          photosPending: report ? photos.filter((p) => p.inspectionReportId === report.inspectionReportId && !p.uploadedAt).length : 0,
          riskAt: (now) => riskOf(visit, now),
        },
      ];
    })
    .sort((a, b) => a.service.startDate.localeCompare(b.service.startDate));
  return {
    date,
    jobs,
    technicians: staff
      .filter((p) => p.roles.some((r) => bayRoles.includes(r)))
      .map((p) => ({ userId: p.userId, name: p.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    hours: hoursOn(store, special, date),
    photosWaitingHere: waiting,
  };
}

/** The bay's day at the store, live from the replica (a change on any device shows at once). */
export function useBayDay(store: StoreLocation | null, date: string): BayDay | undefined {
  return useLiveQuery(() => (store ? readBayDay(replicaOf(store.id), store, date) : Promise.resolve(undefined)), [store, date]);
}

/**
 * What to ask before completing a visit's work (its inspection still open, and what is left), read from the replica
 * when the technician presses the button: a screen's live copy can be a moment behind an inspection just started or
 * completed on it, and asking from that copy either swallowed the tap or skipped the question.
 */
export async function workCompleteQuestion(storeId: number, scheduledVisitId: string): Promise<string | null> {
  const db = replicaOf(storeId);
  const report = await db
    .rows<InspectionReport>('inspectionReports')
    .filter((r) => r.scheduledVisitId === scheduledVisitId)
    .first();
  if (!report) return null;
  const results = await db.rows<InspectionItem>('inspectionItems').where('inspectionReportId').equals(report.inspectionReportId).toArray();
  return completeQuestion('work', report, inspectionLeft(report.groups, results));
}
