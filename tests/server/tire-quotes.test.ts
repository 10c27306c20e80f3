import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import type { SyncChange } from '../../src/contract/sync-messages.ts';
import { publicTireQuoteSchema, type TireQuoteChoice } from '../../src/contract/tire-pricing.ts';
import { newHashId } from '../../src/domain/app/hash-id.ts';
import { formatCalendarDate } from '../../src/domain/calendar/date-format.ts';
import { formatCents } from '../../src/domain/figures/money-format.ts';
import { takeVersions, versionFloor } from '../../server/db/versions.ts';
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
/** Store #101's own add-on for these tests: $25 a tire, taxed. */
const balance = { tirePurchaseAddOnId: randomUUID(), category: 'Balancing', name: 'Road force balance', priceInCents: 2500 };
/** A customer of another company, with a vehicle. */
const rival = { customerId: randomUUID(), vehicleId: randomUUID() };

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const as =
  (who: string, storeNumber = 101) =>
  (method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
    apiCall(t.app, { method, path, token: tokens[who]!, store: stores[storeNumber]!, body, headers });
const quoteAt = (id: string) => apiPaths.tireQuote.replace(':tireQuoteId', id);
const publicAt = (hashId: string) => apiPaths.publicTireQuote.replace(':tireQuoteHashId', hashId);
const replace = (path: string, value: unknown) => [{ op: 'replace', path, value }];
const quoteRow = (id: string) => t.db.selectFrom('tireQuotes').selectAll().where('tireQuoteId', '=', id).executeTakeFirst();
const quoteCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('tireQuotes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A calendar date `days` from today in UTC: two days back is on or before today in every store's zone. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const quoteDay = dayFrom(-2);

/** Four tires at $100, balanced, with Promise Plus: the counter's "Better". */
const better = (more: Partial<TireQuoteChoice> = {}): TireQuoteChoice => ({
  name: 'Better',
  services: [],
  installPackageId: null,
  addOnIds: [balance.tirePurchaseAddOnId],
  tireServiceTypes: [],
  warrantyType: 'PromisePlus',
  tires: [{ tireId: null, description: 'Nokian WR G4 225/65R17', quantity: 4, unitPriceInCents: 10_000, isTaxable: true, isStuddable: false }],
  ...more,
});

interface Owner {
  customerId: string;
  vehicleId: string;
}
/** A new customer of the demo company, with one vehicle. */
async function newOwner(firstName = 'Grace'): Promise<Owner> {
  const customerId = randomUUID();
  const vehicleId = randomUUID();
  const customer = await as('user')('POST', apiPaths.customers, {
    customerId,
    firstName,
    lastName: 'Hopper',
    companyName: null,
    email: 'grace@example.com',
    phoneNumber: '555.010.2020',
    preferredContactMethod: 'Phone',
    addressLine1: '9 Secret Lane',
    city: null,
    state: null,
    postalCode: null,
    notes: 'gate code 1234',
  });
  expect(customer.statusCode, customer.body).toBe(201);
  const vehicle = await as('user')('POST', apiPaths.customerVehicles.replace(':customerId', customerId), {
    vehicleId,
    year: 2019,
    make: 'Subaru',
    model: 'Outback',
    trim: null,
    vin: null,
    vehicleLicensePlateState: 'CO',
    vehicleLicensePlateNumber: 'SNOW1',
    color: 'Green',
    mileage: 40_000,
  });
  expect(vehicle.statusCode, vehicle.body).toBe(201);
  return { customerId, vehicleId };
}

const newQuote = (owner: Owner, more: Record<string, unknown> = {}) => ({
  tireQuoteId: randomUUID(),
  tireQuoteHashId: newHashId(),
  customerId: owner.customerId,
  vehicleId: owner.vehicleId,
  createdOn: quoteDay,
  choices: [better()],
  ...more,
});

async function created(owner: Owner, more: Record<string, unknown> = {}, who = 'user') {
  const body = newQuote(owner, more);
  const answer = await as(who)('POST', apiPaths.tireQuotes, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return { body, row: answer.json() };
}

/** The store's change feed after `since`, as a device of `who` pulls it. */
async function feedAfter(since: number, who = 'user'): Promise<SyncChange[]> {
  const changes: SyncChange[] = [];
  for (let cursor = since; ; ) {
    const page = (await as(who)('GET', `${apiPaths.syncChanges}?since=${cursor}&limit=5000`)).json();
    changes.push(...page.changes);
    if (!page.hasMore) return changes;
    cursor = page.cursor;
  }
}
const latestVersion = async () => (await versionFloor(t.db)) - 1;

beforeAll(async () => {
  t = await createTestApp();
  stores = await demoStoreIds(t.db);
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  // The store's terms as these tests price with them: 8.25% sales tax, quotes good for 30 days.
  const terms = await as('admin')('PATCH', apiPaths.retailStoreSettings, [
    ...replace('/salesTaxRateInMillionths', 82_500),
    ...replace('/quoteValidForDays', 30),
  ]);
  expect(terms.statusCode, terms.body).toBe(200);
  expect((await as('admin')('POST', apiPaths.tirePurchaseAddOns, balance)).statusCode).toBe(201);
  // No state fee but the ones the tests that price fees add: the demo's would change every total here.
  for (const fee of await t.db.selectFrom('tireFees').select('tireFeeId').where('storeId', '=', stores[101]!).where('deleted', '=', false).execute()) {
    expect((await as('admin')('DELETE', apiPaths.tireFee.replace(':tireFeeId', fee.tireFeeId))).statusCode).toBe(204);
  }

  const company = await t.db.insertInto('companies').values({ alltracCompanyId: 2727, name: 'Rival Tires' }).returning('id').executeTakeFirstOrThrow();
  await t.db.transaction().execute(async (trx) => {
    const rows = { companyId: company.id, storeId: null, version: await takeVersions(trx) };
    await trx
      .insertInto('customers')
      .values({
        ...rows,
        customerId: rival.customerId,
        firstName: 'Rita',
        lastName: 'Rival',
        companyName: null,
        email: null,
        phoneNumber: null,
        preferredContactMethod: 'Phone',
        addressLine1: null,
        city: null,
        state: null,
        postalCode: null,
        notes: null,
        legacyCustomerId: null,
        createdOn: new Date().toISOString(),
        mergedIntoCustomerId: null,
      } as never)
      .execute();
  });
});
afterAll(async () => {
  await t.close();
});

describe('saving a tire quote on a customer', () => {
  it("is priced by the server from the store's prices: options, totals and dates a device sends are never stored", async () => {
    const owner = await newOwner();
    const since = await latestVersion();
    const forged = {
      validUntil: '2099-12-31',
      options: [
        { name: 'Better', lines: [], tireCount: 4, subtotalInCents: 1, feesInCents: 0, taxableInCents: 0, taxInCents: 0, totalInCents: 1, perTireInCents: 1 },
      ],
    };
    const { body, row } = await created(owner, forged);
    // 4 × $100 tires and 4 × $25 balancing are taxed at 8.25% ($41.25); 4 × $20 Promise Plus is not.
    expect(row).toMatchObject({
      tireQuoteId: body.tireQuoteId,
      tireQuoteHashId: expect.stringMatching(/^[\w-]{22}$/),
      customerId: owner.customerId,
      vehicleId: owner.vehicleId,
      createdOn: quoteDay,
      validUntil: addDays(quoteDay, 30),
      choices: body.choices,
      version: expect.any(Number),
      changedByName: 'Uma User',
    });
    expect(row.options).toEqual([
      {
        name: 'Better',
        tireCount: 4,
        lines: [
          { kind: 'Tire', description: 'Nokian WR G4 225/65R17', quantity: 4, unitInCents: 10_000, totalInCents: 40_000, isTaxable: true },
          { kind: 'AddOn', description: 'Road force balance', quantity: 4, unitInCents: 2500, totalInCents: 10_000, isTaxable: true },
          { kind: 'Warranty', description: 'Promise Plus', quantity: 4, unitInCents: 2000, totalInCents: 8000, isTaxable: false },
        ],
        subtotalInCents: 58_000,
        feesInCents: 0,
        taxableInCents: 50_000,
        taxInCents: 4125,
        totalInCents: 62_125,
        perTireInCents: 15_531,
      },
    ]);
    const stored = (await quoteRow(body.tireQuoteId))!;
    expect(stored).toMatchObject({ storeId: stores[101], createdOn: quoteDay, validUntil: addDays(quoteDay, 30), options: row.options, version: row.version });
    expect((await as('user')('GET', quoteAt(body.tireQuoteId))).json()).toEqual(row);

    const fed = (await feedAfter(since)).filter((c) => c.collection === 'tireQuotes');
    expect(fed.map((c) => [c.key, c.deleted, c.value.options, c.value.createdOn, c.value.validUntil, c.value.version])).toEqual([
      [body.tireQuoteId, false, row.options, quoteDay, row.validUntil, row.version],
    ]);
    expect((await feedAfter(since, 'tech')).some((c) => c.collection === 'tireQuotes')).toBe(false);
  });

  it('answers a replay of one Idempotency-Key as it answered first, and changes nothing, even when prices changed between', async () => {
    const owner = await newOwner();
    const body = newQuote(owner);
    const headers = { 'Idempotency-Key': `quote-${randomUUID()}` };
    const first = await as('user')('POST', apiPaths.tireQuotes, body, headers);
    expect(first.statusCode).toBe(201);
    const priceAt = apiPaths.tirePurchaseAddOn.replace(':tirePurchaseAddOnId', balance.tirePurchaseAddOnId);
    expect((await as('admin')('PATCH', priceAt, replace('/priceInCents', 3000))).statusCode).toBe(200);
    try {
      const again = await as('user')('POST', apiPaths.tireQuotes, body, headers);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect((await quoteRow(body.tireQuoteId))!.version).toBe(first.json().version);
      expect(await t.db.selectFrom('tireQuotes').select('tireQuoteId').where('customerId', '=', owner.customerId).execute()).toHaveLength(1);
    } finally {
      await as('admin')('PATCH', priceAt, replace('/priceInCents', balance.priceInCents));
    }
  });

  it.each(['tech', 'lead'])('is no business of the bay: %s gets 403 from every call, and nothing is stored', async (who) => {
    const owner = await newOwner();
    const { body: existing } = await created(owner);
    const before = await quoteRow(existing.tireQuoteId);
    const count = await quoteCount();
    const answers = await Promise.all([
      as(who)('POST', apiPaths.tireQuotes, newQuote(owner)),
      as(who)('GET', apiPaths.tireQuotes),
      as(who)('GET', quoteAt(existing.tireQuoteId)),
      as(who)('PATCH', quoteAt(existing.tireQuoteId), replace('/vehicleId', null)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403]);
    expect(await quoteCount()).toBe(count);
    expect(await quoteRow(existing.tireQuoteId)).toEqual(before);
  });

  it('is made by anyone at the front counter: an admin and the platform too', async () => {
    const owner = await newOwner();
    await created(owner, {}, 'admin');
    await created(owner, {}, 'platform');
  });

  it("refuses another company's customer, or a vehicle not the customer's, with a 400 naming it, and stores nothing", async () => {
    const owner = await newOwner();
    const other = await newOwner('Ada');
    const count = await quoteCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ customerId: rival.customerId, vehicleId: null }, 'customerId'],
      [{ customerId: randomUUID(), vehicleId: null }, 'customerId'],
      [{ vehicleId: other.vehicleId }, 'vehicleId'],
      [{ vehicleId: randomUUID() }, 'vehicleId'],
    ];
    for (const [more, field] of cases) {
      const answer = await as('user')('POST', apiPaths.tireQuotes, newQuote(owner, more));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.headers['content-type']).toMatch(/problem\+json/);
      expect(Object.keys(answer.json().errors)).toEqual([field]);
    }
    expect(await quoteCount()).toBe(count);
  });

  it.each([
    ['a warranty the store does not offer', { choices: [better({ warrantyType: 'PromisePlusNational' })] }, 'choices.0.warrantyType'],
    ['an add-on the store does not have', { choices: [better({ addOnIds: [randomUUID()] })] }, 'choices.0.addOnIds'],
    ['studding of tires that take no studs', { choices: [better({ tireServiceTypes: ['TireStudding'] })] }, 'choices.0.tireServiceTypes'],
    ['nine tires', { choices: [better({ tires: [better().tires[0]!, { ...better().tires[0]!, quantity: 5 }] })] }, 'choices.0.tires'],
    ["a date ahead of the store's today", { createdOn: dayFrom(3) }, 'createdOn'],
    ['no option', { choices: [] }, 'choices'],
  ])('refuses %s with a 400 naming it, and stores nothing', async (_what, more, field) => {
    const owner = await newOwner();
    const body = newQuote(owner, more);
    const answer = await as('user')('POST', apiPaths.tireQuotes, body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(Object.keys(answer.json().errors)).toContain(field);
    expect(await quoteRow(body.tireQuoteId)).toBeUndefined();
  });

  it.each([
    ['made by hand', 'HRVGLZACHRVGLZACHRVGLZ'],
    ['random', newHashId()],
  ])('makes the public id itself: a device-made one (%s) is not read, and opens no public page', async (_what, deviceMade) => {
    const owner = await newOwner();
    const { body, row } = await created(owner, { tireQuoteHashId: deviceMade });
    expect(row.tireQuoteHashId).toMatch(/^[\w-]{22}$/);
    expect(row.tireQuoteHashId).not.toBe(deviceMade);
    expect((await quoteRow(body.tireQuoteId))!.tireQuoteHashId).toBe(row.tireQuoteHashId);
    expect((await apiCall(t.app, { method: 'GET', path: publicAt(deviceMade) })).statusCode).toBe(404);
    expect((await apiCall(t.app, { method: 'GET', path: publicAt(row.tireQuoteHashId) })).statusCode).toBe(200);
  });

  it('follows a customer merged since the device saw them, and moves with the customer in a merge', async () => {
    const kept = await newOwner();
    const merged = await newOwner('Gracie');
    const { body } = await created(merged, { vehicleId: null });
    const merge = await as('user')('POST', apiPaths.customerMerge.replace(':customerId', kept.customerId), { mergedCustomerId: merged.customerId });
    expect(merge.statusCode, merge.body).toBe(200);
    expect(merge.json().moved).toMatchObject({ tireQuotes: 1 });
    expect((await quoteRow(body.tireQuoteId))!.customerId).toBe(kept.customerId);
    // A quote made offline for the customer merged away lands on the one kept.
    const { row } = await created(merged, { vehicleId: merged.vehicleId });
    expect(row).toMatchObject({ customerId: kept.customerId, vehicleId: merged.vehicleId });
  });
});

describe("booking a quote's install", () => {
  const visitFor = (customerId: string, tireQuoteId: string | null) => ({
    scheduledVisitId: randomUUID(),
    scheduledVisitHashId: newHashId(),
    customerId,
    vehicleId: null,
    customerVehicleStatus: 2,
    description: null,
    staffNotes: null,
    customerComments: null,
    keyTag: null,
    visitAppointmentCount: 1,
    scheduledCustomerCheckIn: null,
    pickUpTime: null,
    tireQuoteId,
  });
  const visitRow = (id: string) => t.db.selectFrom('scheduledVisits').select(['tireQuoteId']).where('scheduledVisitId', '=', id).executeTakeFirst();

  it("makes the visit's public id itself: a guessable one a device sends opens no work order (issue 46)", async () => {
    const owner = await newOwner();
    const visit = { ...visitFor(owner.customerId, null), scheduledVisitHashId: 'abcdefghabcdefghabcdef' };
    const answer = await as('user')('POST', apiPaths.scheduledVisits, visit);
    expect(answer.statusCode, answer.body).toBe(201);
    const made = answer.json().scheduledVisitHashId;
    expect(made).toMatch(/^[\w-]{22}$/);
    expect(made).not.toBe(visit.scheduledVisitHashId);
    const workOrder = (id: string) => apiCall(t.app, { method: 'GET', path: apiPaths.publicWorkOrder.replace(':scheduledVisitHashId', id) });
    expect((await workOrder(visit.scheduledVisitHashId)).statusCode).toBe(404);
    expect((await workOrder(made)).statusCode).toBe(200);
    // A device that sends no public id (this app since issue 46) books the same way.
    const { scheduledVisitHashId: _none, ...bare } = visitFor(owner.customerId, null);
    const plain = await as('user')('POST', apiPaths.scheduledVisits, bare);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().scheduledVisitHashId).toMatch(/^[\w-]{22}$/);
  });

  it("records the quote on the visit, and the store's devices get it with the visit", async () => {
    const owner = await newOwner();
    const { body: quote } = await created(owner);
    const since = await latestVersion();
    const visit = visitFor(owner.customerId, quote.tireQuoteId);
    const answer = await as('user')('POST', apiPaths.scheduledVisits, visit);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().tireQuoteId).toBe(quote.tireQuoteId);
    expect(await visitRow(visit.scheduledVisitId)).toEqual({ tireQuoteId: quote.tireQuoteId });
    const fed = (await feedAfter(since)).find((c) => c.collection === 'scheduledVisits' && c.value.scheduledVisitId === visit.scheduledVisitId);
    expect(fed?.value.tireQuoteId).toBe(quote.tireQuoteId);
  });

  it("books the visit without the link when the quote is another customer's or does not exist: an appointment is never lost over it", async () => {
    const owner = await newOwner();
    const other = await newOwner('Ada');
    const { body: theirs } = await created(other);
    for (const tireQuoteId of [theirs.tireQuoteId, randomUUID()]) {
      const visit = visitFor(owner.customerId, tireQuoteId);
      const answer = await as('user')('POST', apiPaths.scheduledVisits, visit);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().tireQuoteId).toBeNull();
      expect(await visitRow(visit.scheduledVisitId)).toEqual({ tireQuoteId: null });
    }
  });

  it('keeps the link when staff move the visit to another customer afterwards (the quote was still booked)', async () => {
    const owner = await newOwner();
    const other = await newOwner('Ada');
    const { body: quote } = await created(owner);
    const visit = visitFor(owner.customerId, quote.tireQuoteId);
    expect((await as('user')('POST', apiPaths.scheduledVisits, visit)).statusCode).toBe(201);
    const moved = await as('user')(
      'PATCH',
      apiPaths.scheduledVisit.replace(':scheduledVisitId', visit.scheduledVisitId),
      replace('/customerId', other.customerId),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await visitRow(visit.scheduledVisitId)).toEqual({ tireQuoteId: quote.tireQuoteId });
  });

  it('is no quote for a device that does not send one (an app of before the link)', async () => {
    const owner = await newOwner();
    const { tireQuoteId: _none, ...visit } = visitFor(owner.customerId, null);
    const answer = await as('user')('POST', apiPaths.scheduledVisits, visit);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await visitRow(visit.scheduledVisitId)).toEqual({ tireQuoteId: null });
  });
});

describe('changing a saved quote', () => {
  it('an empty patch changes nothing, not even the version, though prices changed since', async () => {
    const { body, row } = await created(await newOwner());
    await t.db.updateTable('retailStoreSettings').set({ salesTaxRateInMillionths: 90_000 }).where('storeId', '=', stores[101]!).execute();
    try {
      const answer = await as('user')('PATCH', quoteAt(body.tireQuoteId), []);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().version).toBe(row.version);
      expect(answer.json().options).toEqual(row.options);
      expect((await quoteRow(body.tireQuoteId))!.version).toBe(row.version);
    } finally {
      await t.db.updateTable('retailStoreSettings').set({ salesTaxRateInMillionths: 82_500 }).where('storeId', '=', stores[101]!).execute();
    }
  });

  it.each([
    ['its priced options', replace('/options/0/totalInCents', 1)],
    ['its valid-until date', replace('/validUntil', '2099-12-31')],
    ['its date', replace('/createdOn', dayFrom(-1))],
    ['its customer', replace('/customerId', randomUUID())],
    ['its public id', replace('/tireQuoteHashId', newHashId())],
    ['its id', replace('/tireQuoteId', randomUUID())],
    ['its store', [{ op: 'add', path: '/storeId', value: 102 }]],
    ['a choice and a forbidden field together', [...replace('/choices/0/tires/0/quantity', 2), ...replace('/validUntil', '2099-12-31')]],
    ['a choice the schema refuses', replace('/choices/0/tires/0/quantity', 0)],
    ['no patch at all', { choices: [] }],
  ])('a patch of %s is a 400 and changes nothing', async (_what, patch) => {
    const { body } = await created(await newOwner());
    const before = await quoteRow(body.tireQuoteId);
    const answer = await as('user')('PATCH', quoteAt(body.tireQuoteId), patch);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.headers['content-type']).toMatch(/problem\+json/);
    expect(await quoteRow(body.tireQuoteId)).toEqual(before);
  });

  it("a patch of the choices is priced again, on the quote's own date, with a new version in the store's feed", async () => {
    const { body, row } = await created(await newOwner());
    const since = await latestVersion();
    const answer = await as('user')('PATCH', quoteAt(body.tireQuoteId), [
      ...replace('/choices/0/tires/0/quantity', 2),
      ...replace('/choices/0/warrantyType', null),
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const changed = answer.json();
    expect(changed.version).toBeGreaterThan(row.version);
    expect(changed).toMatchObject({ createdOn: quoteDay, validUntil: addDays(quoteDay, 30) });
    // 2 × $100 and 2 × $25, taxed at 8.25%: $250 and $20.63.
    expect(changed.options[0]).toMatchObject({ tireCount: 2, subtotalInCents: 25_000, taxInCents: 2063, totalInCents: 27_063, perTireInCents: 13_532 });
    expect(changed.options[0].lines.map((l: { kind: string }) => l.kind)).toEqual(['Tire', 'AddOn']);
    expect((await quoteRow(body.tireQuoteId))!.options).toEqual(changed.options);
    const fed = (await feedAfter(since)).filter((c) => c.collection === 'tireQuotes');
    expect(fed.map((c) => [c.key, c.value.version])).toEqual([[body.tireQuoteId, changed.version]]);
  });

  it("a patch prices with the store's prices as they are now, and a choice no longer offered is a 400 naming it", async () => {
    const { body } = await created(await newOwner());
    await t.db.updateTable('retailStoreSettings').set({ salesTaxRateInMillionths: 100_000 }).where('storeId', '=', stores[101]!).execute();
    try {
      const answer = await as('user')('PATCH', quoteAt(body.tireQuoteId), replace('/choices/0/name', 'Best'));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().options[0]).toMatchObject({ name: 'Best', taxInCents: 5000, totalInCents: 63_000 });
      const refused = await as('user')('PATCH', quoteAt(body.tireQuoteId), replace('/choices/0/warrantyType', 'PromisePlusNational'));
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['choices.0.warrantyType']);
    } finally {
      await t.db.updateTable('retailStoreSettings').set({ salesTaxRateInMillionths: 82_500 }).where('storeId', '=', stores[101]!).execute();
    }
  });

  it("changes the vehicle to another of the customer's, or none, never to someone else's", async () => {
    const owner = await newOwner();
    const { body } = await created(owner);
    const other = await newOwner('Ada');
    const refused = await as('user')('PATCH', quoteAt(body.tireQuoteId), replace('/vehicleId', other.vehicleId));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['vehicleId']);
    expect((await quoteRow(body.tireQuoteId))!.vehicleId).toBe(owner.vehicleId);
    const cleared = await as('user')('PATCH', quoteAt(body.tireQuoteId), replace('/vehicleId', null));
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().vehicleId).toBeNull();
  });

  it('of another store is not found, and is never changed', async () => {
    const { body } = await created(await newOwner());
    const before = await quoteRow(body.tireQuoteId);
    expect((await as('admin', 102)('GET', quoteAt(body.tireQuoteId))).statusCode).toBe(404);
    expect((await as('admin', 102)('PATCH', quoteAt(body.tireQuoteId), replace('/vehicleId', null))).statusCode).toBe(404);
    expect(await quoteRow(body.tireQuoteId)).toEqual(before);
  });
});

describe("the store's list of quotes", () => {
  it("lists a customer's quotes at the store, newest first, paged", async () => {
    const owner = await newOwner();
    const older = await created(owner, { createdOn: dayFrom(-5) });
    const newer = await created(owner, { createdOn: dayFrom(-3) });
    const newest = await created(owner);
    await created(await newOwner('Ada'));
    const answer = await as('user')('GET', `${apiPaths.tireQuotes}?customerId=${owner.customerId}&$count=true`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().items.map((q: { tireQuoteId: string }) => q.tireQuoteId)).toEqual([newest, newer, older].map((q) => q.body.tireQuoteId));
    expect(answer.json().count).toBe(3);
    expect(answer.json().items[0]).toEqual(newest.row);
    const page = (await as('user')('GET', `${apiPaths.tireQuotes}?customerId=${owner.customerId}&$top=2`)).json();
    expect(page.items).toHaveLength(2);
    expect(page.nextLink).toMatch(/\$skip=2/);
    const all = (await as('user')('GET', `${apiPaths.tireQuotes}?$top=500`)).json().items as { createdOn: string }[];
    expect(all.length).toBeGreaterThan(3);
    expect(all.map((q) => q.createdOn)).toEqual(
      all
        .map((q) => q.createdOn)
        .sort()
        .reverse(),
    );
    expect((await as('admin', 102)('GET', `${apiPaths.tireQuotes}?customerId=${owner.customerId}`)).json().items).toEqual([]);
  });

  it.each([
    ['a customer id that is no UUID', 'customerId=42', 'customerId'],
    ['an option it does not have', 'colour=red', 'colour'],
  ])('refuses %s with a 400 naming it', async (_what, query, field) => {
    const answer = await as('user')('GET', `${apiPaths.tireQuotes}?${query}`);
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json().errors)).toContain(field);
  });
});

describe("the customer's public quote page", () => {
  it("shows the options, the dates, the store, the vehicle and the customer's first name, and nothing else of the customer", async () => {
    const owner = await newOwner('Grace');
    const { body, row } = await created(owner);
    const answer = await apiCall(t.app, { method: 'GET', path: publicAt(row.tireQuoteHashId) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const page = answer.json();
    expect(publicTireQuoteSchema.strict().parse(page)).toEqual(page);
    const store = await t.db.selectFrom('storeLocations').select('name').where('id', '=', stores[101]!).executeTakeFirstOrThrow();
    expect(page).toEqual({
      store: { name: store.name, phoneNumber: expect.stringMatching(/^\(\d{3}\) \d{3}-\d{4}$/), address: expect.any(String) },
      customerFirstName: 'Grace',
      vehicle: '2019 Subaru Outback',
      createdOn: quoteDay,
      validUntil: addDays(quoteDay, 30),
      options: row.options,
    });
    for (const secret of ['Hopper', 'grace@example.com', '010-2020', 'Secret Lane', 'gate code', 'SNOW1', owner.customerId, body.tireQuoteId])
      expect(answer.body).not.toContain(secret);
  });

  it('is a 404 in words a customer can act on for a link that names no quote', async () => {
    for (const hashId of [newHashId(), 'not-a-quote']) {
      const answer = await apiCall(t.app, { method: 'GET', path: publicAt(hashId) });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().detail).toMatch(/Check the link in the store's message, or call the store/);
    }
  });
});

describe('the retail settings that price a quote', () => {
  it('take a sales tax rate in millionths and the days a quote holds, on create and in a patch', async () => {
    const changed = await as('admin')('PATCH', apiPaths.retailStoreSettings, [
      ...replace('/salesTaxRateInMillionths', 88_750),
      ...replace('/quoteValidForDays', 14),
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ salesTaxRateInMillionths: 88_750, quoteValidForDays: 14 });
    try {
      const { row } = await created(await newOwner());
      expect(row.validUntil).toBe(addDays(quoteDay, 14));
      expect(row.options[0].taxInCents).toBe(4438); // 8.875% of $500.00, half a cent up
    } finally {
      await as('admin')('PATCH', apiPaths.retailStoreSettings, [...replace('/salesTaxRateInMillionths', 82_500), ...replace('/quoteValidForDays', 30)]);
    }
    await t.db.deleteFrom('retailStoreSettings').where('storeId', '=', stores[102]!).execute();
    const made = await as('admin', 102)('POST', apiPaths.retailStoreSettings, { salesTaxRateInMillionths: 72_500, quoteValidForDays: 7 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ salesTaxRateInMillionths: 72_500, quoteValidForDays: 7 });
    await t.db.deleteFrom('retailStoreSettings').where('storeId', '=', stores[102]!).execute();
    const defaults = await as('admin', 102)('POST', apiPaths.retailStoreSettings, {});
    expect(defaults.json()).toMatchObject({ salesTaxRateInMillionths: 0, quoteValidForDays: 30 });
  });

  it.each([
    ['a negative rate', 'salesTaxRateInMillionths', -1, 'Enter a sales tax rate of 0% or more'],
    ['a rate past 25%', 'salesTaxRateInMillionths', 250_001, 'Enter a sales tax rate of 25% or less'],
    ['a rate typed as a percent', 'salesTaxRateInMillionths', 8.875, 'Enter the rate in millionths, e.g. 88750 for 8.875%'],
    ['no days', 'quoteValidForDays', 0, 'A quote is good for 1 to 365 days'],
    ['more than a year', 'quoteValidForDays', 366, 'A quote is good for 1 to 365 days'],
    ['part of a day', 'quoteValidForDays', 1.5, 'A quote is good for a whole number of days'],
  ])('refuse %s with a 400 naming it, on create and in a patch, and change nothing', async (_what, field, value, message) => {
    const before = await t.db.selectFrom('retailStoreSettings').selectAll().where('storeId', '=', stores[101]!).executeTakeFirst();
    const patched = await as('admin')('PATCH', apiPaths.retailStoreSettings, replace(`/${field}`, value));
    expect(patched.statusCode).toBe(400);
    expect(patched.json().errors[field]).toEqual([message]);
    expect(await t.db.selectFrom('retailStoreSettings').selectAll().where('storeId', '=', stores[101]!).executeTakeFirst()).toEqual(before);
    await t.db.deleteFrom('retailStoreSettings').where('storeId', '=', stores[102]!).execute();
    const made = await as('admin', 102)('POST', apiPaths.retailStoreSettings, { [field]: value });
    expect(made.statusCode).toBe(400);
    expect(made.json().errors[field]).toEqual([message]);
    expect(await t.db.selectFrom('retailStoreSettings').select('storeId').where('storeId', '=', stores[102]!).executeTakeFirst()).toBeUndefined();
  });
});

describe('a quote saved on a running server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("tells the store's devices to pull, with ReplicaChanged naming the collection and the quote, and says nothing for an empty patch", async () => {
    const db = server.database.db;
    const token = await mintAccessToken(db, 'user@demo.test', server.publicUrl);
    const store = (await demoStoreIds(db))[101]!;
    const vehicle = await db.selectFrom('customerVehicles').select(['customerId', 'vehicleId']).where('deleted', '=', false).executeTakeFirstOrThrow();
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${server.url}${path}?api-version=1.0`, {
        method,
        headers: { authorization: `Bearer ${token}`, ActiveStoreLocation: String(store), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const device = await RawHubSocket.connect(server.url, token);
    try {
      await device.invoke('joinAlltracStore', store);
      const quote = newQuote(vehicle, { choices: [better({ addOnIds: [], warrantyType: null })] });
      expect((await send('POST', apiPaths.tireQuotes, quote)).status).toBe(201);
      await expect.poll(() => device.events('ReplicaChanged')).toEqual([['tireQuotes', quote.tireQuoteId]]);
      expect((await send('PATCH', quoteAt(quote.tireQuoteId), replace('/choices/0/name', 'Good'))).status).toBe(200);
      const twice = [
        ['tireQuotes', quote.tireQuoteId],
        ['tireQuotes', quote.tireQuoteId],
      ];
      await expect.poll(() => device.events('ReplicaChanged')).toEqual(twice);
      expect((await send('PATCH', quoteAt(quote.tireQuoteId), [])).status).toBe(200);
      // A real change after the empty one: its event comes third, so none came between (events keep their order).
      expect((await send('PATCH', quoteAt(quote.tireQuoteId), replace('/choices/0/name', 'Best'))).status).toBe(200);
      await expect.poll(() => device.events('ReplicaChanged')).toEqual([...twice, ['tireQuotes', quote.tireQuoteId]]);
    } finally {
      device.close();
    }
  });
});

describe("pricing with the store's install packages and state tire fees", () => {
  const feeAt = (id: string) => apiPaths.tireFee.replace(':tireFeeId', id);
  const packageOf = (type: 'LightTruck' | 'Passenger') =>
    t.db
      .selectFrom('tireInstallPackages')
      .selectAll()
      .where('storeId', '=', stores[101]!)
      .where('type', '=', type)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();

  it("charges a total package once per tire in place of its add-ons, and the fee amount in force on the quote's own date", async () => {
    const truck = await packageOf('LightTruck');
    // A rate change two days ago: $1.50 a tire until then, $2.50 from then on.
    const rows = [
      { tireFeeId: randomUUID(), name: 'Test tire fee', amountInCents: 150, effectiveFrom: dayFrom(-60), effectiveThrough: dayFrom(-3) },
      { tireFeeId: randomUUID(), name: 'Test tire fee', amountInCents: 250, effectiveFrom: dayFrom(-2) },
    ];
    for (const row of rows) expect((await as('admin')('POST', apiPaths.tireFees, row)).statusCode).toBe(201);
    try {
      const owner = await newOwner();
      const choice = better({ installPackageId: truck.tireInstallPackageId, warrantyType: null, addOnIds: [...truck.addOnIds, balance.tirePurchaseAddOnId] });
      const before = await created(owner, { createdOn: dayFrom(-4), choices: [choice] });
      expect(before.row.options[0].lines).toEqual([
        { kind: 'Tire', description: 'Nokian WR G4 225/65R17', quantity: 4, unitInCents: 10_000, totalInCents: 40_000, isTaxable: true },
        { kind: 'InstallPackage', description: 'Light Truck install package', quantity: 4, unitInCents: 3999, totalInCents: 15_996, isTaxable: true },
        { kind: 'AddOn', description: 'Road force balance', quantity: 4, unitInCents: 2500, totalInCents: 10_000, isTaxable: true },
        { kind: 'Fee', description: 'Test tire fee', quantity: 4, unitInCents: 150, totalInCents: 600, isTaxable: false },
      ]);
      // $659.96 taxed at 8.25% is $54.45; the fee is not taxed.
      expect(before.row.options[0]).toMatchObject({
        subtotalInCents: 65_996,
        feesInCents: 600,
        taxableInCents: 65_996,
        taxInCents: 5445,
        totalInCents: 72_041,
      });
      const after = await created(owner, { createdOn: dayFrom(-2), choices: [choice] });
      expect(after.row.options[0].lines.at(-1)).toMatchObject({ kind: 'Fee', unitInCents: 250, totalInCents: 1000 });
    } finally {
      for (const row of rows) await as('admin')('DELETE', feeAt(row.tireFeeId));
    }
  });

  it("lists an itemized package's add-ons one by one at their own prices", async () => {
    const passenger = await packageOf('Passenger');
    const addOns = await t.db
      .selectFrom('tirePurchaseAddOns')
      .select(['tirePurchaseAddOnId', 'name', 'priceInCents'])
      .where('tirePurchaseAddOnId', 'in', passenger.addOnIds)
      .execute();
    const { row } = await created(await newOwner(), {
      choices: [better({ installPackageId: passenger.tireInstallPackageId, warrantyType: null, addOnIds: [] })],
    });
    const lines = row.options[0].lines as { kind: string; description: string; unitInCents: number }[];
    expect(
      lines
        .filter((l) => l.kind === 'AddOn')
        .map((l) => [l.description, l.unitInCents])
        .sort(),
    ).toEqual(addOns.map((a) => [a.name, a.priceInCents]).sort());
    expect(lines.some((l) => l.kind === 'InstallPackage' || l.kind === 'Fee')).toBe(false);
  });

  it("refuses to price a tire once a started fee has no amount on the quote's date, naming the fee", async () => {
    const ended = { tireFeeId: randomUUID(), name: 'Lapsed tire fee', amountInCents: 100, effectiveFrom: dayFrom(-60), effectiveThrough: dayFrom(-10) };
    expect((await as('admin')('POST', apiPaths.tireFees, ended)).statusCode).toBe(201);
    try {
      const answer = await as('user')('POST', apiPaths.tireQuotes, newQuote(await newOwner()));
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors['prices.tireFees'][0]).toMatch(/^The Lapsed tire fee has no amount in force on /);
    } finally {
      await as('admin')('DELETE', feeAt(ended.tireFeeId));
    }
  });
});

describe('texting or emailing a saved quote (issue 46)', () => {
  const messagesOf = (id: string) => apiPaths.tireQuoteMessages.replace(':tireQuoteId', id);
  const queuedBody = async (storeMessageId: string) =>
    (await t.db.selectFrom('outboundMessages').select(['body', 'toAddress', 'channel']).where('storeMessageId', '=', storeMessageId).executeTakeFirst()) ??
    null;
  /** A customer who agreed to texts in person, with a number of their own. */
  async function consenting(phoneNumber: string): Promise<Owner> {
    const owner = await newOwner();
    await t.db
      .updateTable('customers')
      .set({ phoneNumber, textConsentMethod: 'InPerson', textConsentGivenOn: new Date().toISOString(), textConsentRecordedBy: 'Uma User' } as never)
      .where('customerId', '=', owner.customerId)
      .execute();
    return owner;
  }
  const totalsOf = (options: { name: string; totalInCents: number }[]) => options.map((o) => `${o.name} ${formatCents(o.totalInCents)}`).join(', ');
  const setBalance = async (priceInCents: number) => {
    const answer = await as('admin')(
      'PATCH',
      apiPaths.tirePurchaseAddOn.replace(':tirePurchaseAddOnId', balance.tirePurchaseAddOnId),
      replace('/priceInCents', priceInCents),
    );
    expect(answer.statusCode, answer.body).toBe(200);
  };
  afterAll(async () => setBalance(2500));

  it('carries the totals the quote was saved with after a price was raised, the ones its public page shows', async () => {
    const owner = await consenting('(555) 010-4646');
    const { row } = await created(owner);
    await setBalance(4000); // Balancing raised from $25 to $40 a tire after the quote was saved.
    // Reopened and texted unchanged: no patch, and the quote keeps its prices until its good-through date.
    const storeMessageId = randomUUID();
    const answer = await as('user')('POST', messagesOf(row.tireQuoteId), { storeMessageId, channel: 'sms' });
    expect(answer.statusCode, answer.body).toBe(201);
    const page = (await apiCall(t.app, { method: 'GET', path: publicAt(row.tireQuoteHashId) })).json();
    expect(page.options).toEqual(row.options);
    const text = (await queuedBody(storeMessageId))!;
    expect(text).toMatchObject({ channel: 'sms', toAddress: '+15550104646' });
    expect(text.body).toContain(`Better ${formatCents(62_125)} out the door`);
    expect(text.body).toContain(`${totalsOf(page.options)} out the door, good through`);
    expect(text.body).toContain(`/tire-quotes/${row.tireQuoteHashId}`);
    expect(answer.json()).toMatchObject({ storeMessageId, customerId: owner.customerId, content: text.body, messageDirection: 'Outbound' });
    // A patch of the options prices them again with the raised price, and the next text says so.
    const patched = await as('user')('PATCH', quoteAt(row.tireQuoteId), replace('/choices', [better({ name: 'Best' })]));
    expect(patched.statusCode, patched.body).toBe(200);
    const again = randomUUID();
    expect((await as('user')('POST', messagesOf(row.tireQuoteId), { storeMessageId: again, channel: 'email' })).statusCode).toBe(201);
    const email = (await queuedBody(again))!;
    expect(email).toMatchObject({ channel: 'email', toAddress: 'grace@example.com' });
    expect(email.body).toContain(`${totalsOf(patched.json().options)} out the door`);
    expect(patched.json().options[0].totalInCents).toBe(62_125 + 4 * 1500 + Math.round(4 * 1500 * 0.0825));
  });

  it("carries the server's totals for a quote a device priced with old prices (made offline while a fee was raised)", async () => {
    const owner = await consenting('(555) 010-4747');
    await setBalance(4000);
    // The device priced Better at the old $25 balancing: its figures are not read, and the text is the server's.
    const forged = {
      options: [
        {
          name: 'Better',
          lines: [],
          tireCount: 4,
          subtotalInCents: 1,
          feesInCents: 0,
          taxableInCents: 0,
          taxInCents: 0,
          totalInCents: 62_125,
          perTireInCents: 1,
        },
      ],
    };
    const { row } = await created(owner, forged);
    await setBalance(2500);
    const storeMessageId = randomUUID();
    expect((await as('user')('POST', messagesOf(row.tireQuoteId), { storeMessageId, channel: 'sms' })).statusCode).toBe(201);
    const page = (await apiCall(t.app, { method: 'GET', path: publicAt(row.tireQuoteHashId) })).json();
    expect(page.options[0].totalInCents).toBe(68_620);
    expect((await queuedBody(storeMessageId))!.body).toContain(`Better ${formatCents(68_620)} out the door`);
  });

  it('refuses to text a customer who never agreed to texts, says why and to email it, and queues nothing; the email goes', async () => {
    const owner = await newOwner(); // a number on file, no texting consent
    const { row } = await created(owner);
    const storeMessageId = randomUUID();
    const answer = await as('user')('POST', messagesOf(row.tireQuoteId), { storeMessageId, channel: 'sms' });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().detail).toBe(
      'The quote cannot be texted: the customer has not agreed to texts (record their consent on the customer once they give it). Email the quote instead.',
    );
    expect(await queuedBody(storeMessageId)).toBeNull();
    expect(await t.db.selectFrom('storeMessages').select('storeMessageId').where('storeMessageId', '=', storeMessageId).executeTakeFirst()).toBeUndefined();
    const emailed = await as('user')('POST', messagesOf(row.tireQuoteId), { storeMessageId, channel: 'email' });
    expect(emailed.statusCode, emailed.body).toBe(201);
  });

  it('neither changes nor sends a quote past its good-through date: a 409 saying to start a new quote, and nothing stored', async () => {
    const owner = await consenting('(555) 010-4848');
    const { row } = await created(owner, { createdOn: dayFrom(-40) });
    expect(row.validUntil < dayFrom(-2)).toBe(true);
    const words = `This quote was good through ${formatCalendarDate(row.validUntil)}: start a new quote for today's prices.`;
    const patch = await as('user')('PATCH', quoteAt(row.tireQuoteId), replace('/choices', [better({ name: 'Best' })]));
    expect(patch.statusCode, patch.body).toBe(409);
    expect(patch.json().detail).toBe(words);
    expect((await quoteRow(row.tireQuoteId))!.version).toBe(row.version);
    const storeMessageId = randomUUID();
    const text = await as('user')('POST', messagesOf(row.tireQuoteId), { storeMessageId, channel: 'sms' });
    expect(text.statusCode, text.body).toBe(409);
    expect(text.json().detail).toBe(words);
    expect(await queuedBody(storeMessageId)).toBeNull();
  });

  it("is not found for another store's quote, and is no business of the bay", async () => {
    const owner = await consenting('(555) 010-4949');
    const { row } = await created(owner);
    expect((await as('admin', 102)('POST', messagesOf(row.tireQuoteId), { storeMessageId: randomUUID(), channel: 'sms' })).statusCode).toBe(404);
    expect((await as('tech')('POST', messagesOf(row.tireQuoteId), { storeMessageId: randomUUID(), channel: 'sms' })).statusCode).toBe(403);
    const bad = await as('user')('POST', messagesOf(row.tireQuoteId), { storeMessageId: randomUUID(), channel: 'fax' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['channel']);
  });
});
