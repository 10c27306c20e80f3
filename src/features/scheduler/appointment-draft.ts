import { Temporal } from 'temporal-polyfill';
import type { Customer, SchedulerResource } from '../../contract/entities.ts';
import type { AddVisitTires } from '../../contract/visit-tires.ts';
import type { CreateScheduledService, CreateScheduledVisit } from '../../contract/writes.ts';
import { durationProblem, snapDuration, wallMinutesBetween } from '../../domain/calendar/durations.ts';
import { wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { isTimeOfDay } from '../../contract/store-week.ts';
import type { CalendarPlacement } from './event-calendar.tsx';
import type { BookingCatalogue } from './use-scheduler.ts';

/**
 * The new-appointment dialog's view model: what the form holds, how one choice moves the others (services set
 * the minutes, a bay brings its technician, the option bought brings its notes and install), what is wrong with
 * it, and the booking it makes. Pure, so each rule is a table test (tests/unit/appointment-draft.test.ts) and
 * the dialog only draws it.
 */

/**
 * A quoted option's tires, to fit at the visit the install is booked as; with the staff notes naming it as bought
 * and the install service (and minutes) for its number of tires.
 */
export interface QuotedTires {
  name: string;
  tires: { tireId: string | null; description: string; quantity: number }[];
  staffNotes?: string;
  install?: { serviceIds: string[]; minutes: number | null };
}

/** What the appointment starts with when it books something already agreed (a tire quote's install). */
export interface AgreedAppointment {
  customer: Customer;
  vehicleId: string | null;
  serviceIds: string[];
  minutes?: number | null;
  staffNotes: string;
  tireOptions?: QuotedTires[];
  tireQuoteId?: string;
}

/** The slot picked; by technician, the technician whose column it was (null: nobody yet). */
export type PickedSlot = CalendarPlacement & { technicianId?: string | null };

/** The tire select's value for "no tires yet" (a select's values are strings). */
export const noTires = 'none';

export interface AppointmentDraft {
  customer: Customer | null;
  vehicleId: string | null;
  serviceIds: string[];
  resourceId: string | null;
  technicianId: string | null;
  date: string;
  time: string;
  /** As the number box holds it: a number, or what was typed while it is not one yet. */
  minutes: number | string;
  /** customerVehicleStatus as the segmented control's value. */
  status: string;
  staffNotes: string;
  /** The quoted option bought (its index), `noTires`, or null while nobody said. */
  fitting: string | null;
  /** The notes and services the quote set: while nobody changed them, they follow the option bought. */
  quoteSet: { notes: string; serviceIds: string[] };
  keyTag: string;
  walkIn: boolean;
}

const minutesBetween = (a: string, b: string) => snapDuration(wallMinutesBetween(a, b));
const bookedMinutes = (catalogue: BookingCatalogue, ids: readonly string[]) =>
  catalogue.services.filter((s) => ids.includes(s.storeServiceId)).reduce((sum, s) => sum + s.durationInMinutes, 0);
const technicianOf = (columns: readonly SchedulerResource[], resourceId: string | null) =>
  columns.find((c) => c.schedulerResourceId === resourceId)?.assignedTechnicianId ?? null;

/**
 * The column and technician a new appointment starts with: the slot's column and that column's technician;
 * by technician, that technician and the column they work at (else the first).
 */
export function startingPlace(place: PickedSlot, columns: readonly SchedulerResource[]): { resourceId: string | null; technicianId: string | null } {
  if (place.technicianId === undefined) return { resourceId: place.resourceId, technicianId: technicianOf(columns, place.resourceId) };
  const theirs = place.technicianId ? columns.find((c) => c.assignedTechnicianId === place.technicianId) : undefined;
  return { resourceId: (theirs ?? columns[0])?.schedulerResourceId ?? null, technicianId: place.technicianId };
}

export function startingDraft(place: PickedSlot, catalogue: BookingCatalogue, initial?: AgreedAppointment): AppointmentDraft {
  const booked = bookedMinutes(catalogue, initial?.serviceIds ?? []);
  const minutes = initial?.minutes || (booked > 0 ? snapDuration(booked) : minutesBetween(place.startDate, place.endDate));
  return {
    customer: initial?.customer ?? null,
    vehicleId: initial?.vehicleId ?? null,
    serviceIds: initial?.serviceIds ?? [],
    ...startingPlace(place, catalogue.columns),
    date: place.startDate.slice(0, 10),
    time: place.startDate.slice(11, 16),
    minutes,
    status: '1',
    staffNotes: initial?.staffNotes ?? '',
    // One option quoted: its tires. Several: the counter says which the customer is buying.
    fitting: initial?.tireOptions?.length === 1 ? '0' : null,
    quoteSet: { notes: initial?.staffNotes ?? '', serviceIds: initial?.serviceIds ?? [] },
    keyTag: '',
    walkIn: false,
  };
}

/** Another customer: the vehicle was theirs, so it goes. */
export const withCustomer = (draft: AppointmentDraft, customer: Customer | null): AppointmentDraft => ({ ...draft, customer, vehicleId: null });

/** Services chosen: the minutes become theirs (when they have any). */
export function withServices(draft: AppointmentDraft, catalogue: BookingCatalogue, serviceIds: string[]): AppointmentDraft {
  const total = bookedMinutes(catalogue, serviceIds);
  return { ...draft, serviceIds, minutes: total > 0 ? snapDuration(total) : draft.minutes };
}

/** Another bay: the technician follows it unless someone else was chosen for the job. */
export function withBay(draft: AppointmentDraft, catalogue: BookingCatalogue, resourceId: string | null): AppointmentDraft {
  const followed = draft.technicianId === technicianOf(catalogue.columns, draft.resourceId);
  return { ...draft, resourceId, technicianId: followed ? technicianOf(catalogue.columns, resourceId) : draft.technicianId };
}

/** The option bought: its notes and install replace the quote's own while nobody has changed them. */
export function withFitting(draft: AppointmentDraft, initial: AgreedAppointment | undefined, fitting: string | null): AppointmentDraft {
  const option = fitting === null || fitting === noTires ? undefined : initial?.tireOptions?.[Number(fitting)];
  const notes = option?.staffNotes ?? initial?.staffNotes ?? '';
  const sameServices = [...draft.serviceIds].sort().join() === [...draft.quoteSet.serviceIds].sort().join();
  const install = sameServices ? option?.install : undefined;
  return {
    ...draft,
    fitting,
    staffNotes: draft.staffNotes === draft.quoteSet.notes ? notes : draft.staffNotes,
    serviceIds: install?.serviceIds ?? draft.serviceIds,
    minutes: install?.minutes || draft.minutes,
    quoteSet: { notes, serviceIds: install?.serviceIds ?? draft.quoteSet.serviceIds },
  };
}

/** What is wrong with a slot's time and length, by field (the same words in the appointment and block forms). */
export function whenProblems(time: string, minutes: number): Record<string, string> {
  const found: Record<string, string> = {};
  if (!isTimeOfDay(time)) found.time = 'Enter the start time, such as 09:30.';
  const wrongLength = durationProblem(minutes);
  if (wrongLength) found.minutes = wrongLength;
  return found;
}

const chosenServices = (draft: AppointmentDraft, catalogue: BookingCatalogue) => catalogue.services.filter((s) => draft.serviceIds.includes(s.storeServiceId));

/** What keeps the appointment from being booked, by field. */
export function appointmentProblems(draft: AppointmentDraft, catalogue: BookingCatalogue, initial?: AgreedAppointment): Record<string, string> {
  const total = Number(draft.minutes);
  const found = whenProblems(draft.time, total);
  if (!draft.customer) found.customer = 'Choose the customer, or create one.';
  if (!draft.resourceId) found.resource = 'Choose the bay.';
  if ((initial?.tireOptions?.length ?? 0) > 0 && draft.fitting === null) found.tires = 'Choose the option the customer is buying, or no tires.';
  const chosen = chosenServices(draft, catalogue);
  const needed = chosen.slice(0, -1).reduce((sum, s) => sum + snapDuration(s.durationInMinutes), 0) + 15;
  if (!found.minutes && chosen.length > 1 && total < needed) found.minutes = `These services need at least ${needed} minutes one after another.`;
  return found;
}

/** A row per tire of the option (4 × a tire is four tires, each with its own DOT code), or none. */
function fittedTires(option: QuotedTires | undefined, newId: () => string): AddVisitTires['tires'] {
  return (option?.tires ?? [])
    .flatMap((t) => Array.from({ length: t.quantity }, () => ({ tireId: t.tireId, description: t.description })))
    .map((t, position) => ({ ...t, visitTireId: newId(), position }));
}

export interface AppointmentBooking {
  visit: CreateScheduledVisit;
  services: CreateScheduledService[];
  tires: AddVisitTires['tires'];
}

/**
 * The booking a valid draft makes: services follow one another on the column, each as long as the store says,
 * the last taking what is left; a walk-in only today; the quote's install stays the quote's only while it is
 * for the quote's customer.
 */
export function appointmentBooking(
  draft: AppointmentDraft & { customer: Customer },
  catalogue: BookingCatalogue,
  context: { initial?: AgreedAppointment | undefined; timeZone: string; today: string; newId(): string; newHashId(): string },
): AppointmentBooking {
  const { initial, timeZone } = context;
  const total = Number(draft.minutes);
  const chosen = chosenServices(draft, catalogue);
  const items = chosen.length > 0 ? chosen : [null];
  const start = Temporal.PlainDateTime.from(`${draft.date}T${draft.time}:00`);
  let offset = 0;
  const services = items.map((s, i): CreateScheduledService => {
    const length = i === items.length - 1 ? snapDuration(total - offset) : snapDuration(s!.durationInMinutes);
    const begins = start.add({ minutes: offset });
    offset += length;
    return {
      scheduledServiceId: context.newId(),
      storeServiceId: s?.storeServiceId ?? null,
      resourceId: draft.resourceId,
      startDate: wallClockIsoToInstant(begins.toString(), timeZone),
      endDate: wallClockIsoToInstant(begins.add({ minutes: length }).toString(), timeZone),
      durationInMinutes: length,
      serviceNotes: null,
      selectedTechnician: draft.technicianId,
    };
  });
  const visit: CreateScheduledVisit = {
    scheduledVisitId: context.newId(),
    scheduledVisitHashId: context.newHashId(),
    customerId: draft.customer.customerId,
    vehicleId: draft.vehicleId,
    customerVehicleStatus: Number(draft.status) as 1 | 2 | 3,
    description: null,
    staffNotes: draft.staffNotes.trim() || null,
    customerComments: null,
    keyTag: draft.keyTag.trim() || null,
    visitAppointmentCount: 1,
    scheduledCustomerCheckIn: services[0]!.startDate,
    pickUpTime: null,
    walkIn: draft.walkIn && draft.date === context.today,
    tireQuoteId: initial?.tireQuoteId && initial.customer.customerId === draft.customer.customerId ? initial.tireQuoteId : null,
  };
  const bought = draft.fitting === null || draft.fitting === noTires ? undefined : initial?.tireOptions?.[Number(draft.fitting)];
  return { visit, services, tires: fittedTires(bought, context.newId) };
}
