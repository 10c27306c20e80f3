import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { SmsSender } from '../../server/messaging/sms.ts';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { visitFor } from '../support/visit-message-fixtures.ts';

const sms: SmsSender = {
  async send() {
    return { providerId: `SM-${randomUUID()}`, via: 'sink' };
  },
};
const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
const limits = { MESSAGES_PER_PERSON_PER_MINUTE: '3', MESSAGES_PER_PERSON_PER_DAY: '5', MESSAGES_PER_STORE_PER_MINUTE: '50', MESSAGES_PER_STORE_PER_DAY: '8' };

let t: TestApp;
let stores: Record<number, number>;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ clock, sms, env: limits });
  stores = await demoStoreIds(t.db);
  for (const who of ['user', 'admin']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
});
afterAll(async () => {
  await t.close();
});

const text = (who: string, to: string, extra: Record<string, unknown> = {}) =>
  apiCall(t.app, {
    method: 'POST',
    path: apiPaths.smsMessages,
    token: tokens[who],
    store: stores[101]!,
    body: { customerId: null, templateType: 'FreeForm', content: 'Your car is ready.', visitId: null, name: null, destinationPhoneNumber: to, ...extra },
  });
const queuedTo = (to: string) => t.db.selectFrom('outboundMessages').select('storeMessageId').where('toAddress', '=', to).execute();

describe('texts and emails leaving a store', () => {
  it("are refused past a person's few a minute, with words and Retry-After, and nothing more is queued; a minute later they go again", async () => {
    const numbers = ['5550110001', '5550110002', '5550110003', '5550110004'];
    const answers = [];
    for (const number of numbers) answers.push(await text('user', number));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 429]);
    expect(answers[3]!.headers['retry-after']).toBe('60');
    expect(answers[3]!.json().detail).toBe('You have sent 3 messages in the last minute, the most one person sends: wait a minute and send it again.');
    expect(await queuedTo('+15550110004')).toEqual([]);
    clock.advance(61_000);
    expect((await text('user', '5550110004')).statusCode).toBe(201);
  });

  it("are refused past a person's day, and past the store's day whoever sends them", async () => {
    clock.advance(61_000);
    expect((await text('user', '5550110005')).statusCode).toBe(201);
    const sixth = await text('user', '5550110011');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toMatch(/in the last 24 hours, the most one person sends in a day/);
    // The store has sent 5; another person sends 3 more, then the store's day is full for everyone.
    expect((await text('admin', '5550110006')).statusCode).toBe(201);
    expect((await text('admin', '5550110007')).statusCode).toBe(201);
    clock.advance(61_000);
    expect((await text('admin', '5550110008')).statusCode).toBe(201);
    const ninth = await text('admin', '5550110009');
    expect(ninth.statusCode).toBe(429);
    expect(ninth.json().detail).toMatch(/^The store has sent 8 messages in the last 24 hours/);
  });

  it("stop the store's own automatic messages at its day's volume too: they are skipped with the reason, never sent late", async () => {
    const visit = await visitFor(
      t.db,
      stores[101]!,
      { checkOut: new Date(clock.now().getTime() - 3600_000).toISOString() },
      { preferredContactMethod: 'Email', email: 'limit@example.com' },
    );
    const { scheduledVisitHashId } = await t.db
      .selectFrom('scheduledVisits')
      .select('scheduledVisitHashId')
      .where('scheduledVisitId', '=', visit.visitId)
      .executeTakeFirstOrThrow();
    const rated = await t.app.inject({
      method: 'POST',
      url: withApiVersion(apiPaths.ratingRequest.replace(':visitId', scheduledVisitHashId)),
      payload: { score: 5 },
    });
    expect(rated.statusCode).toBe(201);
    const followUp = await t.db
      .selectFrom('visitMessages')
      .select(['storeMessageId', 'skippedBecause'])
      .where('scheduledVisitId', '=', visit.visitId)
      .executeTakeFirstOrThrow();
    expect(followUp).toEqual({ storeMessageId: null, skippedBecause: expect.stringMatching(/^The store has sent 8 messages in the last 24 hours/) });
  });

  it("cannot be previewed with another store's visit: the preview reads only what a send may", async () => {
    const other = await t.db
      .selectFrom('scheduledVisits')
      .select('scheduledVisitId')
      .where('storeId', '=', stores[102]!)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    const preview = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.emailPreview,
      token: tokens.admin,
      store: stores[101]!,
      body: {
        customerId: null,
        templateType: 'AppointmentReminder',
        content: 'See you soon',
        visitId: other.scheduledVisitId,
        name: null,
        destinationEmailAddress: 'dana@example.com',
      },
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().errors).toEqual({ visitId: ['This store has no such visit'] });
  });
});
