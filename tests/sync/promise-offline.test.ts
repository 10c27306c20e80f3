import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { fillPath } from '../../src/contract/fill-path.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import type { VisitPromise } from '../../src/contract/visit-promise.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';
import { schedulerMutations } from '../../workers/scheduler-mutations.ts';
import { apiCall } from '../support/api.ts';
import { createDevice, demoStoreZone, storeClock, syncTestEnvironment, type Device } from '../support/sync-harness.ts';

/** The server's clock: 10:00 at store #101. */
const env = syncTestEnvironment(storeClock('2026-11-04T10:00'));
const at = (wallClock: string) => Temporal.PlainDateTime.from(wallClock).toZonedDateTime(demoStoreZone).toInstant().toString({ smallestUnit: 'millisecond' });

/** A customer of the store reached as `contact` says (a new one each time: a test's refusals stay its own); their id. */
async function customerWho(contact: Record<string, unknown>): Promise<string> {
  const db = env.server.database.db;
  const { customerId } = await db
    .selectFrom('customers')
    .select('customerId')
    .where('deleted', '=', false)
    .where('firstName', 'is not', null)
    .orderBy('customerId')
    .offset(customersUsed++)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('customers')
    .set({ email: null, textConsentMethod: null, ...contact })
    .where('customerId', '=', customerId)
    .execute();
  return customerId;
}
let customersUsed = 0;

/** A visit the counter booked with a promise, through the API, for a customer or none; its id. */
async function promisedVisit(pickUpTime: string, customerId: string | null = null): Promise<string> {
  const scheduledVisitId = randomUUID();
  const answer = await apiCall(env.server.app, {
    method: 'POST',
    path: apiPaths.scheduledVisits,
    token: env.token,
    store: env.store,
    body: {
      scheduledVisitId,
      scheduledVisitHashId: newHashId(),
      customerId,
      vehicleId: null,
      customerVehicleStatus: 2,
      description: null,
      staffNotes: null,
      customerComments: null,
      keyTag: null,
      visitAppointmentCount: 1,
      scheduledCustomerCheckIn: at('2026-11-04T09:30'),
      pickUpTime,
      walkIn: false,
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return scheduledVisitId;
}

const history = async (scheduledVisitId: string) => {
  const answer = await apiCall(env.server.app, {
    method: 'GET',
    path: fillPath(apiPaths.visitPromises, { scheduledVisitId }),
    token: env.token,
    store: env.store,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ items: VisitPromise[] }>().items;
};
const serverPromise = async (scheduledVisitId: string) =>
  (await env.server.database.db.selectFrom('scheduledVisits').select('pickUpTime').where('scheduledVisitId', '=', scheduledVisitId).executeTakeFirstOrThrow())
    .pickUpTime;

/** The counter's tablet, synced, whose clock reads `wallClock` (store time), then cut off. */
async function offlineTabletAt(wallClock: string): Promise<Device> {
  const device = env.track(createDevice({ serverUrl: env.server.url, storeId: env.store, token: env.token, now: () => Date.parse(at(wallClock)) }));
  await device.engine.pull();
  device.network.offline = true;
  return device;
}

describe('a promise moved at the counter while offline', () => {
  it('shows the new ready-by time on the device at once, waits in the outbox, and lands once with its reason in the history', async () => {
    const visitId = await promisedVisit(at('2026-11-04T15:00'));
    const tablet = await offlineTabletAt('2026-11-04T09:55');
    const reason = 'The brake work you approved adds 45 minutes';

    await tablet.engine.mutate(schedulerMutations.movePromise(visitId, at('2026-11-04T15:45'), reason, {}, new Date(at('2026-11-04T09:55'))));
    expect((await tablet.db.collection('scheduledVisits').get(visitId))?.pickUpTime).toBe(at('2026-11-04T15:45'));
    const waiting = await tablet.db.outbox.toArray();
    expect(waiting.map((e) => [e.method, e.path, e.description])).toEqual([
      ['POST', fillPath(apiPaths.visitPromises, { scheduledVisitId: visitId }), 'Promise a ready-by time'],
    ]);
    expect(await serverPromise(visitId)).toBe(at('2026-11-04T15:00'));

    // Back online, the server's answer is lost on the way back: sent again, it is recorded once.
    tablet.network.offline = false;
    tablet.network.loseReplies = 1;
    expect(await tablet.push()).toMatchObject({ sent: 0, stoppedBy: 'offline' });
    expect(await tablet.push()).toMatchObject({ sent: 1, failed: 0 });
    expect(await tablet.db.outbox.count()).toBe(0);

    expect(await serverPromise(visitId)).toBe(at('2026-11-04T15:45'));
    const moves = await history(visitId);
    expect(moves.map((m) => [m.previousPickUpTime, m.pickUpTime, m.reason])).toEqual([
      [null, at('2026-11-04T15:00'), null],
      [at('2026-11-04T15:00'), at('2026-11-04T15:45'), reason],
    ]);
    expect(moves[1]!.movedAt).toBe(at('2026-11-04T09:55'));
  });

  it('sends nothing for the promise the visit already has, given without a reason', async () => {
    const visitId = await promisedVisit(at('2026-11-04T15:00'));
    const tablet = await offlineTabletAt('2026-11-04T09:55');
    expect(await tablet.engine.mutate(schedulerMutations.movePromise(visitId, '2026-11-04T15:00:00-06:00', null))).toBe(false);
    expect(await tablet.db.outbox.count()).toBe(0);
  });

  it('refuses, in words and before queuing, to move the promise of a visit that was canceled', async () => {
    const visitId = await promisedVisit(at('2026-11-04T15:00'));
    const tablet = await offlineTabletAt('2026-11-04T09:55');
    await tablet.engine.mutate(schedulerMutations.updateVisit(visitId, { cancelDate: at('2026-11-04T09:54') }));
    await expect(tablet.engine.mutate(schedulerMutations.movePromise(visitId, at('2026-11-04T16:00'), null))).rejects.toThrow(
      'This visit was picked up or canceled: its promise stays as it was.',
    );
    expect(await tablet.db.outbox.count()).toBe(1);
  });
});

describe('a promise moved offline with "tell the customer"', () => {
  const reason = 'The brake work you approved adds 45 minutes';
  const messagesOf = (scheduledVisitId: string) =>
    env.server.database.db
      .selectFrom('storeMessages')
      .innerJoin('outboundMessages', 'outboundMessages.storeMessageId', 'storeMessages.storeMessageId')
      .select(['outboundMessages.channel', 'outboundMessages.toAddress', 'outboundMessages.body'])
      .where('storeMessages.visitId', '=', scheduledVisitId)
      .execute();

  it('waits as one entry with the move, and goes once: the promise, its reason in the history and one text with the new time', async () => {
    const customerId = await customerWho({ preferredContactMethod: 'Text', phoneNumber: '5550107301', textConsentMethod: 'InPerson' });
    const visitId = await promisedVisit(at('2026-11-04T15:00'), customerId);
    const tablet = await offlineTabletAt('2026-11-04T09:55');

    await tablet.engine.mutate(
      schedulerMutations.movePromise(visitId, at('2026-11-04T15:45'), reason, { tellCustomer: true }, new Date(at('2026-11-04T09:55'))),
    );
    expect((await tablet.db.collection('scheduledVisits').get(visitId))?.pickUpTime).toBe(at('2026-11-04T15:45'));
    expect((await tablet.db.outbox.toArray()).map((e) => [e.method, e.description])).toEqual([['POST', 'Promise a ready-by time and tell the customer']]);
    expect(await messagesOf(visitId)).toEqual([]);

    tablet.network.offline = false;
    tablet.network.loseReplies = 1;
    expect(await tablet.push()).toMatchObject({ sent: 0, stoppedBy: 'offline' });
    expect(await tablet.push()).toMatchObject({ sent: 1, failed: 0 });
    expect(await tablet.db.outbox.count()).toBe(0);

    expect(await serverPromise(visitId)).toBe(at('2026-11-04T15:45'));
    expect((await history(visitId)).map((m) => [m.previousPickUpTime, m.pickUpTime, m.reason])).toEqual([
      [null, at('2026-11-04T15:00'), null],
      [at('2026-11-04T15:00'), at('2026-11-04T15:45'), reason],
    ]);
    expect(await messagesOf(visitId)).toEqual([
      {
        channel: 'sms',
        toAddress: '+15550107301',
        body: expect.stringMatching(
          /^Your .+ will be ready at 3:45 PM instead of 3:00 PM: the brake work you approved adds 45 minutes\. Follow it here: \S+\/work-order\/\S+ — /,
        ),
      },
    ]);
  });

  it("is kept refused on the device, in the server's words, when the customer asked for calls; discarded, the promise is as it was", async () => {
    const customerId = await customerWho({ preferredContactMethod: 'Phone', phoneNumber: '5550107302' });
    const visitId = await promisedVisit(at('2026-11-04T15:00'), customerId);
    const tablet = await offlineTabletAt('2026-11-04T09:55');
    await tablet.engine.mutate(schedulerMutations.movePromise(visitId, at('2026-11-04T15:45'), reason, { tellCustomer: true }));

    tablet.network.offline = false;
    expect(await tablet.push()).toMatchObject({ sent: 0, failed: 1 });
    const [refused] = await tablet.db.outbox.toArray();
    expect(refused).toMatchObject({ status: 'failed' });
    expect(refused!.problem?.detail).toBe(
      'The customer was not told and the promise stays as it was. The customer asked for calls: call them at (555) 010-7302.',
    );
    expect(await serverPromise(visitId)).toBe(at('2026-11-04T15:00'));
    expect(await messagesOf(visitId)).toEqual([]);

    await tablet.engine.discard(refused!.seq!);
    expect((await tablet.db.collection('scheduledVisits').get(visitId))?.pickUpTime).toBe(at('2026-11-04T15:00'));
    expect(await tablet.db.outbox.count()).toBe(0);
  });

  it('refuses, in words and before anything is queued, to tell the customer of a promise taken away', () => {
    expect(() => schedulerMutations.movePromise(randomUUID(), null, null, { tellCustomer: true })).toThrow(
      'The promise was not saved: Give the new ready-by time to tell the customer.',
    );
  });
});
