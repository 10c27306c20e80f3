import { Temporal } from 'temporal-polyfill';
import type {
  BlockedTime,
  Customer,
  CustomerVehicle,
  RecurringBlockedTime,
  ScheduledService,
  ScheduledVisit,
  SchedulerResource,
  StoreService,
} from '../../contract/entities.ts';
import { displayName, licenceText, vehicleTitle } from '../people/display-name.ts';
import { technicianOf } from './technician-rules.ts';
import { instantToWallClock } from '../calendar/time-zone.ts';
import { isDeletable } from './visit-rules.ts';
import type { SchedulerViewName } from './scheduler-views.ts';
import { eventTypes, scheduledEventStatus, statusColors, type EventType, type Milestones, type ScheduledEventStatus } from './visit-status.ts';

/** The vehicle of an event, as the spec's scheduler event carries it. */
export type EventVehicle = Pick<CustomerVehicle, 'year' | 'make' | 'model' | 'trim' | 'vehicleLicensePlateState' | 'vehicleLicensePlateNumber'>;

/**
 * A calendar entry (spec section 3, "Scheduler event"). Times are the store's wall clock without an offset
 * (2026-11-23T09:00:00): the calendar shows them as they are, whatever zone the browser is in.
 */
export interface SchedulerEvent extends Milestones {
  eventId: string;
  eventType: EventType;
  startDate: string;
  endDate: string;
  durationInMinutes: number;
  resourceId: string | null;
  timeZone: string;
  name: string | null;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  description: string | null;
  staffNotes: string | null;
  serviceNotes: string | null;
  customerComments: string | null;
  customerId: string | null;
  customerVehicleStatus: 1 | 2 | 3 | null;
  vehicle: EventVehicle | null;
  vehicleId: string | null;
  keyTag: string | null;
  isExternal: boolean | null;
  scheduledBy: string | null;
  scheduledServiceId: string | null;
  serviceName: string | null;
  /** The names of every service of the visit on the shown days, in start order. */
  services: string[];
  selectedTechnician: string | null;
  /** Who does the job: the technician chosen for it, else its column's technician (technician-rules.ts). */
  technicianId: string | null;
  technicianName: string | null;
  /** The name of the entry's column (bay or technician), null for a block of the whole store. */
  resourceName: string | null;
  tractionInvoiceNumber: string | null;
  visitId: string | null;
  visitStatus: ScheduledEventStatus;
  visitAppointmentCount: number | null;
  /** The starts of the visit's services on the shown days (wall clock). */
  appointmentTimes: string[];
  scheduledCustomerCheckIn: string | null;
  pickUpTime: string | null;
  /** The row the entry stands for: a scheduled service, a blocked time, or a recurring blocked time. */
  sourceId: string;
  /** The row's scheduler resource; `resourceId` is the column it is drawn in (by technician, its technician's). */
  sourceResourceId: string | null;
  /** An occurrence of a recurring block: its date (the block's own id is shared by every occurrence). */
  occurrenceDate: string | null;
  // Read from the fields above by the rules below, kept on the entry so every screen shows the same.
  displayName: string;
  licence: string;
  vehicleText: string;
  color: string;
  /** Drawn as an outline in its colour, not filled (blocks always; faded appointments too). */
  hollow: boolean;
  /** Can be dragged and resized (recurring blocks cannot: they change through their own dialog). */
  editable: boolean;
  /** Deletable only while it has no check-in date (spec section 3). */
  deletable: boolean;
}

/** Spec section 3: an event id is the row's id plus its event type. */
export const eventIdOf = (id: string, eventType: EventType) => `${id}:${eventType}`;

/**
 * A visit (type 4) is a walk-in: confirmed at the moment it was checked in (the walk-in action does both);
 * every other scheduled service is an appointment (type 1). docs/decisions/scheduler.md, "Scheduler".
 */
export function visitEventType(visit: Pick<ScheduledVisit, 'confirmationDate' | 'checkInDate'>): EventType {
  return visit.checkInDate !== null && visit.confirmationDate === visit.checkInDate ? eventTypes.visit : eventTypes.appointment;
}

/**
 * Appointments are filled in their status colour, or drawn as an outline when faded: canceled or picked up,
 * nothing more to do today (spec section 2, "Calendar display").
 */
export const isFaded = (status: ScheduledEventStatus) => status === 'Canceled' || status === 'Picked Up';

export interface SchedulerRows {
  visits: ReadonlyMap<string, ScheduledVisit>;
  /** The scheduled services starting on the shown days. */
  services: readonly ScheduledService[];
  blockedTimes: readonly BlockedTime[];
  recurringBlockedTimes: readonly RecurringBlockedTime[];
  customers: ReadonlyMap<string, Customer>;
  vehicles: ReadonlyMap<string, CustomerVehicle>;
  storeServices: ReadonlyMap<string, StoreService>;
  /** The store's columns, by id: their names, and their technicians for jobs nobody was chosen for. */
  resources: ReadonlyMap<string, Pick<SchedulerResource, 'name' | 'assignedTechnicianId'>>;
  /** The store's people by user id: their names. */
  people: ReadonlyMap<string, string>;
}

export interface DayRange {
  /** The first shown day and the day after the last (store calendar dates). */
  from: string;
  to: string;
  /** The store's IANA zone. */
  timeZone: string;
}

const noMilestones: Milestones = {
  cancelDate: null,
  confirmationDate: null,
  checkInDate: null,
  workStartDate: null,
  workCompleteDate: null,
  readyForPickupDate: null,
  checkOutDate: null,
};

const blockFields: Omit<
  SchedulerEvent,
  | 'eventId'
  | 'eventType'
  | 'startDate'
  | 'endDate'
  | 'durationInMinutes'
  | 'resourceId'
  | 'sourceResourceId'
  | 'resourceName'
  | 'timeZone'
  | 'name'
  | 'description'
  | 'sourceId'
  | 'occurrenceDate'
  | 'displayName'
  | 'editable'
> = {
  companyName: null,
  firstName: null,
  lastName: null,
  staffNotes: null,
  serviceNotes: null,
  customerComments: null,
  customerId: null,
  customerVehicleStatus: null,
  vehicle: null,
  vehicleId: null,
  keyTag: null,
  isExternal: null,
  scheduledBy: null,
  scheduledServiceId: null,
  serviceName: null,
  services: [],
  selectedTechnician: null,
  technicianId: null,
  technicianName: null,
  tractionInvoiceNumber: null,
  visitId: null,
  visitStatus: 'Blocked Time',
  visitAppointmentCount: null,
  appointmentTimes: [],
  scheduledCustomerCheckIn: null,
  pickUpTime: null,
  licence: '',
  vehicleText: '',
  color: statusColors['Blocked Time'],
  hollow: true,
  deletable: true,
  ...noMilestones,
};

/**
 * The calendar's entries for the shown days, from the replica's rows: one per scheduled service, blocked time
 * and occurrence of a recurring blocked time (weekly, interval 1, until its final date). Sorted by start.
 */
export function schedulerEvents(rows: SchedulerRows, range: DayRange): SchedulerEvent[] {
  const wall = (iso: string) => instantToWallClock(iso, range.timeZone);
  const columnName = (id: string | null) => (id === null ? null : (rows.resources.get(id)?.name ?? null));
  const inRange = (start: string) => start >= range.from && start < range.to;
  const events: SchedulerEvent[] = [];

  const byVisit = new Map<string, ScheduledService[]>();
  for (const service of rows.services) {
    const list = byVisit.get(service.scheduledVisitId);
    if (list) list.push(service);
    else byVisit.set(service.scheduledVisitId, [service]);
  }
  for (const [visitId, services] of byVisit) {
    const visit = rows.visits.get(visitId);
    if (!visit) continue;
    services.sort((a, b) => a.startDate.localeCompare(b.startDate));
    const customer = visit.customerId ? rows.customers.get(visit.customerId) : undefined;
    const vehicle = visit.vehicleId ? rows.vehicles.get(visit.vehicleId) : undefined;
    const eventType = visitEventType(visit);
    const milestones: Milestones = {
      cancelDate: visit.cancelDate,
      confirmationDate: visit.confirmationDate,
      checkInDate: visit.checkInDate,
      workStartDate: visit.workStartDate,
      workCompleteDate: visit.workCompleteDate,
      readyForPickupDate: visit.readyForPickupDate,
      checkOutDate: visit.checkOutDate,
    };
    const status = scheduledEventStatus(eventType, milestones);
    const names = services.map((s) => (s.storeServiceId && rows.storeServices.get(s.storeServiceId)?.name) || 'Service');
    const starts = services.map((s) => wall(s.startDate));
    const person = { name: null, companyName: customer?.companyName ?? null, firstName: customer?.firstName ?? null, lastName: customer?.lastName ?? null };
    services.forEach((service, i) => {
      const startDate = starts[i]!;
      if (!inRange(startDate)) return;
      const technicianId = technicianOf(service, rows.resources);
      events.push({
        eventId: eventIdOf(service.scheduledServiceId, eventType),
        eventType,
        startDate,
        endDate: wall(service.endDate),
        durationInMinutes: service.durationInMinutes,
        resourceId: service.resourceId,
        sourceResourceId: service.resourceId,
        resourceName: columnName(service.resourceId),
        timeZone: range.timeZone,
        ...person,
        description: visit.description,
        staffNotes: visit.staffNotes,
        serviceNotes: service.serviceNotes,
        customerComments: visit.customerComments,
        customerId: visit.customerId,
        customerVehicleStatus: visit.customerVehicleStatus,
        vehicle: vehicle
          ? {
              year: vehicle.year,
              make: vehicle.make,
              model: vehicle.model,
              trim: vehicle.trim,
              vehicleLicensePlateState: vehicle.vehicleLicensePlateState,
              vehicleLicensePlateNumber: vehicle.vehicleLicensePlateNumber,
            }
          : null,
        vehicleId: visit.vehicleId,
        keyTag: visit.keyTag,
        isExternal: visit.isExternal,
        scheduledBy: visit.scheduledBy,
        scheduledServiceId: service.scheduledServiceId,
        serviceName: names[i]!,
        services: names,
        selectedTechnician: service.selectedTechnician,
        technicianId,
        technicianName: technicianId ? (rows.people.get(technicianId) ?? null) : null,
        tractionInvoiceNumber: visit.tractionInvoiceNumber,
        visitId,
        visitStatus: status,
        visitAppointmentCount: visit.visitAppointmentCount,
        appointmentTimes: starts,
        scheduledCustomerCheckIn: visit.scheduledCustomerCheckIn ? wall(visit.scheduledCustomerCheckIn) : null,
        pickUpTime: visit.pickUpTime ? wall(visit.pickUpTime) : null,
        ...milestones,
        sourceId: service.scheduledServiceId,
        occurrenceDate: null,
        // A visit with no customer yet (a booking-page request) goes by what it says of itself.
        displayName: displayName(person) || visit.description || 'Customer',
        licence: vehicle ? licenceText(vehicle) : '',
        vehicleText: vehicle ? vehicleTitle(vehicle) : '',
        color: statusColors[status],
        hollow: isFaded(status),
        editable: true,
        deletable: isDeletable(visit),
      });
    });
  }

  for (const block of rows.blockedTimes) {
    const startDate = wall(block.startDate);
    if (!inRange(startDate)) continue;
    events.push({
      ...blockFields,
      eventId: eventIdOf(block.blockedTimeId, eventTypes.blockedTime),
      eventType: eventTypes.blockedTime,
      startDate,
      endDate: wall(block.endDate),
      durationInMinutes: block.durationInMinutes,
      resourceId: block.resourceId,
      sourceResourceId: block.resourceId,
      resourceName: columnName(block.resourceId),
      timeZone: range.timeZone,
      name: block.description,
      description: block.description,
      sourceId: block.blockedTimeId,
      occurrenceDate: null,
      displayName: block.description || 'Blocked time',
      editable: true,
    });
  }

  for (const block of rows.recurringBlockedTimes) {
    for (const date of weeklyOccurrences(block, range.from, range.to)) {
      const start = Temporal.PlainDateTime.from(`${date}T${block.timeOfDay}`);
      events.push({
        ...blockFields,
        eventId: eventIdOf(block.recurringBlockedTimeId, eventTypes.recurringBlockedTime),
        eventType: eventTypes.recurringBlockedTime,
        startDate: start.toString({ smallestUnit: 'second' }),
        endDate: start.add({ minutes: block.durationInMinutes }).toString({ smallestUnit: 'second' }),
        durationInMinutes: block.durationInMinutes,
        resourceId: block.resourceId,
        sourceResourceId: block.resourceId,
        resourceName: columnName(block.resourceId),
        timeZone: range.timeZone,
        name: block.description,
        description: block.description,
        sourceId: block.recurringBlockedTimeId,
        occurrenceDate: date,
        displayName: block.description || 'Blocked time',
        editable: false,
      });
    }
  }
  return events.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.eventId.localeCompare(b.eventId));
}

/** The dates from `from` up to (not including) `to` on which a weekly block falls, until its final date. */
export function weeklyOccurrences(block: Pick<RecurringBlockedTime, 'startDate' | 'recurrenceEndDate'>, from: string, to: string): string[] {
  const first = Temporal.PlainDate.from(block.startDate);
  const start = Temporal.PlainDate.from(from);
  const weeksIn = Temporal.PlainDate.compare(start, first) > 0 ? Math.ceil(first.until(start).days / 7) : 0;
  const dates: string[] = [];
  for (let day = first.add({ days: weeksIn * 7 }); ; day = day.add({ days: 7 })) {
    const text = day.toString();
    if (text >= to || (block.recurrenceEndDate !== null && text > block.recurrenceEndDate)) return dates;
    dates.push(text);
  }
}

/** The store calendar dates of a view: the day, or the Monday-to-Sunday week holding it. */
export function viewDays(date: string, view: SchedulerViewName): { from: string; to: string } {
  const day = Temporal.PlainDate.from(date);
  if (view !== 'week') return { from: day.toString(), to: day.add({ days: 1 }).toString() };
  const monday = day.subtract({ days: day.dayOfWeek - 1 });
  return { from: monday.toString(), to: monday.add({ days: 7 }).toString() };
}

/** The column of jobs nobody does yet, in the view by technician. */
export const noTechnicianColumn = { id: 'no-technician', title: 'No technician yet' } as const;

/**
 * The day by technician: a column for each of the store's technicians (and anyone else doing a job that day),
 * one for the jobs nobody does yet, each job in its technician's column. A block of a column stands in the
 * column of that column's technician; a block of the whole store in every column; a block of a column nobody
 * works at stops no technician, so it is not shown here.
 */
export function byTechnician(
  events: readonly SchedulerEvent[],
  technicians: readonly { userId: string; name: string }[],
  resources: ReadonlyMap<string, Pick<SchedulerResource, 'assignedTechnicianId'>>,
): { events: SchedulerEvent[]; columns: { id: string; title: string }[] } {
  const names = new Map(technicians.map((t) => [t.userId, t.name]));
  for (const e of events) if (e.technicianId && !names.has(e.technicianId)) names.set(e.technicianId, e.technicianName ?? 'Technician');
  const placed = events.flatMap((e): SchedulerEvent[] => {
    if (e.visitId) return [{ ...e, resourceId: e.technicianId ?? noTechnicianColumn.id }];
    if (e.resourceId === null) return [e];
    const technician = resources.get(e.resourceId)?.assignedTechnicianId ?? null;
    return technician && names.has(technician) ? [{ ...e, resourceId: technician }] : [];
  });
  const columns = [...names].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title));
  return { events: placed, columns: [...columns, noTechnicianColumn] };
}
