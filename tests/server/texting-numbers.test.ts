import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import type { Sms, SmsSender } from '../../server/messaging/sms.ts';
import { twilioWebhookPaths } from '../../server/messaging/twilio-webhooks.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { textingNumberMessages } from '../../src/domain/messages/texting.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { newStoreModel } from '../support/store-fixtures.ts';
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
const tokens: Record<string, string> = {};
/** A store of another company, made by the platform's admin, with no texting number yet. */
let otherCompanyStore: number;
let demoNumber: string;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2030-06-03T15:00:00.000Z'), sms: sender, env: twilioEnv });
  stores = await demoStoreIds(t.db);
  for (const who of ['platform', 'admin']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  demoNumber = (await t.db.selectFrom('storeLocations').select('twilioPhoneNumber').where('id', '=', stores[101]!).executeTakeFirstOrThrow())
    .twilioPhoneNumber!;
  await t.db.insertInto('companies').values({ alltracCompanyId: 2002, name: 'Other Tire Co' }).execute();
  const created = await apiCall(t.app, {
    method: 'POST',
    path: apiPaths.storeLocations,
    token: tokens.platform,
    body: { ...newStoreModel({ storeNumber: 1 }), alltracCompanyId: 2002 },
  });
  expect(created.statusCode).toBe(201);
  otherCompanyStore = created.json().id;
});
afterAll(async () => {
  await t.close();
});

const setNumber = (who: string, store: number, twilioPhoneNumber: string | null) =>
  apiCall(t.app, { method: 'PATCH', path: apiPaths.storeLocation.replace(':id', String(store)), token: tokens[who], body: { twilioPhoneNumber } });
const numberOf = async (store: number) =>
  (await t.db.selectFrom('storeLocations').select('twilioPhoneNumber').where('id', '=', store).executeTakeFirstOrThrow()).twilioPhoneNumber;
function textIn(to: string, body: string) {
  const fields = { MessageSid: `SM${Math.random().toString(16).slice(2)}`, From: '+15550107777', To: to, Body: body, AccountSid: twilioEnv.TWILIO_ACCOUNT_SID };
  const signature = twilio.getExpectedTwilioSignature(authToken, `${testPublicUrl}${twilioWebhookPaths.incoming}`, fields);
  return t.app.inject({
    method: 'POST',
    url: twilioWebhookPaths.incoming,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe("a store's texting number", () => {
  it("is not set or changed by a store's own admin: 403 naming the field, and nothing stored", async () => {
    const answer = await setNumber('admin', stores[101]!, '+15550109999');
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ detail: textingNumberMessages.platformOnly, errors: { twilioPhoneNumber: expect.any(Array) } });
    expect(await numberOf(stores[101]!)).toBe(demoNumber);
    const created = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.storeLocations,
      token: tokens.admin,
      body: newStoreModel({ storeNumber: 120, twilioPhoneNumber: '+15550109998' }),
    });
    expect(created.statusCode).toBe(403);
    expect(await t.db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 120).executeTakeFirst()).toBeUndefined();
  });

  it("leaves the store's admin free to change everything else, the number sent as it is", async () => {
    const answer = await apiCall(t.app, {
      method: 'PATCH',
      path: apiPaths.storeLocation.replace(':id', String(stores[101]!)),
      token: tokens.admin,
      body: { twilioPhoneNumber: demoNumber, name: 'Demo Tire & Auto Downtown' },
    });
    expect(answer.statusCode).toBe(200);
  });

  it("belongs to one store across every company: another company's store cannot take it, and the owner keeps its customers' texts and STOPs", async () => {
    const taken = await setNumber('platform', otherCompanyStore, demoNumber);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      detail: expect.stringContaining(textingNumberMessages.taken),
      errors: { twilioPhoneNumber: [expect.stringContaining('store #101')] },
    });
    expect(await numberOf(otherCompanyStore)).toBeNull();

    expect((await textIn(demoNumber, 'STOP')).statusCode).toBe(200);
    const stop = await t.db.selectFrom('textStops').select('storeId').where('phoneNumber', '=', '+15550107777').executeTakeFirstOrThrow();
    expect(stop.storeId).toBe(stores[101]);
  });

  it("is assigned by the platform's admin to a store that has none, and texts to it reach that store", async () => {
    expect((await setNumber('platform', otherCompanyStore, '+15550108888')).statusCode).toBe(200);
    expect((await textIn('+15550108888', 'Are you open Sunday?')).statusCode).toBe(200);
    const message = await t.db
      .selectFrom('storeMessages')
      .select(['storeId', 'content'])
      .where('content', '=', 'Are you open Sunday?')
      .executeTakeFirstOrThrow();
    expect(message.storeId).toBe(otherCompanyStore);
  });
});
