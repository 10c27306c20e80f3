import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../server/clock.ts';
import { VisitMessagesJob } from '../../server/messaging/visit-messages-job.ts';
import { twilioWebhookPaths } from '../../server/messaging/twilio-webhooks.ts';
import { WritePath } from '../../server/sync/write-path.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { messageName } from '../../src/domain/people/display-name.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, testPublicUrl, type TestApp } from '../support/test-app.ts';
import { visitFor } from '../support/visit-message-fixtures.ts';

const authToken = 'test-auth-token-0123456789abcdef';
const twilioEnv = { TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: authToken };
let now = new Date('2030-06-01T00:00:00.000Z');
const clock: Clock = { now: () => now };
const arrival = '2030-06-04T14:00:00.000Z';
const fleet = { companyName: 'Harbor Fleet Services', firstName: 'Robin', lastName: 'Test' };

let t: TestApp;
let store: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ clock, env: twilioEnv });
  store = (await demoStoreIds(t.db))[101]!;
  token = await accessTokenFor(t.app, 'user@demo.test');
  await t.db.updateTable('storeLocations').set({ appointmentReminderEnabled: true, appointmentReminderHoursBefore: 24 }).where('id', '=', store).execute();
});
afterAll(async () => {
  await t.close();
});

const namesOf = (where: { visitId?: string; customerId?: string }) => {
  let query = t.db.selectFrom('storeMessages').select(['name', 'messageDirection']);
  if (where.visitId) query = query.where('visitId', '=', where.visitId);
  if (where.customerId) query = query.where('customerId', '=', where.customerId);
  return query.execute();
};

describe('the name a message to or from a customer carries (issue 46 item 17)', () => {
  it("is the company's name on the store's own message to a company customer (a reminder), as the device writes it", async () => {
    const { visitId } = await visitFor(t.db, store, { arrival }, { ...fleet, preferredContactMethod: 'Email', email: 'fleet@example.com' });
    now = new Date('2030-06-04T09:00:00.000Z');
    const job = new VisitMessagesJob({
      db: t.db,
      writes: new WritePath(t.db, { publish: () => undefined }, clock),
      clock,
      outbound: { kick: () => undefined },
      publicUrl: 'https://app.example.com',
      log: () => undefined,
    });
    await job.run();
    expect(await namesOf({ visitId })).toEqual([{ name: 'Harbor Fleet Services', messageDirection: 'Outbound' }]);
    expect(messageName(fleet)).toBe('Harbor Fleet Services');
  });

  it("is the customer's name by the same rule on a text the counter sends, whatever name the device gave", async () => {
    const { customerId } = await visitFor(t.db, store, { arrival }, { ...fleet, phoneNumber: '5550107301' });
    const answer = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.smsMessages,
      token,
      store,
      body: {
        storeMessageId: randomUUID(),
        customerId,
        templateType: 'FreeForm',
        content: 'Your van is ready.',
        visitId: null,
        name: 'Robin Test',
        destinationPhoneNumber: '5550107301',
      },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ name: 'Harbor Fleet Services' });
    expect(await namesOf({ customerId })).toEqual([{ name: 'Harbor Fleet Services', messageDirection: 'Outbound' }]);
  });

  it("is the customer's name by the same rule on a text they send the store", async () => {
    const { customerId } = await visitFor(t.db, store, { arrival }, { ...fleet, phoneNumber: '(555) 010-7302' });
    const storeNumber = (await t.db.selectFrom('storeLocations').select('twilioPhoneNumber').where('id', '=', store).executeTakeFirstOrThrow())
      .twilioPhoneNumber!;
    const fields = {
      MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
      From: '+15550107302',
      To: storeNumber,
      Body: 'Is the van ready?',
      AccountSid: twilioEnv.TWILIO_ACCOUNT_SID,
    };
    const signature = twilio.getExpectedTwilioSignature(authToken, `${testPublicUrl}${twilioWebhookPaths.incoming}`, fields);
    const answer = await t.app.inject({
      method: 'POST',
      url: twilioWebhookPaths.incoming,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(answer.statusCode).toBe(200);
    expect(await namesOf({ customerId })).toEqual([{ name: 'Harbor Fleet Services', messageDirection: 'Inbound' }]);
  });
});
