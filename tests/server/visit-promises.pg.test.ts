import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { fillPath } from '../../src/contract/fill-path.ts';
import { dateFormats } from '../../src/domain/calendar/date-format.ts';
import { apiCall } from '../support/api.ts';
import { runRace, type Call, type WriteRace } from '../support/concurrent-writes.ts';
import { postgresTestApp, storeStaff } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';

/** Real time: PostgreSQL's test app runs on the real clock. */
const hoursFromNow = (hours: number) => new Date(Math.round((Date.now() + hours * 3_600_000) / 60_000) * 60_000).toISOString();

describe.skipIf(postgresUnavailable !== null)("a visit's promise on PostgreSQL, with concurrent callers", () => {
  // Room for every text the races send (two a round) within a minute.
  const t = postgresTestApp({ env: { MESSAGES_PER_PERSON_PER_MINUTE: '100', MESSAGES_PER_STORE_PER_MINUTE: '100' } });
  const staff = storeStaff(t);

  /** A walk-in checked in now with a promise, its work started by the bay. */
  async function visitInTheBay(promise: string): Promise<string> {
    const customer = await t.db
      .selectFrom('customerVehicles')
      .select(['customerId', 'vehicleId'])
      .where('deleted', '=', false)
      .orderBy('vehicleId')
      .executeTakeFirstOrThrow();
    const scheduledVisitId = randomUUID();
    const booked = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.scheduledVisits,
      token: staff.user,
      store: staff.store,
      body: {
        scheduledVisitId,
        ...customer,
        customerVehicleStatus: 1,
        description: null,
        staffNotes: null,
        customerComments: null,
        keyTag: null,
        visitAppointmentCount: 1,
        scheduledCustomerCheckIn: null,
        pickUpTime: promise,
        walkIn: true,
      },
    });
    expect(booked.statusCode).toBe(201);
    const started = await apiCall(t.app, {
      method: 'POST',
      path: fillPath(apiPaths.visitMilestone, { scheduledVisitId, milestone: 'work-start' }),
      token: staff.tech,
      store: staff.store,
      body: {},
    });
    expect(started.statusCode).toBe(200);
    return scheduledVisitId;
  }

  const promiseMove = (scheduledVisitId: string, pickUpTime: string, reason: string, tellCustomer = false): Call => ({
    method: 'POST',
    path: fillPath(apiPaths.visitPromises, { scheduledVisitId: scheduledVisitId }),
    token: staff.user,
    store: staff.store,
    body: { pickUpTime, reason, ...(tellCustomer ? { tellCustomer } : {}) },
  });
  /** The texts queued to the visit's customer, first queued first. */
  const texts = (scheduledVisitId: string) =>
    t.db
      .selectFrom('storeMessages')
      .innerJoin('outboundMessages', 'outboundMessages.storeMessageId', 'storeMessages.storeMessageId')
      .select('outboundMessages.body')
      .where('storeMessages.visitId', '=', scheduledVisitId)
      .orderBy('outboundMessages.createdAt')
      .execute();
  const stored = (scheduledVisitId: string) =>
    t.db.selectFrom('scheduledVisits').select(['pickUpTime', 'workCompleteDate']).where('scheduledVisitId', '=', scheduledVisitId).executeTakeFirstOrThrow();
  const history = (scheduledVisitId: string) =>
    t.db
      .selectFrom('visitPromises')
      .select(['previousPickUpTime', 'pickUpTime', 'reason'])
      .where('scheduledVisitId', '=', scheduledVisitId)
      .orderBy('seq')
      .execute();

  it('keeps both a promise moved by the counter and the work the bay completes at the same moment, and the whole history', async () => {
    const first = hoursFromNow(2);
    const moved = hoursFromNow(3);
    const race: WriteRace<string> = {
      name: 'promise moved while the bay completes the work',
      prepare: async () => {
        const scheduledVisitId = await visitInTheBay(first);
        return {
          target: scheduledVisitId,
          calls: [
            promiseMove(scheduledVisitId, moved, 'The brake work you approved adds 45 minutes'),
            {
              method: 'POST',
              path: fillPath(apiPaths.visitMilestone, { scheduledVisitId, milestone: 'work-complete' }),
              token: staff.tech,
              store: staff.store,
              body: {},
            },
          ],
        };
      },
      check: async (scheduledVisitId: string, answers: LightMyRequestResponse[]) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const visit = await stored(scheduledVisitId);
        expect(visit.pickUpTime).toBe(moved);
        expect(visit.workCompleteDate).not.toBeNull();
        expect(await history(scheduledVisitId)).toEqual([
          { previousPickUpTime: null, pickUpTime: first, reason: null },
          { previousPickUpTime: first, pickUpTime: moved, reason: 'The brake work you approved adds 45 minutes' },
        ]);
      },
    };
    await runRace(t.app, race, 6);
  });

  it('tells the customer of each of two promises moved at once, each text naming the promise it replaced, as the history does', async () => {
    const first = hoursFromNow(2);
    const race: WriteRace<string> = {
      name: 'two counters move one promise and tell the customer',
      prepare: async () => {
        const scheduledVisitId = await visitInTheBay(first);
        const { customerId } = await t.db
          .selectFrom('scheduledVisits')
          .select('customerId')
          .where('scheduledVisitId', '=', scheduledVisitId)
          .executeTakeFirstOrThrow();
        await t.db
          .updateTable('customers')
          .set({ preferredContactMethod: 'Text', phoneNumber: '5550107201', textConsentMethod: 'InPerson' })
          .where('customerId', '=', customerId!)
          .execute();
        return {
          target: scheduledVisitId,
          calls: [
            promiseMove(scheduledVisitId, hoursFromNow(3), 'Waiting on a part', true),
            promiseMove(scheduledVisitId, hoursFromNow(4), 'A second car ahead', true),
          ],
        };
      },
      check: async (scheduledVisitId: string, answers: LightMyRequestResponse[]) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const moves = (await history(scheduledVisitId)).slice(1);
        const sent = await texts(scheduledVisitId);
        expect(sent).toHaveLength(2);
        const timeOf = (iso: string) => dateFormats('America/Chicago').time(iso);
        // Each text says the promise its own move replaced: the second names the first's time, never the one before both.
        for (const move of moves) {
          const words = new RegExp(
            `will be ready .*${timeOf(move.pickUpTime!)} instead of .*${timeOf(move.previousPickUpTime!)}: ${move.reason!.toLowerCase()}\\.`,
          );
          expect(
            sent.filter((text) => words.test(text.body)),
            `a text for the move to ${move.pickUpTime}`,
          ).toHaveLength(1);
        }
      },
    };
    await runRace(t.app, race, 6);
  });

  it('chains two promises moved at once: each names the one it replaced, and the last is the visit’s', async () => {
    const first = hoursFromNow(2);
    const race: WriteRace<string> = {
      name: 'two counters move one promise',
      prepare: async () => {
        const scheduledVisitId = await visitInTheBay(first);
        return {
          target: scheduledVisitId,
          calls: [promiseMove(scheduledVisitId, hoursFromNow(3), 'Waiting on a part'), promiseMove(scheduledVisitId, hoursFromNow(4), 'A second car ahead')],
        };
      },
      check: async (scheduledVisitId: string, answers: LightMyRequestResponse[]) => {
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const moves = await history(scheduledVisitId);
        expect(moves).toHaveLength(3);
        moves.slice(1).forEach((move, i) => expect(move.previousPickUpTime).toBe(moves[i]!.pickUpTime));
        expect((await stored(scheduledVisitId)).pickUpTime).toBe(moves[2]!.pickUpTime);
      },
    };
    await runRace(t.app, race, 6);
  });
});
