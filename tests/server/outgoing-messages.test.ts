import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import type { Mail, Mailer } from '../../server/mail/mailer.ts';
import { interruptedProblem, OutboundDispatcher } from '../../server/messaging/dispatcher.ts';
import type { Sms, SmsSender } from '../../server/messaging/sms.ts';
import { WritePath } from '../../server/sync/write-path.ts';
import type { AuthUser } from '../../server/auth/auth.ts';
import { storeMessages } from '../../server/modules/store-messages/tables.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const now = '2030-06-03T15:00:00.000Z';

/** A provider that keeps what it was given; `fail` makes its next sends throw (with an HTTP status, as Twilio does). */
function recordingSms() {
  const sent: Sms[] = [];
  let failures: { status: number; message: string }[] = [];
  const sender: SmsSender = {
    async send(sms) {
      const failure = failures.shift();
      if (failure) throw Object.assign(new Error(failure.message), { status: failure.status });
      sent.push(sms);
      return { providerId: `SM${sent.length}`, via: 'sink' };
    },
  };
  return {
    sender,
    sent,
    fail: (...next: { status: number; message: string }[]) => {
      failures = next;
    },
  };
}
const mails: Mail[] = [];
const mailer: Mailer = {
  async send(mail) {
    mails.push(mail);
    return 'sink';
  },
};

let t: TestApp;
const sms = recordingSms();
let token: string;
let stores: Record<number, number>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(now), sms: sms.sender, mailer });
  token = await accessTokenFor(t.app, 'user@demo.test');
  stores = await demoStoreIds(t.db);
});
afterAll(async () => {
  await t.close();
});

const send = (path: string, body: unknown, options: { store?: number; key?: string } = {}) =>
  apiCall(t.app, { method: 'POST', path, token, store: options.store ?? stores[101]!, body, headers: options.key ? { 'Idempotency-Key': options.key } : {} });
const text = (extra: Record<string, unknown> = {}) => ({
  customerId: null,
  templateType: 'FreeForm',
  content: 'Your car is ready for pickup.',
  visitId: null,
  name: 'Dana Reyes',
  destinationPhoneNumber: '(555) 010-4242',
  ...extra,
});
/** Waits for the dispatcher the call kicked to have sent and recorded what it queued. */
const settled = () => t.app.outbound.idle();
const stored = (storeMessageId: string) => t.db.selectFrom('storeMessages').selectAll().where('storeMessageId', '=', storeMessageId).executeTakeFirstOrThrow();

describe('sending a text to a customer', () => {
  it("stores it as an outbound message, queued, then sends it once from the store's number and marks it sent", async () => {
    const storeMessageId = randomUUID();
    const before = sms.sent.length;
    const answer = await send(apiPaths.smsMessages, text({ storeMessageId }));
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      storeMessageId,
      messageDirection: 'Outbound',
      messageDeliveryMethod: 'Sms',
      deliveryStatus: 'Queued',
      phoneNumber: '+15550104242',
    });
    await settled();
    const store = await t.db.selectFrom('storeLocations').select('twilioPhoneNumber').where('id', '=', stores[101]!).executeTakeFirstOrThrow();
    expect(sms.sent.slice(before)).toEqual([{ to: '+15550104242', from: store.twilioPhoneNumber, body: 'Your car is ready for pickup.' }]);
    expect(await stored(storeMessageId)).toMatchObject({ deliveryStatus: 'Sent', deliveryProblem: null });
  });

  it('answers a replay with the same key as the first time and texts nobody twice', async () => {
    const key = `text-${randomUUID()}`;
    const body = text({ storeMessageId: randomUUID(), content: 'See you at 3.' });
    const before = sms.sent.length;
    const first = await send(apiPaths.smsMessages, body, { key });
    const again = await send(apiPaths.smsMessages, body, { key });
    expect(again.json()).toEqual(first.json());
    await settled();
    expect(sms.sent.slice(before).map((s) => s.body)).toEqual(['See you at 3.']);
  });

  it('marks the incoming message it answers as replied by the sender', async () => {
    const incoming = await t.db
      .selectFrom('storeMessages')
      .select('storeMessageId')
      .where('storeId', '=', stores[101]!)
      .where('messageDirection', '=', 'Inbound')
      .where('repliedToByUserId', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await send(apiPaths.smsMessages, text({ replyToStoreMessageId: incoming.storeMessageId }))).statusCode).toBe(201);
    expect(await stored(incoming.storeMessageId)).toMatchObject({ repliedToByUserName: 'Uma User' });
  });

  it.each([
    ['marks it replied', apiPaths.markReplied, undefined, 200],
    ['answers it by a text', apiPaths.smsMessages, text(), 201],
  ] as const)('keeps the first replier of a message when someone else then %s', async (_case, path, body, status) => {
    const incoming = await t.db
      .selectFrom('storeMessages')
      .select('storeMessageId')
      .where('storeId', '=', stores[101]!)
      .where('messageDirection', '=', 'Inbound')
      .where('repliedToByUserId', 'is', null)
      .executeTakeFirstOrThrow();
    const markReplied = apiPaths.markReplied.replace(':storeMessageId', incoming.storeMessageId);
    expect((await send(markReplied, undefined)).statusCode).toBe(200);
    const admin = await accessTokenFor(t.app, 'admin@demo.test');
    const again = await apiCall(t.app, {
      method: 'POST',
      path: path.replace(':storeMessageId', incoming.storeMessageId),
      token: admin,
      store: stores[101]!,
      body: body && { ...body, replyToStoreMessageId: incoming.storeMessageId },
    });
    expect(again.statusCode).toBe(status);
    expect(await stored(incoming.storeMessageId)).toMatchObject({ repliedToByUserName: 'Uma User' });
  });

  it.each([
    ['no phone number', text({ destinationPhoneNumber: null }), 'destinationPhoneNumber', 'Message failed to send due to missing reply-to phonenumber'],
    ['a number that is not a phone number', text({ destinationPhoneNumber: '12' }), 'destinationPhoneNumber', 'Enter a 10-digit phone number'],
    ['nothing to say', text({ content: '   ' }), 'content', 'Write the message before sending'],
  ])('refuses a text with %s, in words a person can act on, and stores nothing', async (_case, body, field, message) => {
    const storeMessageId = randomUUID();
    const answer = await send(apiPaths.smsMessages, { ...body, storeMessageId });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[field]).toEqual([message]);
    expect(await t.db.selectFrom('storeMessages').select('storeMessageId').where('storeMessageId', '=', storeMessageId).execute()).toEqual([]);
  });

  it("refuses a text about a visit that is not this store's, and stores nothing", async () => {
    const elsewhere = await t.db.selectFrom('scheduledVisits').select('scheduledVisitId').where('storeId', '!=', stores[101]!).executeTakeFirstOrThrow();
    const storeMessageId = randomUUID();
    const answer = await send(apiPaths.smsMessages, text({ storeMessageId, visitId: elsewhere.scheduledVisitId }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.visitId).toEqual(['This store has no such visit']);
    expect(await t.db.selectFrom('storeMessages').select('storeMessageId').where('storeMessageId', '=', storeMessageId).execute()).toEqual([]);
  });

  it('refuses a text from a store without a texting number', async () => {
    const platform = await accessTokenFor(t.app, 'platform@demo.test');
    const answer = await apiCall(t.app, { method: 'POST', path: apiPaths.smsMessages, token: platform, store: stores[103]!, body: text() });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.destinationPhoneNumber).toEqual([
      "This store cannot text: it has no texting number (the platform's administrators assign one)",
    ]);
  });

  it('previews exactly what would be sent, and sends nothing', async () => {
    const before = sms.sent.length;
    const answer = await send(apiPaths.smsPreview, text({ content: 'Ready at 4.' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ channel: 'sms', to: '+15550104242', body: 'Ready at 4.' });
    await settled();
    expect(sms.sent.length).toBe(before);
  });
});

describe('sending an email to a customer', () => {
  it('emails it once, with the store in the subject', async () => {
    const storeMessageId = randomUUID();
    const answer = await send(apiPaths.emailMessages, {
      customerId: null,
      templateType: 'FreeForm',
      content: 'Your tires arrived.',
      visitId: null,
      name: 'Dana',
      destinationEmailAddress: 'dana@example.com',
      storeMessageId,
    });
    expect(answer.statusCode).toBe(201);
    await settled();
    expect(mails.filter((m) => m.text === 'Your tires arrived.')).toEqual([
      { to: 'dana@example.com', subject: 'A message from Demo Tire & Auto Springfield', text: 'Your tires arrived.' },
    ]);
    expect(await stored(storeMessageId)).toMatchObject({ deliveryStatus: 'Sent' });
  });

  it("refuses an email without an address with the spec's words", async () => {
    const answer = await send(apiPaths.emailMessages, {
      customerId: null,
      templateType: 'FreeForm',
      content: 'Hi',
      visitId: null,
      name: null,
      destinationEmailAddress: null,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.destinationEmailAddress).toEqual(['Message failed to send due to missing reply-to email']);
  });
});

describe('the send queue', () => {
  it('records a refusal by the provider as failed with its reason, and does not try again', async () => {
    const storeMessageId = randomUUID();
    sms.fail({ status: 400, message: "The 'To' number +15550104243 is not a valid phone number." });
    await send(apiPaths.smsMessages, text({ storeMessageId, destinationPhoneNumber: '5550104243' }));
    await settled();
    expect(await stored(storeMessageId)).toMatchObject({
      deliveryStatus: 'Failed',
      deliveryProblem: "The 'To' number +15550104243 is not a valid phone number.",
    });
    expect(
      await t.db.selectFrom('outboundMessages').select(['status', 'attempts']).where('storeMessageId', '=', storeMessageId).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'failed', attempts: 1 });
  });

  /** A text queued by a committed write, as the send call leaves it; `email` as it was stored. */
  async function queuedText(body: string, email: string | null = null): Promise<string> {
    const storeMessageId = randomUUID();
    const store = stores[101]!;
    const writes = new WritePath(t.db, { publish: () => undefined }, fixedClock(now));
    const company = (await t.db.selectFrom('storeLocations').select('companyId').where('id', '=', store).executeTakeFirstOrThrow()).companyId;
    const user = { userId: null, name: 'Uma User' } as unknown as AuthUser;
    await writes.background({ user, companyId: company, storeId: store }, async (w) => {
      await w.create(storeMessages, {
        storeMessageId,
        customerId: null,
        visitId: null,
        name: 'Dana',
        email: null,
        phoneNumber: '+15550104242',
        preferredContactMethod: 'Sms',
        messageDeliveryMethod: 'Sms',
        messageDirection: 'Outbound',
        templateType: 'FreeForm',
        content: body,
        sentOn: now,
        customerInquiryType: null,
        storeServiceId: null,
        isArchived: false,
        repliedToByUserId: null,
        repliedToByUserName: null,
        deliveryStatus: 'Queued',
        deliveryProblem: null,
      });
      await w.trx
        .insertInto('outboundMessages')
        .values({
          storeMessageId,
          companyId: company,
          storeId: store,
          channel: 'sms',
          toAddress: '+15550104242',
          fromAddress: '+15550102001',
          subject: null,
          body,
          sentBy: null,
          sentByName: null,
          nextAttemptAt: now,
          claimedUntil: null,
          providerId: null,
          problem: null,
          createdAt: now,
          sentAt: null,
        })
        .execute();
    });
    // A row stored before the address rule it now breaks (a customer's address typed long ago).
    if (email) await t.db.updateTable('storeMessages').set({ email }).where('storeMessageId', '=', storeMessageId).execute();
    return storeMessageId;
  }
  const dispatcherAt = (at: string, sender: SmsSender, writes = new WritePath(t.db, { publish: () => undefined }, fixedClock(at))) =>
    new OutboundDispatcher({ db: t.db, writes, clock: fixedClock(at), sms: sender, mailer, log: () => undefined });
  const afterTheClaim = '2030-06-03T15:03:00.000Z';

  it('sends a message a stopped process had claimed but not yet handed over, once its claim has run out, exactly once', async () => {
    const storeMessageId = await queuedText('Claimed, never handed');
    await t.db
      .updateTable('outboundMessages')
      .set({ attempts: 1, claimedUntil: '2030-06-03T15:02:00.000Z' })
      .where('storeMessageId', '=', storeMessageId)
      .execute();
    const other = recordingSms();
    await dispatcherAt('2030-06-03T15:01:00.000Z', other.sender).drain();
    expect(other.sent).toEqual([]);
    await dispatcherAt(afterTheClaim, other.sender).drain();
    await dispatcherAt(afterTheClaim, other.sender).drain();
    expect(other.sent.map((m) => m.body)).toEqual(['Claimed, never handed']);
    expect(await stored(storeMessageId)).toMatchObject({ deliveryStatus: 'Sent' });
  });

  it('never hands a message to the provider twice: one whose process stopped inside the provider call is recorded as failed, saying it may have gone', async () => {
    const storeMessageId = await queuedText('Handed, then the process died');
    const hanging: SmsSender = { send: () => new Promise(() => undefined) };
    void dispatcherAt(now, hanging).drain();
    await expect
      .poll(
        async () => (await t.db.selectFrom('outboundMessages').select('status').where('storeMessageId', '=', storeMessageId).executeTakeFirstOrThrow()).status,
      )
      .toBe('sending');
    const other = recordingSms();
    await dispatcherAt(afterTheClaim, other.sender).drain();
    await dispatcherAt('2030-06-03T15:10:00.000Z', other.sender).drain();
    expect(other.sent).toEqual([]);
    expect(await stored(storeMessageId)).toMatchObject({ deliveryStatus: 'Failed', deliveryProblem: interruptedProblem });
  });

  it('does not send a message again when recording that it was sent fails', async () => {
    const storeMessageId = await queuedText('Sent, then the thread could not be written');
    const provider = recordingSms();
    const broken = { background: () => Promise.reject(new Error('The database went away')) } as unknown as WritePath;
    await dispatcherAt(now, provider.sender, broken).drain();
    await dispatcherAt(afterTheClaim, provider.sender).drain();
    await dispatcherAt('2030-06-03T15:30:00.000Z', provider.sender).drain();
    expect(provider.sent.map((m) => m.body)).toEqual(['Sent, then the thread could not be written']);
    expect((await t.db.selectFrom('outboundMessages').select('status').where('storeMessageId', '=', storeMessageId).executeTakeFirstOrThrow()).status).toBe(
      'sent',
    );
  });

  it('sends once and records it for a message whose stored address an older rule let in, and archiving it still works', async () => {
    const storeMessageId = await queuedText('To a message stored with an address the rule now refuses', 'jöhn@x.co');
    const provider = recordingSms();
    await dispatcherAt(now, provider.sender).drain();
    await dispatcherAt(afterTheClaim, provider.sender).drain();
    expect(provider.sent).toHaveLength(1);
    expect(await stored(storeMessageId)).toMatchObject({ deliveryStatus: 'Sent', email: 'jöhn@x.co' });
    const archived = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.markArchived.replace(':storeMessageId', storeMessageId),
      token,
      store: stores[101]!,
    });
    expect(archived.statusCode).toBe(200);
    expect(await stored(storeMessageId)).toMatchObject({ isArchived: true });
  });
});
