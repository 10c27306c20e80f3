import type { RecurringBlockedTime, ScheduledVisit } from '../../contract/entities.ts';
import type { CreateScheduledVisit } from '../../contract/writes.ts';
import { durationProblems } from '../calendar/durations.ts';
import { dateFormats } from '../calendar/date-format.ts';
import { instantToWallClock } from '../calendar/time-zone.ts';

/** The words both sides use when a rule refuses a change to a visit. */
export const visitMessages = {
  canceledCheckIn: 'This visit was canceled: restore it before checking it in.',
  checkedInDelete: 'This appointment was checked in, so it stays on the record: cancel it instead of deleting it.',
  pickedUpCancel: 'A picked-up visit cannot be canceled',
} as const;

/**
 * A visit booked by staff as the server stores it: confirmed now (staff booked it), by the person who booked
 * it, and for a walk-in checked in now too. The device shows the same until the server's copy arrives.
 */
export function newStaffVisit(model: Omit<CreateScheduledVisit, 'walkIn'>, at: { now: string; bookedBy: string; walkIn: boolean }): ScheduledVisit {
  return {
    scheduledVisitId: model.scheduledVisitId,
    // The server makes the public id (issue 46): on the device it is empty, and no link names it, until the server's copy arrives.
    scheduledVisitHashId: model.scheduledVisitHashId ?? '',
    customerId: model.customerId,
    vehicleId: model.vehicleId,
    customerVehicleStatus: model.customerVehicleStatus,
    description: model.description,
    staffNotes: model.staffNotes,
    customerComments: model.customerComments,
    keyTag: model.keyTag,
    visitAppointmentCount: model.visitAppointmentCount,
    scheduledCustomerCheckIn: model.scheduledCustomerCheckIn,
    pickUpTime: model.pickUpTime,
    isExternal: false,
    scheduledBy: at.bookedBy,
    tractionInvoiceNumber: null,
    confirmationDate: at.now,
    cancelDate: null,
    checkInDate: at.walkIn ? at.now : null,
    workStartDate: null,
    workCompleteDate: null,
    readyForPickupDate: null,
    checkOutDate: null,
    vehicleStatusId: null,
    vehicleInspectionStatus: null,
    inspectionReportId: null,
    legacyVisitId: null,
    tireQuoteId: model.tireQuoteId ?? null,
  };
}

/** When a visit is: the start of its first service, and the store's IANA zone that says which day that is. */
export interface VisitDay {
  firstStart: string | null;
  timeZone: string;
}

/** The store's calendar date of an instant. */
const storeDate = (iso: string, timeZone: string) => instantToWallClock(iso, timeZone).slice(0, 10);

/**
 * Why a visit cannot be checked in yet: its day has not come (a customer arrives on the day of their
 * appointment; one who comes a day early is booked again for today). Null when it can.
 */
export function checkInTooEarly(day: VisitDay, now: string): string | null {
  if (!day.firstStart) return null;
  const date = storeDate(day.firstStart, day.timeZone);
  if (date <= storeDate(now, day.timeZone)) return null;
  return `This appointment is on ${dateFormats(day.timeZone).date(day.firstStart)}: check the customer in on that day, or move the appointment to today first.`;
}

/**
 * Checking in: the fields it sets, null when the visit is already in (nothing to do), or why not. A visit
 * never confirmed is confirmed by arriving, at the same moment: it counts as a walk-in (scheduler-events.ts).
 */
export function checkInChanges(
  visit: Pick<ScheduledVisit, 'cancelDate' | 'checkInDate' | 'confirmationDate'>,
  now: string,
  day: VisitDay,
): { refused: string } | Pick<ScheduledVisit, 'checkInDate' | 'confirmationDate'> | null {
  if (visit.cancelDate) return { refused: visitMessages.canceledCheckIn };
  if (visit.checkInDate) return null;
  const early = checkInTooEarly(day, now);
  if (early) return { refused: early };
  return { checkInDate: now, confirmationDate: visit.confirmationDate ?? now };
}

/** Spec section 3: an appointment can be deleted only while its visit has no check-in date. */
export const isDeletable = (visit: Pick<ScheduledVisit, 'checkInDate'>) => visit.checkInDate === null;

/**
 * A visit still open: neither picked up (checked out) nor canceled. The one rule for "is the car still the
 * store's business": what the counter may change, the cars here, the bay's list, the inspections awaiting an answer.
 */
export const isVisitOpen = (visit: Pick<ScheduledVisit, 'cancelDate' | 'checkOutDate'>) => !visit.cancelDate && !visit.checkOutDate;

/** A visit can be canceled until it is picked up (restoring, cancelDate back to null, is always allowed). */
export const isCancelable = isVisitOpen;

export function cancelProblems(
  current: Pick<ScheduledVisit, 'cancelDate' | 'checkOutDate'>,
  next: Pick<ScheduledVisit, 'cancelDate'>,
): Record<string, string[]> {
  return next.cancelDate && !current.cancelDate && current.checkOutDate ? { cancelDate: [visitMessages.pickedUpCancel] } : {};
}

/** A weekly block lasts a proper duration and ends on or after the day it starts. */
export function recurrenceProblems(row: Pick<RecurringBlockedTime, 'startDate' | 'recurrenceEndDate' | 'durationInMinutes'>): Record<string, string[]> {
  return {
    ...durationProblems(row.durationInMinutes),
    ...(row.recurrenceEndDate !== null && row.recurrenceEndDate < row.startDate ? { recurrenceEndDate: ['The final date cannot be before the first'] } : {}),
  };
}

/** A visit's steps through the bay and the counter after check-in (spec section 3's milestone dates), in order. */
export const milestoneFields = {
  'work-start': 'workStartDate',
  'work-complete': 'workCompleteDate',
  'ready-for-pickup': 'readyForPickupDate',
  'check-out': 'checkOutDate',
} as const;
export type Milestone = keyof typeof milestoneFields;
export const milestones = Object.keys(milestoneFields) as Milestone[];
type MilestoneDates = Pick<
  ScheduledVisit,
  'cancelDate' | 'confirmationDate' | 'checkInDate' | 'workStartDate' | 'workCompleteDate' | 'readyForPickupDate' | 'checkOutDate'
>;
const steps = ['checkInDate', 'workStartDate', 'workCompleteDate', 'readyForPickupDate', 'checkOutDate'] as const;

/** Why work on a visit cannot begin: the customer has not arrived (the front counter checks them in). */
export const notCheckedIn = 'The customer is not checked in yet: the front counter checks them in when they arrive, then work can start.';

/**
 * Reaching a milestone: its date, and each earlier step after check-in the visit skipped set to the same
 * moment (work complete marked without a start records both); null when already reached; refused for a
 * canceled visit, and for a visit not checked in: nothing happens to a car that has not arrived, and arriving
 * is the counter's to record.
 */
export function milestoneChanges(visit: MilestoneDates, milestone: Milestone, at: string): { refused: string } | Partial<MilestoneDates> | null {
  if (visit.cancelDate) return { refused: 'This visit was canceled: restore it first.' };
  const field = milestoneFields[milestone];
  if (visit[field]) return null;
  if (!visit.checkInDate) return { refused: notCheckedIn };
  const changes: Partial<MilestoneDates> = {};
  for (const step of steps.slice(1, steps.indexOf(field) + 1)) if (!visit[step]) changes[step] = at;
  return changes;
}

/** Who may record a milestone: the bay its work, the front counter all of them (check-out is the counter's). */
export const milestoneRoles = (milestone: Milestone): 'bayAndCounter' | 'frontCounter' => (milestone === 'check-out' ? 'frontCounter' : 'bayAndCounter');

/**
 * The time a person's action is recorded at (a check-in, a booking, a confirmation, a milestone): when it
 * happened on their device (a bay offline for an hour still records when work started; a counter offline at
 * 2:12 records its check-in at 2:12, not when it reconnected), but never in the future of the server's clock,
 * nor before the day before.
 */
export function actionTime(deviceTime: string | undefined, now: Date): string {
  const at = deviceTime ? Date.parse(deviceTime) : Number.NaN;
  if (Number.isNaN(at) || at > now.getTime() || at < now.getTime() - 86_400_000) return now.toISOString();
  return new Date(at).toISOString();
}
