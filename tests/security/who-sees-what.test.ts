import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import type { SyncChange } from '../../src/contract/sync-messages.ts';
import { takeVersions } from '../../server/db/versions.ts';
import type { RunningServer } from '../../server/start.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { RawHubSocket } from '../support/raw-hub.ts';
import { startLocalServer } from '../support/running-server.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

let t: TestApp;
let stores: Record<number, number>;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  stores = await demoStoreIds(t.db);
  for (const who of ['user', 'admin', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
});
afterAll(async () => {
  await t.close();
});

async function feed(who: string, store = stores[101]!): Promise<{ changes: SyncChange[]; epoch: string }> {
  const changes: SyncChange[] = [];
  let since = 0;
  for (;;) {
    const page = (await apiCall(t.app, { method: 'GET', path: `${apiPaths.syncChanges}?since=${since}&limit=5000`, token: tokens[who], store })).json();
    changes.push(...page.changes);
    if (!page.hasMore) return { changes, epoch: page.epoch };
    since = page.cursor;
  }
}

describe('a technician', () => {
  it("gets from the change feed the calendar, resources and services, and for visits only the customer's name and vehicle", async () => {
    const { changes } = await feed('tech');
    const collections = new Set(changes.map((c) => c.collection));
    for (const none of [
      'storeMessages',
      'ratings',
      'unconfirmedVisits',
      'tractionOrders',
      'storeContacts',
      'retailStoreSettings',
      'retailPriceCatalogs',
      'tirePurchaseAddOns',
      'storeTireServices',
      'storeTireWarranties',
      'inventorySummaries',
      'logisticsTransfers',
    ])
      expect(collections.has(none), none).toBe(false);
    for (const some of ['scheduledVisits', 'scheduledServices', 'schedulerResources', 'storeServices', 'customers', 'customerVehicles'])
      expect(collections.has(some), some).toBe(true);
    const customers = changes.filter((c) => c.collection === 'customers').map((c) => c.value);
    expect(customers.every((c) => c.email === null && c.phoneNumber === null && c.addressLine1 === null && c.notes === null)).toBe(true);
    expect(customers.every((c) => typeof c.lastName === 'string')).toBe(true);
    // Only the store's visitors: not the company's whole customer list.
    const visited = new Set(
      (await t.db.selectFrom('scheduledVisits').select('customerId').where('storeId', '=', stores[101]!).execute()).map((v) => v.customerId),
    );
    expect(customers.every((c) => visited.has(String(c.customerId)))).toBe(true);
    const all = Number(
      (
        await t.db
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(customers.length).toBeLessThan(all);
  });

  it("gets the same from the REST calls: a visiting customer's name only, no rating, no message, no other customer", async () => {
    const visit = await t.db
      .selectFrom('scheduledVisits')
      .select('customerId')
      .where('storeId', '=', stores[101]!)
      .where('customerId', 'is not', null)
      .executeTakeFirstOrThrow();
    const seen = await apiCall(t.app, {
      method: 'GET',
      path: apiPaths.customer.replace(':customerId', visit.customerId!),
      token: tokens.tech,
      store: stores[101],
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ customerId: visit.customerId, email: null, phoneNumber: null, addressLine1: null });
    const stranger = await t.db
      .selectFrom('customers')
      .select('customerId')
      .where('customerId', 'not in', (eb) =>
        eb.selectFrom('scheduledVisits').select('customerId').where('storeId', '=', stores[101]!).where('customerId', 'is not', null),
      )
      .executeTakeFirstOrThrow();
    expect(
      (await apiCall(t.app, { method: 'GET', path: apiPaths.customer.replace(':customerId', stranger.customerId), token: tokens.tech, store: stores[101] }))
        .statusCode,
    ).toBe(404);
    const rating = await t.db.selectFrom('ratings').select('ratingId').where('storeId', '=', stores[101]!).executeTakeFirstOrThrow();
    expect(
      (await apiCall(t.app, { method: 'GET', path: apiPaths.rating.replace(':ratingId', rating.ratingId), token: tokens.tech, store: stores[101] })).statusCode,
    ).toBe(403);
    const message = await t.db.selectFrom('storeMessages').select('storeMessageId').where('storeId', '=', stores[101]!).executeTakeFirstOrThrow();
    expect(
      (
        await apiCall(t.app, {
          method: 'GET',
          path: apiPaths.storeMessage.replace(':storeMessageId', message.storeMessageId),
          token: tokens.tech,
          store: stores[101],
        })
      ).statusCode,
    ).toBe(403);
  });

  it.each([
    ['retail price catalogues', apiPaths.retailPriceCatalog],
    ['retail store settings', apiPaths.retailStoreSettings],
    ['tire purchase add-ons', apiPaths.tirePurchaseAddOns],
    ['store tire services', apiPaths.storeTireServices],
    ['store tire warranties', apiPaths.storeTireWarranties],
    ['transfer paths', apiPaths.logisticsTransfers],
    ['stock', apiPaths.logisticsSummary],
    ['the stores transfers reach', apiPaths.logisticsStores],
  ])('gets none of the retail data from the REST calls either: %s is a 403', async (_what, path) => {
    for (const who of ['tech', 'lead']) {
      const answer = await apiCall(t.app, { method: 'GET', path, token: tokens[who], store: stores[101] });
      expect(answer.statusCode, who).toBe(403);
      expect(answer.json()).toMatchObject({ status: 403, detail: expect.stringMatching(/^Your role at this store does not allow reading /) });
    }
  });

  it("reads the tire catalogue (a visit's tires: size, brand, load, speed) without a price, and cannot sort or filter by one", async () => {
    const tires = (await apiCall(t.app, { method: 'GET', path: `${apiPaths.tires}?$top=50`, token: tokens.tech, store: stores[101] })).json().items as {
      priceInCents: unknown;
      loadIndex: unknown;
    }[];
    expect(tires.length).toBeGreaterThan(0);
    expect(tires.every((tire) => tire.priceInCents === null && typeof tire.loadIndex === 'number')).toBe(true);
    const counter = (await apiCall(t.app, { method: 'GET', path: `${apiPaths.tires}?$top=50`, token: tokens.user, store: stores[101] })).json().items as {
      priceInCents: unknown;
    }[];
    expect(counter.every((tire) => typeof tire.priceInCents === 'number')).toBe(true);
    const oracle = await apiCall(t.app, {
      method: 'GET',
      path: `${apiPaths.tires}?$filter=${encodeURIComponent('priceInCents lt 15000')}`,
      token: tokens.tech,
      store: stores[101],
    });
    expect(oracle.statusCode).toBe(400);
  });

  it("asking for a visiting customer's vehicles gets the ones the store's calendar names, not every car they own", async () => {
    const visit = await t.db
      .selectFrom('scheduledVisits')
      .select(['customerId', 'vehicleId', 'companyId'])
      .where('storeId', '=', stores[101]!)
      .where('customerId', 'is not', null)
      .where('vehicleId', 'is not', null)
      .executeTakeFirstOrThrow();
    const otherCar = randomUUID();
    await t.db.transaction().execute(async (trx) =>
      trx
        .insertInto('customerVehicles')
        .values({
          vehicleId: otherCar,
          vehicleHashId: randomUUID(),
          customerId: visit.customerId!,
          year: 2011,
          make: 'Ford',
          model: 'Ranger',
          trim: null,
          vin: null,
          vehicleLicensePlateState: null,
          vehicleLicensePlateNumber: null,
          color: 'Red',
          mileage: null,
          legacyVehicleId: null,
          tireSize: null,
          companyId: visit.companyId,
          storeId: null,
          version: await takeVersions(trx),
        })
        .execute(),
    );
    const path = apiPaths.customerVehicles.replace(':customerId', visit.customerId!);
    const asTech = (await apiCall(t.app, { method: 'GET', path, token: tokens.tech, store: stores[101] })).json<{ items: { vehicleId: string }[] }>().items;
    expect(asTech.map((v) => v.vehicleId)).toContain(visit.vehicleId);
    expect(asTech.map((v) => v.vehicleId)).not.toContain(otherCar);
    const asCounter = (await apiCall(t.app, { method: 'GET', path, token: tokens.user, store: stores[101] })).json<{ items: { vehicleId: string }[] }>().items;
    expect(asCounter.map((v) => v.vehicleId)).toContain(otherCar);
  });

  it('never receives a public link id, from the feed, the REST reads or the answers to its own writes: whoever holds one can rate the visit or sign for the customer', async () => {
    const { changes } = await feed('tech');
    const visits = changes.filter((c) => c.collection === 'scheduledVisits' && !c.deleted).map((c) => c.value);
    expect(visits.length).toBeGreaterThan(10);
    expect(visits.every((v) => v.scheduledVisitHashId === null)).toBe(true);
    expect(changes.filter((c) => c.collection === 'inspectionReports').every((c) => c.value.inspectionReportHashId === null)).toBe(true);
    expect(
      (await feed('user')).changes
        .filter((c) => c.collection === 'scheduledVisits' && !c.deleted)
        .every((c) => typeof c.value.scheduledVisitHashId === 'string'),
    ).toBe(true);

    const listed = (await apiCall(t.app, { method: 'GET', path: `${apiPaths.scheduledVisits}?$top=20`, token: tokens.tech, store: stores[101] })).json();
    expect(listed.items.length).toBeGreaterThan(0);
    expect(listed.items.every((v: { scheduledVisitHashId: unknown }) => v.scheduledVisitHashId === null)).toBe(true);
    // A car checked in and waiting for the bay (whatever the hour the demo was seeded at).
    const visit = await t.db
      .selectFrom('scheduledVisits')
      .select(['scheduledVisitId', 'checkInDate'])
      .where('storeId', '=', stores[101]!)
      .where('cancelDate', 'is', null)
      .where('checkInDate', 'is not', null)
      .where('deleted', '=', false)
      .orderBy('checkInDate', 'desc')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('scheduledVisits')
      .set({ workStartDate: null, workCompleteDate: null, readyForPickupDate: null, checkOutDate: null })
      .where('scheduledVisitId', '=', visit.scheduledVisitId)
      .execute();
    const one = await apiCall(t.app, {
      method: 'GET',
      path: apiPaths.scheduledVisit.replace(':scheduledVisitId', visit.scheduledVisitId),
      token: tokens.tech,
      store: stores[101],
    });
    expect(one.json().scheduledVisitHashId).toBeNull();
    const started = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.visitMilestone.replace(':scheduledVisitId', visit.scheduledVisitId).replace(':milestone', 'work-start'),
      token: tokens.tech,
      store: stores[101],
      body: {},
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ scheduledVisitHashId: null, workStartDate: expect.any(String) });
  });

  it('made a front-counter user gets a new epoch: the device starts again and gains what it may now see; and loses it when the role goes back', async () => {
    const tech = await t.db.selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow();
    const before = await feed('tech');
    await t.db.insertInto('userRoles').values({ userId: tech.userId, storeId: stores[101]!, role: 'AllTracUser' }).execute();
    try {
      const after = await feed('tech');
      expect(after.epoch).not.toBe(before.epoch);
      expect(after.changes.some((c) => c.collection === 'ratings')).toBe(true);
    } finally {
      await t.db.deleteFrom('userRoles').where('userId', '=', tech.userId).where('role', '=', 'AllTracUser').execute();
    }
    expect((await feed('tech')).epoch).toBe(before.epoch);
  });
});

describe("a store's service key", () => {
  it("is read only by the store's admins; everyone else learns only whether there is one, and cannot filter by it", async () => {
    const byUser = (await apiCall(t.app, { method: 'GET', path: `${apiPaths.storeLocations}?$orderby=storeNumber asc`, token: tokens.user })).json()
      .items as Record<string, unknown>[];
    expect(byUser.every((s) => !('serviceKey' in s))).toBe(true);
    expect(byUser.map((s) => s.hasServiceKey)).toEqual([true, true, false]);
    const byAdmin = (await apiCall(t.app, { method: 'GET', path: `${apiPaths.storeLocations}?$orderby=storeNumber asc`, token: tokens.admin })).json()
      .items as Record<string, unknown>[];
    // Admin at #101 and #102: their keys; #103 is not theirs.
    expect(byAdmin.map((s) => typeof s.serviceKey)).toEqual(['string', 'string', 'undefined']);
    const one = (await apiCall(t.app, { method: 'GET', path: `${apiPaths.storeLocations}/${stores[101]}`, token: tokens.tech })).json();
    expect(one).not.toHaveProperty('serviceKey');
    const oracle = await apiCall(t.app, { method: 'GET', path: `${apiPaths.storeLocations}?$filter=serviceKey eq 'svc-guess'`, token: tokens.user });
    expect(oracle.statusCode).toBe(400);
  });
});

describe("events about one user's own rows", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("reach only that user's devices, not others at the same store", async () => {
    const own = await mintAccessToken(server.database.db, 'user@demo.test', server.publicUrl);
    const other = await mintAccessToken(server.database.db, 'admin@demo.test', server.publicUrl);
    const store = (await demoStoreIds(server.database.db))[101]!;
    const mine = await RawHubSocket.connect(server.url, own);
    const theirs = await RawHubSocket.connect(server.url, other);
    try {
      await mine.invoke('joinAlltracStore', store);
      await theirs.invoke('joinAlltracStore', store);
      const response = await fetch(`${server.url}/api/alltrac/users/me/notification-settings/system?api-version=1.0`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${own}`, 'content-type': 'application/json' },
        body: JSON.stringify([{ op: 'replace', path: '/inApp', value: false }]),
      });
      expect(response.status).toBe(200);
      await expect.poll(() => mine.events('ReplicaChanged').length).toBe(1);
      // The other user's own change reaches their device after; by then mine would have reached it too.
      const theirChange = await fetch(`${server.url}/api/alltrac/users/me/notification-settings/system?api-version=1.0`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
        body: JSON.stringify([{ op: 'replace', path: '/inApp', value: false }]),
      });
      expect(theirChange.status).toBe(200);
      await expect.poll(() => theirs.events('ReplicaChanged').length).toBe(1);
      expect(mine.events('ReplicaChanged')).toHaveLength(1);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
