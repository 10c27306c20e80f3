import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { closedVisitPromise } from '../../src/domain/scheduler/promise.ts';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { fillPath } from '../../src/contract/fill-path.ts';
import type { VisitPromise } from '../../src/contract/visit-promise.ts';
import type { PublicWorkOrder } from '../../src/contract/work-order.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const now = '2030-06-03T15:00:00.000Z';
const clock = new ManualClock(new Date(now));
let t: TestApp;
const tokens: Record<string, string> = {};
let store: number;
let customer: { customerId: string; vehicleId: string };
beforeAll(async () => {
  t = await createTestApp({ clock });
  for (const who of ['admin', 'user', 'tech']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  store = (await demoStoreIds(t.db))[101]!;
  customer = await t.db
    .selectFrom('customerVehicles')
    .select(['customerId', 'vehicleId'])
    .where('deleted', '=', false)
    .orderBy('vehicleId')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (who: string, method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
  apiCall(t.app, { method, path, token: tokens[who]!, store, body, headers });
const replace = (field: string, value: unknown) => ({ op: 'replace', path: `/${field}`, value });

/** A visit booked by the counter through the API, with a promise or none; its id and public id. */
async function book(pickUpTime: string | null) {
  const scheduledVisitId = randomUUID();
  const answer = await call('user', 'POST', apiPaths.scheduledVisits, {
    scheduledVisitId,
    customerId: customer.customerId,
    vehicleId: customer.vehicleId,
    customerVehicleStatus: 1,
    description: null,
    staffNotes: null,
    customerComments: null,
    keyTag: null,
    visitAppointmentCount: 1,
    scheduledCustomerCheckIn: '2030-06-03T15:00:00.000Z',
    pickUpTime,
  });
  expect(answer.statusCode).toBe(201);
  return { scheduledVisitId, hashId: answer.json<{ scheduledVisitHashId: string }>().scheduledVisitHashId };
}
const history = async (scheduledVisitId: string) => {
  const answer = await call('user', 'GET', fillPath(apiPaths.visitPromises, { scheduledVisitId }));
  expect(answer.statusCode).toBe(200);
  return answer.json<{ items: VisitPromise[] }>().items;
};
const storedPromise = async (scheduledVisitId: string) =>
  (await t.db.selectFrom('scheduledVisits').select('pickUpTime').where('scheduledVisitId', '=', scheduledVisitId).executeTakeFirstOrThrow()).pickUpTime;

describe("a visit's promise keeps its history", () => {
  it('records the promise a visit is booked with, by whom and when', async () => {
    const { scheduledVisitId } = await book('2030-06-03T18:00:00.000Z');
    expect(await history(scheduledVisitId)).toEqual([
      {
        visitPromiseId: expect.any(String),
        scheduledVisitId,
        pickUpTime: '2030-06-03T18:00:00.000Z',
        previousPickUpTime: null,
        movedBy: expect.any(String),
        movedByName: 'Uma User',
        movedAt: now,
        reason: null,
      },
    ]);
  });

  it('records nothing for a visit booked without a promise', async () => {
    const { scheduledVisitId } = await book(null);
    expect(await history(scheduledVisitId)).toEqual([]);
  });

  it('records a promise moved by a change of the visit, with the one before it', async () => {
    const { scheduledVisitId } = await book('2030-06-03T18:00:00.000Z');
    clock.advance(60_000);
    const answer = await call('user', 'PATCH', fillPath(apiPaths.scheduledVisit, { scheduledVisitId }), [replace('pickUpTime', '2030-06-03T19:30:00.000Z')]);
    expect(answer.statusCode).toBe(200);
    const moves = await history(scheduledVisitId);
    expect(moves.map((m) => [m.previousPickUpTime, m.pickUpTime, m.reason])).toEqual([
      [null, '2030-06-03T18:00:00.000Z', null],
      ['2030-06-03T18:00:00.000Z', '2030-06-03T19:30:00.000Z', null],
    ]);
    expect(moves[1]!.movedAt).toBe(clock.now().toISOString());
  });

  it('records nothing when a change leaves the promise as it was, even written another way', async () => {
    const { scheduledVisitId } = await book('2030-06-03T18:00:00.000Z');
    await call('user', 'PATCH', fillPath(apiPaths.scheduledVisit, { scheduledVisitId }), [replace('keyTag', 'K7')]);
    await call('user', 'PATCH', fillPath(apiPaths.scheduledVisit, { scheduledVisitId }), [replace('pickUpTime', '2030-06-03T14:00:00-04:00')]);
    expect(await history(scheduledVisitId)).toHaveLength(1);
  });

  it('moves the promise with the reason the counter gives, at the time its device did', async () => {
    const { scheduledVisitId } = await book('2030-06-03T18:00:00.000Z');
    const movedOnDevice = new Date(clock.now().getTime() - 5 * 60_000).toISOString();
    const answer = await call('user', 'POST', fillPath(apiPaths.visitPromises, { scheduledVisitId }), {
      pickUpTime: '2030-06-03T18:45:00.000Z',
      reason: 'The brake work you approved adds 45 minutes',
      at: movedOnDevice,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ scheduledVisitId, pickUpTime: '2030-06-03T18:45:00.000Z' });
    expect(await storedPromise(scheduledVisitId)).toBe('2030-06-03T18:45:00.000Z');
    expect((await history(scheduledVisitId)).at(-1)).toMatchObject({
      previousPickUpTime: '2030-06-03T18:00:00.000Z',
      pickUpTime: '2030-06-03T18:45:00.000Z',
      reason: 'The brake work you approved adds 45 minutes',
      movedByName: 'Uma User',
      movedAt: movedOnDevice,
    });
  });

  it('records a move sent twice with one Idempotency-Key once', async () => {
    const { scheduledVisitId } = await book('2030-06-03T18:00:00.000Z');
    const headers = { 'Idempotency-Key': `promise-${randomUUID()}` };
    const body = { pickUpTime: '2030-06-03T20:00:00.000Z', reason: 'Parts arrive at 3' };
    for (let i = 0; i < 2; i++)
      expect((await call('user', 'POST', fillPath(apiPaths.visitPromises, { scheduledVisitId }), body, headers)).statusCode).toBe(200);
    expect(await history(scheduledVisitId)).toHaveLength(2);
  });

  it('refuses to move the promise of a canceled visit, in words, and keeps it and its history', async () => {
    const { scheduledVisitId } = await book('2030-06-03T18:00:00.000Z');
    await call('user', 'PATCH', fillPath(apiPaths.scheduledVisit, { scheduledVisitId }), [replace('cancelDate', now)]);
    const answer = await call('user', 'POST', fillPath(apiPaths.visitPromises, { scheduledVisitId }), { pickUpTime: '2030-06-03T20:00:00.000Z', reason: null });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ detail: closedVisitPromise });
    expect(await storedPromise(scheduledVisitId)).toBe('2030-06-03T18:00:00.000Z');
    expect(await history(scheduledVisitId)).toHaveLength(1);
  });

  it('refuses a reason too long as problem details naming the field, storing nothing', async () => {
    const { scheduledVisitId } = await book('2030-06-03T18:00:00.000Z');
    const answer = await call('user', 'POST', fillPath(apiPaths.visitPromises, { scheduledVisitId }), {
      pickUpTime: '2030-06-03T20:00:00.000Z',
      reason: 'x'.repeat(501),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toHaveProperty('reason');
    expect(await storedPromise(scheduledVisitId)).toBe('2030-06-03T18:00:00.000Z');
    expect(await history(scheduledVisitId)).toHaveLength(1);
  });

  it('leaves moving the promise to the front counter: the bay is refused', async () => {
    const { scheduledVisitId } = await book('2030-06-03T18:00:00.000Z');
    const answer = await call('tech', 'POST', fillPath(apiPaths.visitPromises, { scheduledVisitId }), { pickUpTime: '2030-06-03T20:00:00.000Z', reason: null });
    expect(answer.statusCode).toBe(403);
    expect(await history(scheduledVisitId)).toHaveLength(1);
  });

  it('answers 404 for the history of a visit that is not there', async () => {
    expect((await call('user', 'GET', fillPath(apiPaths.visitPromises, { scheduledVisitId: randomUUID() }))).statusCode).toBe(404);
  });
});

describe("the public work order carries the visit's promise", () => {
  const workOrder = async (hashId: string) => {
    const answer = await t.app.inject({ method: 'GET', url: withApiVersion(fillPath(apiPaths.publicWorkOrder, { scheduledVisitHashId: hashId })) });
    expect(answer.statusCode).toBe(200);
    return answer.json<PublicWorkOrder>();
  };

  it('as pickUpTime, the latest one given, and null when none was', async () => {
    const promised = await book('2030-06-03T18:00:00.000Z');
    await call('user', 'POST', fillPath(apiPaths.visitPromises, { scheduledVisitId: promised.scheduledVisitId }), {
      pickUpTime: '2030-06-03T18:30:00.000Z',
      reason: 'A part is late',
    });
    expect((await workOrder(promised.hashId)).pickUpTime).toBe('2030-06-03T18:30:00.000Z');
    const unpromised = await book(null);
    expect((await workOrder(unpromised.hashId)).pickUpTime).toBeNull();
  });
});
