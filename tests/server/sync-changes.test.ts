import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncChange, SyncChangesResponse } from '../../src/contract/sync-messages.ts';
import { takeVersions } from '../../server/db/versions.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let stores: Record<number, number>;
let userToken: string;

const pull = async (token: string, store: number, since: number, limit = 500): Promise<SyncChangesResponse> => {
  const response = await apiCall(t.app, { method: 'GET', path: `/api/alltrac/sync/changes?since=${since}&limit=${limit}`, token, store });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** Pulls until the feed has no more, as a device does on a first sync. */
async function pullAll(token: string, store: number, since = 0, limit = 500) {
  const changes: SyncChange[] = [];
  let cursor = since;
  let first: SyncChangesResponse | undefined;
  for (;;) {
    const page = await pull(token, store, cursor, limit);
    first ??= page;
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { changes, cursor, first: first! };
}

beforeAll(async () => {
  t = await createTestApp();
  stores = await demoStoreIds(t.db);
  userToken = await accessTokenFor(t.app, 'user@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('the change feed', () => {
  it('gives a first sync every row of the store once, in version order, with the total for progress', async () => {
    const { changes, first } = await pullAll(userToken, stores[101]!, 0, 700);
    expect(first.total).toBe(changes.length);
    const versions = changes.map((c) => c.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(changes.map((c) => `${c.collection}:${c.key}`)).size).toBe(changes.length);
    const kinds = new Set(changes.map((c) => c.collection));
    for (const kind of [
      'customers',
      'customerVehicles',
      'scheduledVisits',
      'scheduledServices',
      'storeMessages',
      'ratings',
      'schedulerResources',
      'storeServices',
      'userNotifications',
    ]) {
      expect(kinds.has(kind as never), kind).toBe(true);
    }
  });

  it("sends only the store asked for, company-wide rows, and the caller's own notifications", async () => {
    const { changes } = await pullAll(userToken, stores[101]!);
    const catalogue = new Set(['catalogueBrands', 'catalogueProductLines', 'catalogueTires']);
    const storeIds = new Set(changes.filter((c) => !catalogue.has(c.collection)).map((c) => c.value.storeId));
    expect([...storeIds].sort()).toEqual([null, stores[101]].sort());
    const me = (await apiCall(t.app, { method: 'GET', path: '/api/alltrac/users/me', token: userToken })).json();
    const owners = new Set(changes.filter((c) => c.collection === 'userNotifications').map((c) => c.value.identityId));
    expect([...owners]).toEqual([me.userId]);
  });

  it("sends the platform's tire catalogue to every store, each tire with its size key and brand, its price to the counter only", async () => {
    const technicianToken = await accessTokenFor(t.app, 'tech@demo.test');
    const [counter, bay] = await Promise.all([pullAll(userToken, stores[101]!), pullAll(technicianToken, stores[101]!)]);
    const tires = (feed: typeof counter) => feed.changes.filter((c) => c.collection === 'catalogueTires');
    expect(tires(counter).length).toBeGreaterThan(0);
    expect(
      tires(bay)
        .map((c) => c.key)
        .sort(),
    ).toEqual(
      tires(counter)
        .map((c) => c.key)
        .sort(),
    );
    const tire = tires(counter)[0]!.value;
    expect(tire.sizeKey).toMatch(/^\d{3}\/\d{2}R\d{2}|^\d{2}x/);
    expect(tire.priceInCents).toEqual(expect.any(Number));
    expect(counter.changes.some((c) => c.collection === 'catalogueBrands' && c.key === tire.brandHashId)).toBe(true);
    expect(tires(bay).every((c) => c.value.priceInCents === null)).toBe(true);
  });

  it("shapes values like the REST calls: camelCase fields and ISO timestamps, with the row's version", async () => {
    // The whole first sync: the demo catalogue's thousands of tires come before the store's visits in version order.
    const { changes } = await pullAll(userToken, stores[101]!, 0, 2000);
    const visit = changes.find((c) => c.collection === 'scheduledVisits' && c.value.confirmationDate)!;
    expect(visit.value.scheduledVisitId).toBe(visit.key);
    expect(visit.value.confirmationDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(visit.value).not.toHaveProperty('company_id');
    expect(visit.value.version).toBe(visit.version);
    // Nobody changed the seeded rows: no empty change fields travel with them.
    expect(visit.value).not.toHaveProperty('changedBy');
    const link = changes.find((c) => c.collection === 'appointmentResources')!;
    expect(link.key).toBe(`${link.value.appointmentResourceId}/${link.value.storeServiceId}`);
  });

  it('brings a change made after the cursor, and nothing else', async () => {
    const { cursor } = await pullAll(userToken, stores[101]!);
    const customer = (await pull(userToken, stores[101]!, 0, 2000)).changes.find((c) => c.collection === 'customers')!;
    const patched = await apiCall(t.app, {
      method: 'PATCH',
      path: `/api/alltrac/customers/${customer.key}`,
      token: userToken,
      store: stores[101],
      body: [{ op: 'replace', path: '/notes', value: 'Prefers mornings' }],
    });
    expect(patched.statusCode).toBe(200);
    const next = await pull(userToken, stores[101]!, cursor);
    expect(next.changes).toHaveLength(1);
    expect(next.changes[0]).toMatchObject({ collection: 'customers', key: customer.key, deleted: false, value: { notes: 'Prefers mornings' } });
    expect(next.total).toBeUndefined();
    expect(next.cursor).toBeGreaterThan(cursor);
  });

  it('sends a tombstone for a deleted row', async () => {
    const { cursor } = await pullAll(userToken, stores[101]!);
    const service = await t.db
      .selectFrom('storeServices')
      .select(['storeServiceId', 'companyId'])
      .where('storeId', '=', stores[101]!)
      .executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (trx) => {
      const version = await takeVersions(trx);
      await trx.updateTable('storeServices').set({ deleted: true, version }).where('storeServiceId', '=', service.storeServiceId).execute();
    });
    const next = await pull(userToken, stores[101]!, cursor);
    expect(next.changes).toEqual([expect.objectContaining({ collection: 'storeServices', key: service.storeServiceId, deleted: true })]);
  });

  it('resumes from any page boundary without losing or repeating a row', async () => {
    const whole = await pullAll(userToken, stores[101]!, 0, 5000);
    const paged = await pullAll(userToken, stores[101]!, 0, 37);
    expect(paged.changes.map((c) => c.version)).toEqual(whole.changes.map((c) => c.version));
    expect(paged.cursor).toBe(whole.cursor);
  });

  it('refuses a store where the caller holds no role, and bad paging values', async () => {
    const forbidden = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/sync/changes?since=0', token: userToken, store: stores[102] });
    expect(forbidden.statusCode).toBe(403);
    const bad = await apiCall(t.app, { method: 'GET', path: '/api/alltrac/sync/changes?since=-1&limit=0', token: userToken, store: stores[101] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['limit', 'since']);
  });

  it('names the data epoch, the same on every page', async () => {
    const a = await pull(userToken, stores[101]!, 0, 10);
    const b = await pull(userToken, stores[101]!, a.cursor, 10);
    expect(a.epoch).toMatch(/^[0-9a-f-]{36}:front-counter$/);
    expect(b.epoch).toBe(a.epoch);
  });
});

describe('a customer created with a client-made id', () => {
  it('appears in the feed of every store of the company', async () => {
    const adminToken = await accessTokenFor(t.app, 'admin@demo.test');
    const before = await pullAll(adminToken, stores[102]!);
    const customerId = randomUUID();
    const created = await apiCall(t.app, {
      method: 'POST',
      path: '/api/alltrac/customers',
      token: userToken,
      store: stores[101],
      body: {
        customerId,
        firstName: 'Ada',
        lastName: 'Lovelace',
        companyName: null,
        email: null,
        phoneNumber: '5551234567',
        preferredContactMethod: 'Text',
        addressLine1: null,
        city: null,
        state: null,
        postalCode: null,
        notes: null,
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await pull(adminToken, stores[102]!, before.cursor);
    expect(after.changes.map((c) => c.key)).toEqual([customerId]);
  });
});
