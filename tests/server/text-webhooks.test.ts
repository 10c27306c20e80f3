import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import type { Sms, SmsSender } from '../../server/messaging/sms.ts';
import { twilioWebhookPaths } from '../../server/messaging/twilio-webhooks.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, testPublicUrl, type TestApp } from '../support/test-app.ts';

const authToken = 'test-auth-token-0123456789abcdef';
const twilioEnv = { TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: authToken };
const sent: Sms[] = [];
const sender: SmsSender = {
  async send(sms) {
    sent.push(sms);
    return { providerId: `SM-out-${sent.length}`, via: 'sink' };
  },
};

let t: TestApp;
let stores: Record<number, number>;
let storeNumber: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2030-06-03T15:00:00.000Z'), sms: sender, env: twilioEnv });
  stores = await demoStoreIds(t.db);
  storeNumber = (await t.db.selectFrom('storeLocations').select('twilioPhoneNumber').where('id', '=', stores[101]!).executeTakeFirstOrThrow())
    .twilioPhoneNumber!;
  token = await accessTokenFor(t.app, 'user@demo.test');
});
afterAll(async () => {
  await t.close();
});

/** Posts as Twilio does: a form, signed with the auth token over the full address and the fields. */
function fromTwilio(path: string, fields: Record<string, string>, signWith = authToken) {
  const signature = twilio.getExpectedTwilioSignature(signWith, `${testPublicUrl}${path}`, fields);
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(fields).toString(),
  });
}
const textIn = (from: string, body: string, sid = `SM${randomUUID().replace(/-/g, '')}`) =>
  fromTwilio(twilioWebhookPaths.incoming, { MessageSid: sid, From: from, To: storeNumber, Body: body, AccountSid: twilioEnv.TWILIO_ACCOUNT_SID });
const inbound = (from: string) =>
  t.db.selectFrom('storeMessages').selectAll().where('phoneNumber', '=', from).where('messageDirection', '=', 'Inbound').execute();
/** Waits for the dispatcher the call kicked to have sent and recorded what it queued. */
const settled = () => t.app.outbound.idle();

describe("a text from a customer to the store's number", () => {
  it('is refused with 403, and nothing stored, without a valid Twilio signature', async () => {
    const from = '+15550107001';
    const fields = { MessageSid: 'SMforged', From: from, To: storeNumber, Body: 'Hello' };
    const forged = await fromTwilio(twilioWebhookPaths.incoming, fields, 'some-other-token-0123456789');
    expect(forged.statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: twilioWebhookPaths.incoming,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.headers['content-type']).toContain('application/problem+json');
    expect(await inbound(from)).toEqual([]);
  });

  it('is stored in the thread of the customer with that number, however the number was typed', async () => {
    const customer = await t.db
      .selectFrom('customers')
      .select(['customerId', 'firstName', 'lastName', 'phoneNumber'])
      .where('phoneNumber', 'is not', null)
      .where('deleted', '=', false)
      .orderBy('createdOn')
      .executeTakeFirstOrThrow();
    const from = `+1${customer.phoneNumber!.replace(/\D/g, '').slice(-10)}`;
    const answer = await textIn(from, 'Is my car ready?');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/xml');
    const [message] = (await inbound(from)).filter((m) => m.content === 'Is my car ready?');
    expect(message).toMatchObject({
      messageDeliveryMethod: 'Sms',
      preferredContactMethod: 'Sms',
      templateType: 'Incoming',
      storeId: stores[101],
      isArchived: false,
      repliedToByUserId: null,
    });
    const everyone = await t.db
      .selectFrom('customers')
      .select(['customerId', 'phoneNumber'])
      .where('deleted', '=', false)
      .orderBy('createdOn')
      .orderBy('customerId')
      .execute();
    const oldestWithNumber = everyone.find((c) => (c.phoneNumber ?? '').replace(/\D/g, '').slice(-10) === from.slice(-10));
    expect(message!.customerId).toBe(oldestWithNumber!.customerId);
    expect(message!.name).toBe([customer.firstName, customer.lastName].filter(Boolean).join(' ') || null);
  });

  it('from an unknown number starts a new contact: the message has no customer yet', async () => {
    const from = '+15550107002';
    expect((await textIn(from, 'Do you have 225/65R17 in stock?')).statusCode).toBe(200);
    expect(await inbound(from)).toMatchObject([{ customerId: null, name: null, content: 'Do you have 225/65R17 in stock?' }]);
  });

  it('is stored once however often Twilio retries it', async () => {
    const from = '+15550107003';
    const sid = 'SMretried0001';
    await textIn(from, 'Hi', sid);
    await textIn(from, 'Hi', sid);
    expect(await inbound(from)).toHaveLength(1);
  });

  it('to a number no store texts from is a 404, and nothing is stored', async () => {
    const from = '+15550107004';
    const answer = await fromTwilio(twilioWebhookPaths.incoming, { MessageSid: 'SMnostore', From: from, To: '+15559990000', Body: 'Hi' });
    expect(answer.statusCode).toBe(404);
    expect(await inbound(from)).toEqual([]);
  });
});

describe('STOP, START and HELP', () => {
  const from = '+15550107010';
  const reply = (body: Record<string, unknown> = {}) =>
    apiCall(t.app, {
      method: 'POST',
      path: apiPaths.smsMessages,
      token,
      store: stores[101]!,
      body: {
        customerId: null,
        templateType: 'FreeForm',
        content: 'Your tires are in.',
        visitId: null,
        name: null,
        destinationPhoneNumber: from,
        storeMessageId: randomUUID(),
        ...body,
      },
    });

  it('STOP confirms once, then the store can text that number nothing, and says why', async () => {
    const before = sent.length;
    expect((await textIn(from, 'Stop')).statusCode).toBe(200);
    await settled();
    expect(sent.slice(before)).toEqual([{ to: from, from: storeNumber, body: expect.stringContaining('you will get no more texts from us') }]);
    const confirmation = await t.db
      .selectFrom('storeMessages')
      .select(['templateType', 'deliveryStatus'])
      .where('phoneNumber', '=', from)
      .where('messageDirection', '=', 'Outbound')
      .execute();
    expect(confirmation).toEqual([{ templateType: 'CustomerStopTextConfirmation', deliveryStatus: 'Sent' }]);

    const refused = await reply();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.destinationPhoneNumber).toEqual([
      'Texts to this number are off: the customer texted STOP. They can text START to get texts again; call or email them meanwhile.',
    ]);
    const preview = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.smsPreview,
      token,
      store: stores[101]!,
      body: { customerId: null, templateType: 'FreeForm', content: 'Hi', visitId: null, name: null, destinationPhoneNumber: from },
    });
    expect(preview.statusCode).toBe(400);
    await settled();
    expect(sent.slice(before)).toHaveLength(1);
  });

  it("a second STOP keeps the first one's date; START lifts it and the store may text again", async () => {
    const first = await t.db.selectFrom('textStops').select(['stoppedOn', 'deleted']).where('phoneNumber', '=', from).executeTakeFirstOrThrow();
    await textIn(from, 'STOP');
    expect(await t.db.selectFrom('textStops').select(['stoppedOn', 'deleted']).where('phoneNumber', '=', from).executeTakeFirstOrThrow()).toEqual(first);

    const before = sent.length;
    await textIn(from, 'START');
    await settled();
    expect(sent.slice(before).at(-1)!.body).toContain('you will get our texts again');
    expect((await reply({ content: 'Welcome back.' })).statusCode).toBe(201);
  });

  it('STOP after START stops the number again, from the new date', async () => {
    await textIn(from, 'unsubscribe');
    expect(await t.db.selectFrom('textStops').select(['deleted']).where('phoneNumber', '=', from).executeTakeFirstOrThrow()).toEqual({ deleted: false });
    expect((await reply()).statusCode).toBe(400);
    await textIn(from, 'start');
  });

  it("HELP is answered with the store's name and how to stop texts", async () => {
    const before = sent.length;
    await textIn('+15550107011', 'help');
    await settled();
    expect(sent.slice(before)).toEqual([{ to: '+15550107011', from: storeNumber, body: expect.stringMatching(/Text STOP to stop texts/) }]);
  });

  it('START from a customer records their agreement to texts on their record', async () => {
    const customer = await t.db
      .selectFrom('customers')
      .select(['customerId', 'phoneNumber'])
      .where('textConsentMethod', 'is', null)
      .where('phoneNumber', 'is not', null)
      .where('deleted', '=', false)
      .orderBy('createdOn')
      .executeTakeFirstOrThrow();
    const number = `+1${customer.phoneNumber!.replace(/\D/g, '').slice(-10)}`;
    const owner = await t.db
      .selectFrom('customers')
      .select(['customerId', 'phoneNumber'])
      .where('deleted', '=', false)
      .orderBy('createdOn')
      .orderBy('customerId')
      .execute();
    const matched = owner.find((c) => (c.phoneNumber ?? '').replace(/\D/g, '').slice(-10) === number.slice(-10))!;
    await textIn(number, 'START');
    expect(
      await t.db
        .selectFrom('customers')
        .select(['textConsentMethod', 'textConsentRecordedBy'])
        .where('customerId', '=', matched.customerId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ textConsentMethod: 'TextReply', textConsentRecordedBy: 'Texted START' });
  });
});

describe("Twilio's delivery reports", () => {
  const report = (sid: string, status: string, extra: Record<string, string> = {}) =>
    fromTwilio(twilioWebhookPaths.status, { MessageSid: sid, MessageStatus: status, AccountSid: twilioEnv.TWILIO_ACCOUNT_SID, ...extra });

  it("move a text to delivered, never back, and a failure keeps the carrier's code", async () => {
    const storeMessageId = randomUUID();
    const sendOne = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.smsMessages,
      token,
      store: stores[101]!,
      body: {
        customerId: null,
        templateType: 'FreeForm',
        content: 'Ready at 4.',
        visitId: null,
        name: null,
        destinationPhoneNumber: '+15550107020',
        storeMessageId,
      },
    });
    expect(sendOne.statusCode).toBe(201);
    await settled();
    const { providerId } = await t.db
      .selectFrom('outboundMessages')
      .select('providerId')
      .where('storeMessageId', '=', storeMessageId)
      .executeTakeFirstOrThrow();
    const state = async () =>
      t.db.selectFrom('storeMessages').select(['deliveryStatus', 'deliveryProblem']).where('storeMessageId', '=', storeMessageId).executeTakeFirstOrThrow();

    expect((await report(providerId!, 'delivered')).statusCode).toBe(204);
    expect(await state()).toEqual({ deliveryStatus: 'Delivered', deliveryProblem: null });
    await report(providerId!, 'sent');
    expect(await state()).toEqual({ deliveryStatus: 'Delivered', deliveryProblem: null });
    expect((await fromTwilio(twilioWebhookPaths.status, { MessageSid: providerId!, MessageStatus: 'failed' }, 'wrong-token-0123456789abc')).statusCode).toBe(
      403,
    );
    expect(await state()).toEqual({ deliveryStatus: 'Delivered', deliveryProblem: null });
  });

  it('mark a text the carrier could not deliver as failed, with the reason', async () => {
    const storeMessageId = randomUUID();
    await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.smsMessages,
      token,
      store: stores[101]!,
      body: {
        customerId: null,
        templateType: 'FreeForm',
        content: 'Ready at 5.',
        visitId: null,
        name: null,
        destinationPhoneNumber: '+15550107021',
        storeMessageId,
      },
    });
    await settled();
    const { providerId } = await t.db
      .selectFrom('outboundMessages')
      .select('providerId')
      .where('storeMessageId', '=', storeMessageId)
      .executeTakeFirstOrThrow();
    await report(providerId!, 'undelivered', { ErrorCode: '30006' });
    expect(
      await t.db
        .selectFrom('storeMessages')
        .select(['deliveryStatus', 'deliveryProblem'])
        .where('storeMessageId', '=', storeMessageId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ deliveryStatus: 'Failed', deliveryProblem: 'The carrier did not deliver it (Twilio error 30006).' });
  });

  it('about a text this server did not send change nothing', async () => {
    expect((await report('SMsomeoneelse', 'delivered')).statusCode).toBe(204);
  });
});

describe('a server without Twilio', () => {
  it('refuses every texting webhook with 403', async () => {
    const plain = await createTestApp({ sms: sender });
    try {
      const answer = await plain.app.inject({
        method: 'POST',
        url: twilioWebhookPaths.incoming,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
        payload: 'From=%2B15550107030&To=%2B15550100000&Body=Hi&MessageSid=SM1',
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().detail).toContain('Twilio is not set up');
    } finally {
      await plain.close();
    }
  });
});
