import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import type { StoreMessage } from '../../src/contract/entities.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let stores: Record<number, number>;
let user: string;
let tech: string;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2030-06-03T15:00:00.000Z') });
  stores = await demoStoreIds(t.db);
  user = await accessTokenFor(t.app, 'user@demo.test');
  tech = await accessTokenFor(t.app, 'tech@demo.test');
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, query = '', token = user, store = stores[101]!) => apiCall(t.app, { method: 'GET', path: `${path}${query}`, token, store });
const items = async (path: string, query = '') => {
  const answer = await get(path, query);
  expect(answer.statusCode).toBe(200);
  return answer.json().items as StoreMessage[];
};

describe('the incoming messages lists', () => {
  it("hold the store's inbound messages only, newest first", async () => {
    const all = await items(apiPaths.incomingMessages, '?$top=500');
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((m) => m.messageDirection === 'Inbound')).toBe(true);
    expect(all.map((m) => m.sentOn)).toEqual([...all.map((m) => m.sentOn)].sort().reverse());
    const elsewhere = await t.db.selectFrom('storeMessages').select('storeMessageId').where('storeId', '!=', stores[101]!).execute();
    expect(all.some((m) => elsewhere.some((e) => e.storeMessageId === m.storeMessageId))).toBe(false);
  });

  it('"new" leaves out archived and replied messages', async () => {
    const fresh = await items(apiPaths.newIncomingMessages, '?$top=500');
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((m) => !m.isArchived && m.repliedToByUserId === null)).toBe(true);
  });

  it("by name are in the order of their senders' names, and find a sender by a quoted search", async () => {
    const byName = await items(apiPaths.incomingMessagesByName, '?$top=500');
    const names = byName.map((m) => m.name ?? '');
    expect(names.filter(Boolean)).toEqual([...names.filter(Boolean)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const someone = byName.find((m) => m.name)!;
    const found = await items(apiPaths.incomingMessagesByName, `?search=${encodeURIComponent(`"${someone.name!.split(' ')[0]}"`)}`);
    expect(found.map((m) => m.storeMessageId)).toContain(someone.storeMessageId);
    const unquoted = await get(apiPaths.incomingMessagesByDate, '?search=smith');
    expect(unquoted.statusCode).toBe(400);
    expect(unquoted.json().errors.search[0]).toContain('double quotes');
  });

  it('take the OData subset: a filter, a count and a page', async () => {
    const answer = await get(apiPaths.incomingMessagesByDate, `?$filter=${encodeURIComponent("messageDeliveryMethod eq 'Form'")}&$count=true&$top=2`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().items.length).toBeLessThanOrEqual(2);
    expect(answer.json().items.every((m: StoreMessage) => m.messageDeliveryMethod === 'Form')).toBe(true);
    expect(answer.json().count).toBeGreaterThanOrEqual(answer.json().items.length);
  });

  it("are no technician's business", async () => {
    expect((await get(apiPaths.incomingMessages, '', tech)).statusCode).toBe(403);
  });
});

describe("a customer's messages and a thread", () => {
  it("hold a customer's messages at the store both ways, oldest first, under both of the spec's paths", async () => {
    const one = await t.db
      .selectFrom('storeMessages')
      .select('customerId')
      .where('storeId', '=', stores[101]!)
      .where('customerId', 'is not', null)
      .executeTakeFirstOrThrow();
    const a = await items(apiPaths.customerStoreMessages.replace(':customerId', one.customerId!));
    const b = await items(apiPaths.storeMessagesOfCustomer.replace(':customerId', one.customerId!));
    expect(a).toEqual(b);
    expect(a.every((m) => m.customerId === one.customerId)).toBe(true);
    expect(a.map((m) => m.sentOn)).toEqual([...a.map((m) => m.sentOn)].sort());
  });

  it("of a message is its customer's messages, or for a sender who is no customer, those of the same number", async () => {
    const withCustomer = await t.db
      .selectFrom('storeMessages')
      .select(['storeMessageId', 'customerId'])
      .where('storeId', '=', stores[101]!)
      .where('customerId', 'is not', null)
      .executeTakeFirstOrThrow();
    const thread = await items(apiPaths.storeMessageThread.replace(':storeMessageId', withCustomer.storeMessageId));
    expect(thread.map((m) => m.storeMessageId)).toContain(withCustomer.storeMessageId);
    expect(thread.every((m) => m.customerId === withCustomer.customerId)).toBe(true);
    expect((await get(apiPaths.storeMessageThread.replace(':storeMessageId', randomUUID()))).statusCode).toBe(404);
  });
});

describe('changing a message', () => {
  it("links a new contact's message to a customer, and refuses a customer of no company of ours without storing anything", async () => {
    const message = await t.db
      .selectFrom('storeMessages')
      .select(['storeMessageId', 'customerId'])
      .where('storeId', '=', stores[101]!)
      .where('messageDirection', '=', 'Inbound')
      .executeTakeFirstOrThrow();
    const customer = await t.db
      .selectFrom('customers')
      .select('customerId')
      .where('customerId', '!=', message.customerId ?? randomUUID())
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    const path = apiPaths.storeMessage.replace(':storeMessageId', message.storeMessageId);
    const refused = await apiCall(t.app, {
      method: 'PATCH',
      path,
      token: user,
      store: stores[101]!,
      body: [{ op: 'replace', path: '/customerId', value: randomUUID() }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors.customerId, refused.body).toEqual(['This company has no such customer']);
    const linked = await apiCall(t.app, {
      method: 'PATCH',
      path,
      token: user,
      store: stores[101]!,
      body: [{ op: 'replace', path: '/customerId', value: customer.customerId }],
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().customerId).toBe(customer.customerId);
    const content = await apiCall(t.app, {
      method: 'PATCH',
      path,
      token: user,
      store: stores[101]!,
      body: [{ op: 'replace', path: '/content', value: 'rewritten' }],
    });
    expect(content.statusCode).toBe(400);
  });
});
