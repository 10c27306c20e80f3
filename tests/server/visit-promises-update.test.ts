import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { fillPath } from '../../src/contract/fill-path.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, testPublicUrl, type TestApp } from '../support/test-app.ts';
import { visitFor } from '../support/visit-message-fixtures.ts';

/** 10:00 AM at store #101, set on Central time below. */
const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
/** A person may send two messages a minute here: the third is over the limit. */
const limits = {
  MESSAGES_PER_PERSON_PER_MINUTE: '2',
  MESSAGES_PER_PERSON_PER_DAY: '50',
  MESSAGES_PER_STORE_PER_MINUTE: '50',
  MESSAGES_PER_STORE_PER_DAY: '100',
};
const promised = '2030-06-03T18:00:00.000Z';
const moved = '2030-06-03T18:45:00.000Z';
const reason = 'The brake work you approved adds 45 minutes';

let t: TestApp;
let store: number;
let storeName: string;
let companyId: number;
let token: string;
let vehicle: { vehicleId: string; title: string };
beforeAll(async () => {
  t = await createTestApp({ clock, env: limits });
  store = (await demoStoreIds(t.db))[101]!;
  const row = await t.db
    .updateTable('storeLocations')
    .set({ timeZone: 'Central Standard Time' })
    .where('id', '=', store)
    .returning(['name', 'companyId'])
    .executeTakeFirstOrThrow();
  storeName = row.name;
  companyId = row.companyId;
  token = await accessTokenFor(t.app, 'user@demo.test');
  const car = await t.db
    .selectFrom('customerVehicles')
    .select(['vehicleId', 'year', 'make', 'model'])
    .where('deleted', '=', false)
    .where('year', 'is not', null)
    .where('make', 'is not', null)
    .where('model', 'is not', null)
    .orderBy('vehicleId')
    .executeTakeFirstOrThrow();
  vehicle = { vehicleId: car.vehicleId, title: `${car.year} ${car.make} ${car.model}` };
});
afterAll(async () => {
  await t.close();
});

/** An open visit of the store promised for 1:00 PM, its car named, whose customer has these contact details. */
async function promisedVisit(customer: Record<string, unknown>) {
  const { visitId } = await visitFor(t.db, store, { arrival: '2030-06-03T14:30:00.000Z' }, customer);
  const { scheduledVisitHashId } = await t.db
    .updateTable('scheduledVisits')
    .set({ pickUpTime: promised, vehicleId: vehicle.vehicleId })
    .where('scheduledVisitId', '=', visitId)
    .returning('scheduledVisitHashId')
    .executeTakeFirstOrThrow();
  return { visitId, hashId: scheduledVisitHashId };
}
const texting = (phoneNumber: string) => ({ preferredContactMethod: 'Text', phoneNumber, textConsentMethod: 'InPerson' });

const move = (visitId: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  apiCall(t.app, { method: 'POST', path: fillPath(apiPaths.visitPromises, { scheduledVisitId: visitId }), token, store, body, headers });
const tellAt = (visitId: string, pickUpTime = moved, headers?: Record<string, string>) => move(visitId, { pickUpTime, reason, tellCustomer: true }, headers);

const stored = async (visitId: string) => ({
  pickUpTime: (await t.db.selectFrom('scheduledVisits').select('pickUpTime').where('scheduledVisitId', '=', visitId).executeTakeFirstOrThrow()).pickUpTime,
  history: await t.db.selectFrom('visitPromises').select(['previousPickUpTime', 'pickUpTime', 'reason']).where('scheduledVisitId', '=', visitId).execute(),
  messages: await t.db
    .selectFrom('storeMessages')
    .innerJoin('outboundMessages', 'outboundMessages.storeMessageId', 'storeMessages.storeMessageId')
    .select(['storeMessages.templateType', 'outboundMessages.channel', 'outboundMessages.toAddress', 'outboundMessages.subject', 'outboundMessages.body'])
    .where('storeMessages.visitId', '=', visitId)
    .execute(),
});
const untouched = { pickUpTime: promised, history: [], messages: [] };

describe('a promise moved with "tell the customer"', () => {
  it('texts the customer once, in the same write as the move: the new time, the one it replaces, the reason and the work order link', async () => {
    const { visitId, hashId } = await promisedVisit(texting('(555) 010-7101'));
    const headers = { 'Idempotency-Key': `tell-${randomUUID()}` };
    for (let i = 0; i < 2; i++) expect((await tellAt(visitId, moved, headers)).statusCode).toBe(200);
    expect(await stored(visitId)).toEqual({
      pickUpTime: moved,
      history: [{ previousPickUpTime: promised, pickUpTime: moved, reason }],
      messages: [
        {
          templateType: 'FreeForm',
          channel: 'sms',
          toAddress: '+15550107101',
          subject: null,
          body: `Your ${vehicle.title} will be ready at 1:45 PM instead of 1:00 PM: the brake work you approved adds 45 minutes. Follow it here: ${testPublicUrl}/work-order/${hashId} — ${storeName}`,
        },
      ],
    });
  });

  it('emails a customer who prefers email, the car named in the subject', async () => {
    clock.advance(61_000);
    const { visitId } = await promisedVisit({ preferredContactMethod: 'Email', email: 'robin@example.com' });
    expect((await tellAt(visitId, '2030-06-04T14:00:00.000Z')).statusCode).toBe(200);
    expect((await stored(visitId)).messages).toEqual([
      {
        templateType: 'FreeForm',
        channel: 'email',
        toAddress: 'robin@example.com',
        subject: `A new ready-by time for your ${vehicle.title}`,
        body: expect.stringMatching(new RegExp(`^Your ${vehicle.title} will be ready on Tue, Jun 4 at 9:00 AM instead of today at 1:00 PM: the brake work`)),
      },
    ]);
  });

  it('is refused, in words that say to call, for a customer who asked for calls, storing neither the promise nor a message', async () => {
    const { visitId } = await promisedVisit({ preferredContactMethod: 'Phone', phoneNumber: '5550107102', email: 'calls@example.com' });
    const answer = await tellAt(visitId);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe('The customer was not told and the promise stays as it was. The customer asked for calls: call them at (555) 010-7102.');
    expect(await stored(visitId)).toEqual(untouched);
  });

  it('is refused for a customer whose number texted STOP, and for one who never agreed to texts and has no email, storing nothing', async () => {
    const stopped = await promisedVisit(texting('5550107103'));
    await t.db
      .insertInto('textStops')
      .values({ storeId: store, companyId, phoneNumber: '+15550107103', stoppedOn: '2030-05-01T00:00:00.000Z', version: 1 })
      .execute();
    const unconsented = await promisedVisit({ preferredContactMethod: 'Text', phoneNumber: '5550107104' });
    const answers = [await tellAt(stopped.visitId), await tellAt(unconsented.visitId)];
    expect(answers.map((a) => [a.statusCode, a.json().detail])).toEqual([
      [409, 'The customer was not told and the promise stays as it was. The customer texted STOP: call them at (555) 010-7103.'],
      [409, 'The customer was not told and the promise stays as it was. The customer has not agreed to texts: call them at (555) 010-7104.'],
    ]);
    expect(await stored(stopped.visitId)).toEqual(untouched);
    expect(await stored(unconsented.visitId)).toEqual(untouched);
  });

  it("is refused past the sender's messages a minute, with Retry-After, storing nothing; the same move without telling goes", async () => {
    clock.advance(61_000);
    const sent = [await promisedVisit(texting('5550107105')), await promisedVisit(texting('5550107106'))];
    for (const { visitId } of sent) expect((await tellAt(visitId)).statusCode).toBe(200);
    const third = await promisedVisit(texting('5550107107'));
    const answer = await tellAt(third.visitId);
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe('60');
    expect(answer.json().detail).toMatch(/^You have sent 2 messages in the last minute/);
    expect(await stored(third.visitId)).toEqual(untouched);
    expect((await move(third.visitId, { pickUpTime: moved, reason })).statusCode).toBe(200);
    expect(await stored(third.visitId)).toMatchObject({ pickUpTime: moved, messages: [] });
  });

  it('is refused without a new time to tell, naming the field', async () => {
    const { visitId } = await promisedVisit(texting('5550107108'));
    const answer = await move(visitId, { pickUpTime: null, reason: null, tellCustomer: true });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ pickUpTime: ['Give the new ready-by time to tell the customer'] });
    expect(await stored(visitId)).toEqual(untouched);
  });
});
