import twilio from 'twilio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../server/clock.ts';
import type { Sms, SmsSender } from '../../server/messaging/sms.ts';
import { VisitMessagesJob } from '../../server/messaging/visit-messages-job.ts';
import { WritePath } from '../../server/sync/write-path.ts';
import { visitFor } from '../support/visit-message-fixtures.ts';
import { twilioWebhookPaths } from '../../server/messaging/twilio-webhooks.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { testPublicUrl } from '../support/test-app.ts';

const authToken = 'pg-auth-token-0123456789abcdef';
const sent: Sms[] = [];
const sender: SmsSender = {
  async send(sms) {
    sent.push(sms);
    return { providerId: `SMpg${sent.length}`, via: 'sink' };
  },
};

describe.skipIf(postgresUnavailable !== null)('texting writes on PostgreSQL, with concurrent callers', () => {
  const t = postgresTestApp({ env: { TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`, TWILIO_AUTH_TOKEN: authToken }, sms: sender });
  let store: number;
  let storeNumber: string;
  beforeAll(async () => {
    store = (await demoStoreIds(t.db))[101]!;
    storeNumber = (await t.db.selectFrom('storeLocations').select('twilioPhoneNumber').where('id', '=', store).executeTakeFirstOrThrow()).twilioPhoneNumber!;
  });

  it('stores one message and sends one STOP confirmation when Twilio delivers the same STOP five times at once', async () => {
    const fields = { MessageSid: 'SMpgrace000001', From: '+15550109301', To: storeNumber, Body: 'STOP' };
    const signature = twilio.getExpectedTwilioSignature(authToken, `${testPublicUrl}${twilioWebhookPaths.incoming}`, fields);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: twilioWebhookPaths.incoming,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
          payload: new URLSearchParams(fields).toString(),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const messages = await t.db
      .selectFrom('storeMessages')
      .select(['messageDirection', 'templateType'])
      .where('phoneNumber', '=', fields.From)
      .orderBy('messageDirection')
      .execute();
    expect(messages).toEqual([
      { messageDirection: 'Inbound', templateType: 'Incoming' },
      { messageDirection: 'Outbound', templateType: 'CustomerStopTextConfirmation' },
    ]);
    expect(await t.db.selectFrom('textStops').select('phoneNumber').where('phoneNumber', '=', fields.From).execute()).toHaveLength(1);
  });

  it('keeps one row of a template when four admins save it at once, holding one of their words', async () => {
    const admin = await accessTokenFor(t.app, 'admin@demo.test');
    const bodies = [1, 2, 3, 4].map((n) => ({ smsText: `Version ${n}: {storeName}`, emailSubject: `Subject ${n}`, emailText: `Email ${n}` }));
    const answers = await Promise.all(
      bodies.map((body) =>
        apiCall(t.app, { method: 'PUT', path: apiPaths.messageTemplate.replace(':templateType', 'ServiceThankYou'), token: admin, store, body }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.db
      .selectFrom('messageTemplates')
      .select(['smsText', 'emailSubject', 'version'])
      .where('storeId', '=', store)
      .where('templateType', '=', 'ServiceThankYou')
      .execute();
    expect(rows).toHaveLength(1);
    const n = bodies.findIndex((b) => b.smsText === rows[0]!.smsText);
    expect(rows[0]!.emailSubject).toBe(bodies[n]!.emailSubject);
    expect(Number(rows[0]!.version)).toBe(Math.max(...answers.map((a) => Number(a.json().version))));
  });

  it('sends each reminder once when two server processes run the reminder job at the same moment', async () => {
    await t.db.updateTable('storeLocations').set({ appointmentReminderEnabled: true, appointmentReminderHoursBefore: 24 }).where('id', '=', store).execute();
    const arrival = '2031-03-04T15:00:00.000Z';
    const visits = await Promise.all(
      Array.from({ length: 6 }, (_, i) => visitFor(t.db, store, { arrival }, { preferredContactMethod: 'Email', email: `race${i}@example.com` })),
    );
    const clock: Clock = { now: () => new Date('2031-03-04T09:00:00.000Z') };
    const jobs = [0, 1].map(
      () =>
        new VisitMessagesJob({
          db: t.db,
          writes: new WritePath(t.db, { publish: () => undefined }, clock),
          clock,
          outbound: { kick: () => undefined },
          publicUrl: 'https://app.example.com',
          log: () => undefined,
        }),
    );
    const handled = await Promise.all(jobs.map((job) => job.run()));
    expect(handled[0]! + handled[1]!).toBe(visits.length);
    const queued = await t.db
      .selectFrom('storeMessages')
      .select('visitId')
      .where(
        'visitId',
        'in',
        visits.map((v) => v.visitId),
      )
      .execute();
    expect(queued.map((q) => q.visitId).sort()).toEqual(visits.map((v) => v.visitId).sort());
  });
});
