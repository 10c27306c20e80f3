import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { Mail } from '../../server/mail/mailer.ts';
import { sinkProviderId, type Sms } from '../../server/messaging/sms.ts';
import type { ContactForm } from '../../src/contract/contact-form.ts';
import type { MessageSink } from '../../src/contract/message-sink.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
const kept: (Sms | Mail)[] = [];
let t: TestApp;
let stores: Record<number, number>;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    sms: {
      async send(sms) {
        kept.push(sms);
        return { providerId: `${sinkProviderId}-${kept.length}`, via: 'sink' };
      },
    },
    mailer: {
      async send(mail) {
        kept.push(mail);
        return 'sink';
      },
    },
  });
  stores = await demoStoreIds(t.db);
});
afterAll(async () => {
  await t.close();
});

/** Waits for the dispatcher the call kicked to have sent and recorded what it queued. */
const settled = () => t.app.outbound.idle();

describe("the message sink page's call", () => {
  it("shows a store's admins, word for word, what the sinks kept for their store only; others are refused", async () => {
    const { contactFormId } = await t.db.selectFrom('storeLocations').select('contactFormId').where('id', '=', stores[101]!).executeTakeFirstOrThrow();
    const path = apiPaths.contactForm.replace(':contactFormId', contactFormId);
    const form = (await apiCall(t.app, { method: 'GET', path })).json<ContactForm>();
    clock.advance(30_000);
    const sent = await apiCall(t.app, {
      method: 'POST',
      path,
      body: {
        name: 'Sink Tester',
        email: 'sink.tester@example.com',
        phoneNumber: null,
        preferredContactMethod: 'Email',
        customerInquiryType: 'Other',
        storeServiceId: null,
        content: 'Where is the sink?',
        formToken: form.formToken,
      },
    });
    expect(sent.statusCode).toBe(201);
    await settled();

    const admin = await accessTokenFor(t.app, 'admin@demo.test');
    const answer = await apiCall(t.app, { method: 'GET', path: apiPaths.messageSink, token: admin, store: stores[101] });
    expect(answer.statusCode).toBe(200);
    const sink = answer.json<MessageSink>();
    expect(sink).toMatchObject({ smsSink: true, mailSink: true });
    const confirmation = sink.items.find((m) => m.to === 'sink.tester@example.com');
    expect(confirmation).toMatchObject({ channel: 'email', subject: 'We got your message' });
    expect(kept).toContainEqual(expect.objectContaining({ to: 'sink.tester@example.com', text: confirmation!.body }));

    const elsewhere = (await apiCall(t.app, { method: 'GET', path: apiPaths.messageSink, token: admin, store: stores[102] })).json<MessageSink>();
    expect(elsewhere.items.some((m) => m.to === 'sink.tester@example.com')).toBe(false);
    const user = await accessTokenFor(t.app, 'user@demo.test');
    expect((await apiCall(t.app, { method: 'GET', path: apiPaths.messageSink, token: user, store: stores[101] })).statusCode).toBe(403);
  });
});
