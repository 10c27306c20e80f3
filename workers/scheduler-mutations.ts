import type { BlockedTime, RecurringBlockedTime, ScheduledService, ScheduledVisit, UnconfirmedVisit } from '../src/contract/entities.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import {
  blockedTimePatchableFields,
  createBlockedTimeSchema,
  declineRequestSchema,
  createRecurringBlockedTimeSchema,
  createScheduledServiceSchema,
  createScheduledVisitSchema,
  recurringBlockedTimePatchableFields,
  scheduledServicePatchableFields,
  scheduledVisitPatchableFields,
  type CreateBlockedTime,
  type CreateRecurringBlockedTime,
  type CreateScheduledService,
  type CreateScheduledVisit,
} from '../src/contract/writes.ts';
import { declineChanges } from '../src/domain/scheduler/appointment-requests.ts';
import { durationProblems, withEnd } from '../src/domain/calendar/durations.ts';
import { checkInChanges, newStaffVisit, recurrenceProblems, type VisitDay } from '../src/domain/scheduler/visit-rules.ts';
import { changesBetween } from '../src/domain/app/json-patch.ts';
import { movePromiseSchema } from '../src/contract/visit-promise.ts';
import { closedVisitPromise } from '../src/domain/scheduler/promise.ts';
import { isVisitOpen } from '../src/domain/scheduler/visit-rules.ts';
import type { Mutation } from './sync-engine.ts';

type Row = Record<string, unknown>;

function notOnDevice(what: string): never {
  throw new Error(`This ${what} is not on this device yet; wait for the sync to finish and try again.`);
}

/** The same words the server would answer, before anything is stored or queued. */
function refuse(problems: Record<string, string[]>, what: string): void {
  const problem = Object.values(problems)[0]?.[0];
  if (problem) throw new Error(`${what} was not saved: ${problem}.`);
}
const refuseDuration = (minutes: number, what: string) => refuse(durationProblems(minutes), what);

/**
 * Where a service or a block goes: its column, start and length (the end follows, as on the server), and for
 * a service moved to another technician, who does it now.
 */
export interface Placement {
  resourceId: string | null;
  startDate: string;
  durationInMinutes: number;
  selectedTechnician?: string | null;
}

export type ScheduledServiceChanges = Partial<Pick<ScheduledService, 'storeServiceId' | 'durationInMinutes' | 'serviceNotes' | 'selectedTechnician'>>;

/** A changed row and its JSON patch of the editable fields, or null when nothing changed (nothing is sent). */
function patched(
  current: Row,
  next: Row,
  editable: readonly string[],
  at: string,
): { next: Row; request: { method: 'PATCH'; path: string; body: unknown } } | null {
  const patch = changesBetween(current, next, editable);
  if (patch.length === 0) return null;
  return { next, request: { method: 'PATCH', path: at, body: patch } };
}

const serviceAt = (row: Row) =>
  fillPath(apiPaths.scheduledService, { scheduledVisitId: String(row.scheduledVisitId), scheduledServiceId: String(row.scheduledServiceId) });

/** The calendar's changes, each one call of the API; the sync worker applies and queues them. */
export const schedulerMutations = {
  /**
   * A visit booked by staff with its services: one POST for the visit, one per service, sent in that order
   * (each service waits for its visit). Stored here as the server will store it: confirmed now, by `bookedBy`.
   */
  bookVisit(storeId: number, input: CreateScheduledVisit, services: readonly CreateScheduledService[], bookedBy: string, now = new Date()): Mutation[] {
    const { walkIn, ...model } = createScheduledVisitSchema.parse(input);
    const parsed = services.map((s) => withEnd(createScheduledServiceSchema.parse(s)));
    for (const s of parsed) refuseDuration(s.durationInMinutes, 'The appointment');
    if (parsed.length === 0) throw new Error('The appointment was not saved: choose at least one service.');
    const visitRow = { ...newStaffVisit(model, { now: now.toISOString(), bookedBy, walkIn }), storeId };
    // Sent after the customer and the vehicle when those were made on this device and wait to be sent too.
    const refs = [
      ...(model.customerId ? [`customers/${model.customerId}`] : []),
      ...(model.vehicleId ? [`customerVehicles/${model.vehicleId}`] : []),
      ...(model.tireQuoteId ? [`tireQuotes/${model.tireQuoteId}`] : []),
    ];
    return [
      {
        collection: 'scheduledVisits',
        key: model.scheduledVisitId,
        description: walkIn ? 'Check in a walk-in' : 'Book an appointment',
        refs,
        build: () => ({ next: visitRow, request: { method: 'POST', path: apiPaths.scheduledVisits, body: { ...model, walkIn } } }),
      },
      ...parsed.map((s) => schedulerMutations.addScheduledService(storeId, model.scheduledVisitId, s)),
    ];
  },

  /** Another service on a visit (sent after the visit when the visit waits to be sent too). */
  addScheduledService(storeId: number, scheduledVisitId: string, input: CreateScheduledService): Mutation {
    const model = withEnd(createScheduledServiceSchema.parse(input));
    refuseDuration(model.durationInMinutes, 'The service');
    return {
      collection: 'scheduledServices',
      key: model.scheduledServiceId,
      description: 'Add a service to the appointment',
      refs: [`scheduledVisits/${scheduledVisitId}`],
      build: () => ({
        next: { ...model, scheduledVisitId, storeId },
        request: { method: 'POST', path: fillPath(apiPaths.scheduledServices, { scheduledVisitId }), body: model },
      }),
    };
  },

  /** Drag or resize of an appointment: only what changed is sent; a drop where it was sends nothing. */
  placeScheduledService(scheduledServiceId: string, place: Placement): Mutation {
    refuseDuration(place.durationInMinutes, 'The move');
    return {
      collection: 'scheduledServices',
      key: scheduledServiceId,
      description: 'Move an appointment',
      build: (current) => {
        if (!current) notOnDevice('appointment');
        return patched(current, withEnd({ ...current, ...place } as Row & ScheduledService), scheduledServicePatchableFields, serviceAt(current));
      },
    };
  },

  /** Which service it is, its length, who does it and its notes: only what changed is sent. */
  changeScheduledService(scheduledServiceId: string, changes: ScheduledServiceChanges): Mutation {
    if (changes.durationInMinutes !== undefined) refuseDuration(changes.durationInMinutes, 'The service');
    return {
      collection: 'scheduledServices',
      key: scheduledServiceId,
      description: 'Change a service',
      build: (current) => {
        if (!current) notOnDevice('appointment');
        return patched(current, withEnd({ ...current, ...changes } as Row & ScheduledService), scheduledServicePatchableFields, serviceAt(current));
      },
    };
  },

  /** Removes an appointment that has not begun (the screen offers it only then; the server checks again). */
  deleteScheduledService(scheduledServiceId: string): Mutation {
    return {
      collection: 'scheduledServices',
      key: scheduledServiceId,
      description: 'Delete an appointment',
      build: (current) => (current ? { next: null, request: { method: 'DELETE', path: serviceAt(current) } } : null),
    };
  },

  updateVisit(
    scheduledVisitId: string,
    changes: Partial<
      Pick<
        ScheduledVisit,
        | 'customerVehicleStatus'
        | 'staffNotes'
        | 'customerComments'
        | 'keyTag'
        | 'visitAppointmentCount'
        | 'scheduledCustomerCheckIn'
        | 'pickUpTime'
        | 'cancelDate'
        | 'description'
      >
    >,
    description = 'Change a visit',
  ): Mutation {
    return {
      collection: 'scheduledVisits',
      key: scheduledVisitId,
      description,
      build: (current) => {
        if (!current) notOnDevice('visit');
        return patched(current, { ...current, ...changes }, scheduledVisitPatchableFields, fillPath(apiPaths.scheduledVisit, { scheduledVisitId }));
      },
    };
  },

  /** Checks the customer in, on the visit's day, at this device's time (the server keeps it when plausible). */
  checkIn(scheduledVisitId: string, day: VisitDay, now = new Date()): Mutation {
    return {
      collection: 'scheduledVisits',
      key: scheduledVisitId,
      description: 'Check in',
      build: (current) => {
        if (!current) notOnDevice('visit');
        const changes = checkInChanges(current as unknown as ScheduledVisit, now.toISOString(), day);
        if (changes && 'refused' in changes) throw new Error(changes.refused);
        if (!changes) return null;
        return { next: { ...current, ...changes }, request: { method: 'POST', path: fillPath(apiPaths.checkIn, { scheduledVisitId }) } };
      },
    };
  },

  /**
   * The counter promises a ready-by time, with why (issue 48): the visit's pickUpTime changes here at once, and
   * one POST …/promises goes when it can, carrying the reason and this device's time for the visit's history.
   * A promise the same as the one given, with no reason, sends nothing. `tellCustomer`: the same POST asks the
   * server to tell the customer in the same write (refused whole when it cannot go: the panel shows the refusal,
   * and discarding it puts the promise back).
   */
  movePromise(
    scheduledVisitId: string,
    pickUpTime: string | null,
    reason: string | null,
    options: { tellCustomer?: boolean } = {},
    now = new Date(),
  ): Mutation {
    const parsed = movePromiseSchema.safeParse({ pickUpTime, reason, at: now.toISOString(), tellCustomer: options.tellCustomer ?? false });
    if (!parsed.success) throw new Error(`The promise was not saved: ${parsed.error.issues[0]!.message}.`);
    const { tellCustomer, ...move } = parsed.data;
    const body = { ...move, reason: move.reason || null, ...(tellCustomer ? { tellCustomer } : {}) };
    return {
      collection: 'scheduledVisits',
      key: scheduledVisitId,
      description: tellCustomer ? 'Promise a ready-by time and tell the customer' : 'Promise a ready-by time',
      build: (current) => {
        if (!current) notOnDevice('visit');
        if (!isVisitOpen(current as unknown as ScheduledVisit)) throw new Error(closedVisitPromise);
        const was = current.pickUpTime as string | null;
        const same = was === body.pickUpTime || (was !== null && body.pickUpTime !== null && Date.parse(was) === Date.parse(body.pickUpTime));
        if (same && !body.reason && !tellCustomer) return null;
        return {
          next: { ...current, pickUpTime: body.pickUpTime },
          request: { method: 'POST', path: fillPath(apiPaths.visitPromises, { scheduledVisitId }), body },
        };
      },
    };
  },

  /** Declines a customer's appointment request with the reason the server sends them (works offline: it goes when it can). */
  declineRequest(unconfirmedVisitId: string, reason: string, now = new Date()): Mutation {
    const parsed = declineRequestSchema.safeParse({ reason });
    if (!parsed.success) throw new Error(`The request was not declined: ${parsed.error.issues[0]!.message}.`);
    const words = parsed.data.reason;
    return {
      collection: 'unconfirmedVisits',
      key: unconfirmedVisitId,
      description: 'Decline an appointment request',
      build: (current) => {
        if (!current) notOnDevice('appointment request');
        const changes = declineChanges(current as unknown as UnconfirmedVisit, words, now.toISOString());
        if (changes && 'refused' in changes) throw new Error(changes.refused);
        if (!changes) return null;
        return {
          next: { ...current, ...changes },
          request: { method: 'POST', path: fillPath(apiPaths.declineUnconfirmedVisit, { unconfirmedVisitId }), body: { reason: words } },
        };
      },
    };
  },

  /**
   * Declines many requests with one reason (issue 46 item 21: a flood of online requests, declined one by one):
   * one entry per request, as one user action; the server answers each from the store's message budget.
   */
  declineRequests(unconfirmedVisitIds: readonly string[], reason: string, now = new Date()): Mutation[] {
    if (unconfirmedVisitIds.length === 0) throw new Error('Choose the requests to decline.');
    return [...new Set(unconfirmedVisitIds)].map((id) => schedulerMutations.declineRequest(id, reason, now));
  },

  createBlockedTime(storeId: number, input: CreateBlockedTime): Mutation {
    const model = withEnd(createBlockedTimeSchema.parse(input));
    refuseDuration(model.durationInMinutes, 'The blocked time');
    return {
      collection: 'blockedTimes',
      key: model.blockedTimeId,
      description: 'Block time',
      build: () => ({ next: { ...model, storeId }, request: { method: 'POST', path: apiPaths.blockedTimes, body: model } }),
    };
  },

  updateBlockedTime(blockedTimeId: string, changes: Partial<Placement & Pick<BlockedTime, 'description'>>): Mutation {
    if (changes.durationInMinutes !== undefined) refuseDuration(changes.durationInMinutes, 'The blocked time');
    return {
      collection: 'blockedTimes',
      key: blockedTimeId,
      description: 'Change blocked time',
      build: (current) => {
        if (!current) notOnDevice('blocked time');
        return patched(
          current,
          withEnd({ ...current, ...changes } as Row & BlockedTime),
          blockedTimePatchableFields,
          fillPath(apiPaths.blockedTime, { blockedTimeId }),
        );
      },
    };
  },

  deleteBlockedTime(blockedTimeId: string): Mutation {
    return {
      collection: 'blockedTimes',
      key: blockedTimeId,
      description: 'Remove blocked time',
      build: (current) => (current ? { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.blockedTime, { blockedTimeId }) } } : null),
    };
  },

  createRecurringBlockedTime(storeId: number, input: CreateRecurringBlockedTime): Mutation {
    const model = createRecurringBlockedTimeSchema.parse(input);
    refuse(recurrenceProblems(model), 'The weekly block');
    return {
      collection: 'recurringBlockedTimes',
      key: model.recurringBlockedTimeId,
      description: 'Block time every week',
      build: () => ({ next: { ...model, storeId }, request: { method: 'POST', path: apiPaths.recurringBlockedTimes, body: model } }),
    };
  },

  updateRecurringBlockedTime(recurringBlockedTimeId: string, changes: Partial<Pick<RecurringBlockedTime, 'recurrenceEndDate' | 'description'>>): Mutation {
    return {
      collection: 'recurringBlockedTimes',
      key: recurringBlockedTimeId,
      description: 'Change a weekly block',
      build: (current) => {
        if (!current) notOnDevice('weekly block');
        const next = { ...current, ...changes };
        refuse(recurrenceProblems(next as unknown as RecurringBlockedTime), 'The weekly block');
        return patched(current, next, recurringBlockedTimePatchableFields, fillPath(apiPaths.recurringBlockedTime, { recurringBlockedTimeId }));
      },
    };
  },

  /** Removes every occurrence of a weekly block. */
  deleteRecurringBlockedTime(recurringBlockedTimeId: string): Mutation {
    return {
      collection: 'recurringBlockedTimes',
      key: recurringBlockedTimeId,
      description: 'Remove a weekly block',
      build: (current) =>
        current ? { next: null, request: { method: 'DELETE', path: fillPath(apiPaths.recurringBlockedTime, { recurringBlockedTimeId }) } } : null,
    };
  },
};
