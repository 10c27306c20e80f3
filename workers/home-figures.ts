import type {
  Customer,
  CustomerVehicle,
  InspectionItem,
  InspectionReport,
  ScheduledService,
  ScheduledVisit,
  SchedulerResource,
  StoreMessage,
  StoreStaff,
  UnconfirmedVisit,
} from '../src/contract/entities.ts';
import type { StoreDb } from '../src/db/store-db.ts';
import type { StoreLocation } from '../src/contract/store-location.ts';
import { floorTables, readFloorRows } from '../src/db/floor-rows.ts';
import { visitsAtRisk, type FloorRows, type PromiseStore } from '../src/domain/scheduler/promise.ts';
import { displayName, vehicleTitle } from '../src/domain/people/display-name.ts';
import { bayRoles } from '../src/domain/people/roles.ts';
import { isVisitOpen } from '../src/domain/scheduler/visit-rules.ts';
import { watchFigures, type StopWatch } from './live-watch.ts';
import {
  inspectionsAwaitingAnswer,
  jobsNobodyHas,
  lateJobs,
  nextArrivals,
  readyForPickup,
  requestsToConfirm,
  storeDayAt,
  technicianLoad,
  vehiclesHere,
  visitsByStatus,
  visitSpans,
  type VehicleHere,
} from '../src/domain/store/store-day.ts';
import type { HomeFigures, HomeVisit } from '../src/domain/store/home-figures.ts';

const dayMs = 86_400_000;
/**
 * How far back home looks for cars still in the store's hands (by when they were checked in or marked ready): one
 * taken in longer ago and never checked out is a record to tidy, not a car in the lot.
 */
export const carsHereLookBackDays = 14;

/** What home reads, once per change of any of these tables. */
export interface HomeRows {
  services: ScheduledService[];
  visits: ScheduledVisit[];
  customers: Map<string, Customer>;
  vehicles: Map<string, CustomerVehicle>;
  resources: SchedulerResource[];
  staff: StoreStaff[];
  requests: UnconfirmedVisit[];
  reports: InspectionReport[];
  items: InspectionItem[];
  /** Visits a ServiceFinished text went out for (or is queued for) in the window, and when: the counter sees it was texted. */
  textedReady: Map<string, string>;
  /** What the promise rule places (src/db/floor-rows.ts), and the store's hours it places it in (null: not on the device yet). */
  floor: FloorRows;
  store: PromiseStore | null;
  /** The store's first sync on this device is complete: until then a zero may only be rows not here yet. */
  synced: boolean;
  newMessages: number;
  unreadRatings: number;
  waitingChanges: number;
  refusedChanges: number;
  waitingPhotos: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Home's rows, in one read transaction, each by an index and never a store's history: today's services by startDate
 * (with tomorrow's, as a visit of today may end after midnight); the cars in the store's hands by the mark the
 * device keeps on them (src/db/derived-fields.ts), from the look-back on; today's visits by key, and the customers,
 * vehicles and sent inspection reports of those not gone nor canceled; the texts about the cars ready for pickup;
 * the small tables whole; the unread counts on their marks; this device's waiting changes and photos.
 */
export function readHomeRows(db: StoreDb, now: Date, timeZone: string): Promise<HomeRows> {
  const names = [
    'scheduledServices',
    'scheduledVisits',
    'customers',
    'customerVehicles',
    'schedulerResources',
    'storeStaff',
    'unconfirmedVisits',
    'inspectionReports',
    'inspectionItems',
    'storeMessages',
    'ratings',
    'storeLocations',
    ...floorTables,
  ] as const;
  const day = storeDayAt(now, timeZone);
  return db.transaction('r', [...[...new Set(names)].map((name) => db.collection(name)), db.outbox, db.syncState], async () => {
    const [services, inHand, resources, staff, requests, newMessages, unreadRatings, pending, refusedChanges, complete, floor, store] = await Promise.all([
      db
        .rows<ScheduledService>('scheduledServices')
        .where('startDate')
        .between(iso(day.start), iso(day.end + dayMs), true, false)
        .toArray(),
      db
        .rows<ScheduledVisit>('scheduledVisits')
        .where('inHandSince')
        .aboveOrEqual(iso(now.getTime() - carsHereLookBackDays * dayMs))
        .toArray(),
      db.rows<SchedulerResource>('schedulerResources').toArray(),
      db.rows<StoreStaff>('storeStaff').toArray(),
      db.rows<UnconfirmedVisit>('unconfirmedVisits').toArray(),
      db.collection('storeMessages').where('awaitingReply').equals(1).count(),
      db.collection('ratings').where('unread').equals(1).count(),
      db.outbox.where('status').equals('pending').toArray(),
      db.outbox.where('status').equals('failed').count(),
      db.syncState.get('complete'),
      readFloorRows(db, now, timeZone),
      db.rows<StoreLocation>('storeLocations').get(db.storeId),
    ]);
    // Tomorrow's services are read for today's visits that end after midnight; tomorrow's own visits are not home's.
    const ofToday = new Set([...visitSpans(services)].flatMap(([id, span]) => (span.start < day.end ? [id] : [])));
    const inHandIds = new Set(inHand.map((v) => v.scheduledVisitId));
    const dayVisits = await db.rows<ScheduledVisit>('scheduledVisits').bulkGet([...ofToday].filter((id) => !inHandIds.has(id)));
    const visits = [...inHand, ...dayVisits.filter((v): v is ScheduledVisit => v !== undefined)];
    // Only a car not gone nor canceled is in a list with its name, or waits for an inspection's answer.
    const open = visits.filter(isVisitOpen);
    const ready = open.filter((v) => v.readyForPickupDate).map((v) => v.scheduledVisitId);
    const [customers, vehicles, reportRows, texts] = await Promise.all([
      db.rows<Customer>('customers').bulkGet([...new Set(open.flatMap((v) => (v.customerId ? [v.customerId] : [])))]),
      db.rows<CustomerVehicle>('customerVehicles').bulkGet([...new Set(open.flatMap((v) => (v.vehicleId ? [v.vehicleId] : [])))]),
      // A report started on this device has its visit's id before the server links it to the visit.
      db.rows<InspectionReport>('inspectionReports').bulkGet(open.map((v) => v.inspectionReportId ?? v.scheduledVisitId)),
      db.rows<StoreMessage>('storeMessages').where('visitId').anyOf(ready).toArray(),
    ]);
    const reports = reportRows.filter((r): r is InspectionReport => r !== undefined && r.sentAt !== null);
    const items = await db
      .rows<InspectionItem>('inspectionItems')
      .where('inspectionReportId')
      .anyOf(reports.map((r) => r.inspectionReportId))
      .toArray();
    const textedReady = new Map<string, string>();
    for (const text of texts)
      if (text.templateType === 'ServiceFinished' && text.visitId !== null && text.deliveryStatus !== 'Failed') textedReady.set(text.visitId, text.sentOn);
    return {
      services: services.filter((s) => ofToday.has(s.scheduledVisitId)),
      visits,
      resources,
      staff,
      requests,
      reports,
      items,
      textedReady,
      floor,
      store: store ?? null,
      newMessages,
      unreadRatings,
      refusedChanges,
      synced: complete?.value === true,
      customers: new Map(customers.flatMap((c) => (c ? [[c.customerId, c] as const] : []))),
      vehicles: new Map(vehicles.flatMap((v) => (v ? [[v.vehicleId, v] as const] : []))),
      waitingChanges: pending.filter((e) => !e.upload).length,
      waitingPhotos: pending.filter((e) => e.upload).length,
    };
  });
}

/** Home's figures as of `now` at a store in `timeZone` (pure: the sync worker computes them again each minute). */
export function homeFigures(rows: HomeRows, now: Date, timeZone: string): HomeFigures {
  const day = storeDayAt(now, timeZone);
  const spans = visitSpans(rows.services);
  const visitsById = new Map(rows.visits.map((v) => [v.scheduledVisitId, v]));
  const shown = (visit: ScheduledVisit): HomeVisit => {
    const customer = visit.customerId ? rows.customers.get(visit.customerId) : undefined;
    const vehicle = visit.vehicleId ? rows.vehicles.get(visit.vehicleId) : undefined;
    return {
      scheduledVisitId: visit.scheduledVisitId,
      customerId: visit.customerId,
      customerName: customer ? displayName(customer) : 'No customer',
      vehicle: vehicle ? vehicleTitle(vehicle) : '',
      phoneNumber: customer?.phoneNumber ?? null,
    };
  };
  const here = vehiclesHere(rows.visits, now);
  const hereShown = (list: VehicleHere[]) => list.map(({ visit, minutesWaited }) => ({ visit: shown(visit), minutesWaited }));
  const byStatus = visitsByStatus(rows.visits, spans, day);
  const names = new Map(rows.staff.map((p) => [p.userId, p.name]));
  const technicianIds = rows.staff
    .filter((p) => p.roles.some((r) => bayRoles.includes(r)))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => p.userId);
  return {
    date: day.date,
    synced: rows.synced,
    byStatus: byStatus.map(({ status, color, count }) => ({ status, color, count })),
    dayTotal: byStatus.reduce((sum, s) => sum + (s.status === 'Canceled' ? 0 : s.count), 0),
    arrivals: nextArrivals(rows.visits, spans, day, 5).map(({ visit, arrivesAt }) => ({ visit: shown(visit), arrivesAt })),
    here: {
      waiting: hereShown(here.waiting),
      droppedOff: hereShown(here.droppedOff),
      pickupAndDelivery: hereShown(here.pickupAndDelivery),
      notSaid: hereShown(here.notSaid),
    },
    ready: readyForPickup(rows.visits, now).map(({ visit, minutesReady }) => ({
      visit: shown(visit),
      minutesReady,
      textedAt: rows.textedReady.get(visit.scheduledVisitId) ?? null,
    })),
    requests: requestsToConfirm(rows.requests).map((r) => ({
      unconfirmedVisitId: r.unconfirmedVisitId,
      name: displayName(r),
      requestedStartDate: r.requestedStartDate,
    })),
    awaitingAnswer: inspectionsAwaitingAnswer(rows.reports, rows.items, rows.visits, now).flatMap(({ report, unanswered, minutesSinceSent }) => {
      const visit = visitsById.get(report.scheduledVisitId);
      return visit ? [{ visit: shown(visit), unanswered, minutesSinceSent }] : [];
    }),
    atRisk: (rows.store ? visitsAtRisk(rows.store, rows.floor, now) : []).flatMap(({ scheduledVisitId, pickUpTime, reason }) => {
      const visit = visitsById.get(scheduledVisitId);
      return visit ? [{ visit: shown(visit), pickUpTime, reason }] : [];
    }),
    newMessages: rows.newMessages,
    unreadRatings: rows.unreadRatings,
    device: { waitingChanges: rows.waitingChanges, refusedChanges: rows.refusedChanges, waitingPhotos: rows.waitingPhotos },
    bay: {
      nobodyHas: jobsNobodyHas(rows.services, rows.visits, spans, rows.resources, day).map(({ service, visit }) => ({
        visit: shown(visit),
        scheduledServiceId: service.scheduledServiceId,
        startDate: service.startDate,
      })),
      late: lateJobs(rows.services, rows.visits, spans, day).map(({ service, visit, minutesLate }) => ({
        visit: shown(visit),
        scheduledServiceId: service.scheduledServiceId,
        minutesLate,
      })),
      load: technicianLoad(rows.services, rows.visits, spans, rows.resources, day, technicianIds).map((load) => ({
        ...load,
        name: names.get(load.technicianId) ?? 'Someone no longer at this store',
      })),
    },
  };
}

/**
 * Watches home's figures of a store for a screen: read again on every change of their rows and whenever the store's
 * date turns, computed again each minute (waits grow).
 */
export function watchHomeFigures(
  db: StoreDb,
  timeZone: string,
  onFigures: (figures: HomeFigures) => void,
  onError: (message: string) => void,
  options: { clock?: () => Date; tickMs?: number } = {},
): StopWatch {
  return watchFigures({
    db,
    read: (now) => readHomeRows(db, now, timeZone),
    compute: (rows, now) => homeFigures(rows, now, timeZone),
    onFigures,
    onError,
    readFor: (now) => storeDayAt(now, timeZone).date,
    tickMs: options.tickMs ?? 60_000,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}
