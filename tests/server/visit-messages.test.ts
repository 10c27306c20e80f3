import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../server/clock.ts';
import { VisitMessagesJob } from '../../server/messaging/visit-messages-job.ts';
import { WritePath } from '../../server/sync/write-path.ts';
import { stoppedNumberProblem } from '../../src/domain/messages/text-keywords.ts';
import { demoStoreIds } from '../support/demo.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { visitFor } from '../support/visit-message-fixtures.ts';

let t: TestApp;
let store: number;
let now = new Date('2030-06-01T00:00:00.000Z');
const clock: Clock = { now: () => now };
let job: VisitMessagesJob;
const arrival = '2030-06-04T14:00:00.000Z';
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date('2030-01-01T00:00:00.000Z') } });
  store = (await demoStoreIds(t.db))[101]!;
  await t.db
    .updateTable('storeLocations')
    .set({
      appointmentReminderEnabled: true,
      appointmentReminderHoursBefore: 24,
      appointmentThankYouEnabled: true,
      appointmentThankYouHoursAfter: 2,
      timeZone: 'Eastern Standard Time',
    })
    .where('id', '=', store)
    .execute();
  job = new VisitMessagesJob({
    db: t.db,
    writes: new WritePath(t.db, { publish: () => undefined }, clock),
    clock,
    outbound: { kick: () => undefined },
    publicUrl: 'https://app.example.com',
    log: () => undefined,
  });
});
afterAll(async () => {
  await t.close();
});

const outboundOf = (visitId: string) =>
  t.db
    .selectFrom('storeMessages')
    .innerJoin('outboundMessages', 'outboundMessages.storeMessageId', 'storeMessages.storeMessageId')
    .select(['storeMessages.templateType', 'outboundMessages.channel', 'outboundMessages.toAddress', 'outboundMessages.subject', 'outboundMessages.body'])
    .where('storeMessages.visitId', '=', visitId)
    .execute();
const recordOf = (visitId: string) => t.db.selectFrom('visitMessages').select(['kind', 'skippedBecause']).where('scheduledVisitId', '=', visitId).execute();

describe('appointment reminders', () => {
  it('go once, at the hours the store set before arrival, by text to a customer who agreed to texts', async () => {
    const { visitId } = await visitFor(
      t.db,
      store,
      { arrival },
      { preferredContactMethod: 'Text', phoneNumber: '(555) 010-7001', textConsentMethod: 'InPerson' },
    );
    now = new Date('2030-06-03T13:59:00.000Z');
    await job.run();
    expect(await outboundOf(visitId)).toEqual([]);
    now = new Date('2030-06-03T14:00:00.000Z');
    await job.run();
    now = new Date('2030-06-03T18:00:00.000Z');
    await job.run();
    expect(await outboundOf(visitId)).toEqual([
      {
        templateType: 'AppointmentReminder',
        channel: 'sms',
        toAddress: '+15550107001',
        subject: null,
        body: expect.stringMatching(/^Hi Robin, a reminder of your appointment at .+ on Tue, Jun 4, 2030 at 10:00 AM\./),
      },
    ]);
  });

  it("go by email, with the template's subject, to a customer who prefers email", async () => {
    const { visitId } = await visitFor(t.db, store, { arrival }, { preferredContactMethod: 'Email', email: 'robin@example.com' });
    now = new Date('2030-06-04T09:00:00.000Z');
    await job.run();
    expect(await outboundOf(visitId)).toMatchObject([
      { channel: 'email', toAddress: 'robin@example.com', subject: expect.stringContaining('A reminder of your appointment') },
    ]);
  });

  it('do not text a number that texted STOP, nor one without consent, and say why', async () => {
    const stopped = await visitFor(t.db, store, { arrival }, { preferredContactMethod: 'Text', phoneNumber: '5550107002', textConsentMethod: 'InPerson' });
    const company = (await t.db.selectFrom('storeLocations').select('companyId').where('id', '=', store).executeTakeFirstOrThrow()).companyId;
    await t.db
      .insertInto('textStops')
      .values({ storeId: store, companyId: company, phoneNumber: '+15550107002', stoppedOn: '2030-05-01T00:00:00.000Z', version: 1 })
      .execute();
    const noConsent = await visitFor(t.db, store, { arrival }, { preferredContactMethod: 'Text', phoneNumber: '5550107003' });
    const calls = await visitFor(t.db, store, { arrival }, { preferredContactMethod: 'Phone', phoneNumber: '5550107004', email: 'calls@example.com' });
    now = new Date('2030-06-04T09:00:00.000Z');
    await job.run();
    for (const { visitId } of [stopped, noConsent, calls]) expect(await outboundOf(visitId)).toEqual([]);
    expect(await recordOf(stopped.visitId)).toEqual([{ kind: 'reminder', skippedBecause: stoppedNumberProblem }]);
    expect(await recordOf(noConsent.visitId)).toEqual([{ kind: 'reminder', skippedBecause: 'The customer has not agreed to texts' }]);
    expect(await recordOf(calls.visitId)).toEqual([{ kind: 'reminder', skippedBecause: 'The customer asked for calls' }]);
  });

  it('do not go for a canceled visit, nor once the customer has arrived', async () => {
    const canceled = await visitFor(t.db, store, { arrival, canceled: true }, { preferredContactMethod: 'Email', email: 'gone@example.com' });
    now = new Date('2030-06-04T15:00:00.000Z');
    const late = await visitFor(t.db, store, { arrival }, { preferredContactMethod: 'Email', email: 'late@example.com' });
    await job.run();
    expect(await outboundOf(canceled.visitId)).toEqual([]);
    expect(await outboundOf(late.visitId)).toEqual([]);
  });
});

describe('thank-yous', () => {
  it('go once, at the hours the store set after checkout, and not a day later', async () => {
    const recent = await visitFor(t.db, store, { checkOut: '2030-06-10T16:00:00.000Z' }, { preferredContactMethod: 'Email', email: 'thanks@example.com' });
    const old = await visitFor(t.db, store, { checkOut: '2030-06-08T16:00:00.000Z' }, { preferredContactMethod: 'Email', email: 'old@example.com' });
    now = new Date('2030-06-10T17:59:00.000Z');
    await job.run();
    expect(await outboundOf(recent.visitId)).toEqual([]);
    now = new Date('2030-06-10T18:00:00.000Z');
    await job.run();
    await job.run();
    expect(await outboundOf(recent.visitId)).toMatchObject([
      { templateType: 'ServiceThankYou', channel: 'email', body: expect.stringContaining('Thank you for visiting') },
    ]);
    expect(await outboundOf(old.visitId)).toEqual([]);
  });

  it("ask for a rating with the visit's rating link when the store asks for ratings, and not when it does not", async () => {
    const asked = await visitFor(t.db, store, { checkOut: '2030-07-10T16:00:00.000Z' }, { preferredContactMethod: 'Email', email: 'rate.me@example.com' });
    const { scheduledVisitHashId } = await t.db
      .selectFrom('scheduledVisits')
      .select('scheduledVisitHashId')
      .where('scheduledVisitId', '=', asked.visitId)
      .executeTakeFirstOrThrow();
    now = new Date('2030-07-10T18:00:00.000Z');
    await job.run();
    const [thanks] = await outboundOf(asked.visitId);
    expect(thanks!.body).toContain(`How did we do? Rate your visit: https://app.example.com/rating?visit=${scheduledVisitHashId}`);

    await t.db.updateTable('storeLocations').set({ ratingsEnabled: false }).where('id', '=', store).execute();
    const notAsked = await visitFor(t.db, store, { checkOut: '2030-07-11T16:00:00.000Z' }, { preferredContactMethod: 'Email', email: 'no.rating@example.com' });
    now = new Date('2030-07-11T18:00:00.000Z');
    await job.run();
    const [plain] = await outboundOf(notAsked.visitId);
    expect(plain!.body).toMatch(/We hope to see you again!$/);
    await t.db.updateTable('storeLocations').set({ ratingsEnabled: true }).where('id', '=', store).execute();
  });
});
