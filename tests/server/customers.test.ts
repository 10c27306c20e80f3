import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { pairKey } from '../../src/domain/duplicates.ts';
import { takeVersions } from '../../server/db/versions.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let user: string;
let store: number;
beforeAll(async () => {
  t = await createTestApp();
  user = await accessTokenFor(t.app, 'user@demo.test');
  store = (await demoStoreIds(t.db))[101]!;
});
afterAll(async () => { await t.close(); });

const fill = (template: string, params: object) => template.replace(/:(\w+)/g, (_, name: string) => String((params as Record<string, unknown>)[name]));
const call = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, headers?: Record<string, string>) => apiCall(t.app, { method, path, token: user, store, body, headers });
const newCustomer = (more: Record<string, unknown> = {}) => ({
  customerId: randomUUID(), firstName: 'Grace', lastName: 'Hopper', companyName: null, email: 'grace@example.com', phoneNumber: '555.010.2020',
  preferredContactMethod: 'Phone', addressLine1: null, city: null, state: null, postalCode: null, notes: null, ...more,
});
const newVehicle = (more: Record<string, unknown> = {}) => ({
  vehicleId: randomUUID(), year: null, make: 'Honda', model: 'Accord', trim: null, vin: '1HGCM82633A004352', vehicleLicensePlateState: 'il',
  vehicleLicensePlateNumber: 'abc 123', color: 'Silver', mileage: 120_000, tireSize: '225/65r17', ...more,
});
const customerCount = async () => Number((await t.db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('creating a customer', () => {
  it('stores it as the rules say: phone as (555) 010-2020, email in lower case, the new fields empty', async () => {
    const body = newCustomer({ email: 'Grace@Example.COM', alternatePhoneNumber: '+1 555 010 3030' });
    const created = await call('POST', apiPaths.customers, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ phoneNumber: '(555) 010-2020', alternatePhoneNumber: '(555) 010-3030', email: 'grace@example.com', textConsentMethod: null, mergedIntoCustomerId: null });
  });

  it.each([
    [{ firstName: null, lastName: null }, 'firstName', 'Enter a first and last name, or a company name'],
    [{ lastName: null }, 'lastName', 'Enter the last name too, or a company name'],
    [{ firstName: 'x'.repeat(101) }, 'firstName', 'Keep the first name under 100 characters'],
    [{ email: 'grace@' }, 'email', 'Enter an email address like name@example.com'],
    [{ phoneNumber: '555-0100' }, 'phoneNumber', 'Enter a 10-digit phone number, such as (555) 123-4567'],
    [{ preferredContactMethod: 'Email', email: null }, 'email', 'Enter an email address, or choose another way to contact'],
    [{ textConsentMethod: 'InPerson' }, 'textConsentMethod', 'Say when the customer agreed to texts and who recorded it'],
  ])('refuses %j with a message on %s, storing nothing', async (change, field, message) => {
    const before = await customerCount();
    const answer = await call('POST', apiPaths.customers, newCustomer(change));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[field]).toEqual([message]);
    expect(await customerCount()).toBe(before);
  });

  it('takes a company with no person\'s name', async () => {
    expect((await call('POST', apiPaths.customers, newCustomer({ firstName: null, lastName: null, companyName: 'Acme Fleet' }))).statusCode).toBe(201);
  });
});

describe('a vehicle', () => {
  it('is stored with its plate and size in capitals, and its year read from the VIN', async () => {
    const customer = newCustomer();
    await call('POST', apiPaths.customers, customer);
    const answer = await call('POST', fill(apiPaths.customerVehicles, customer), newVehicle());
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ year: 2003, vehicleLicensePlateState: 'IL', vehicleLicensePlateNumber: 'ABC 123', tireSize: '225/65R17' });
  });

  it.each([
    [{ vin: '1HGCM82643A004352' }, 'vin', 'This VIN does not add up (its check digit, the 9th character, is wrong): check it against the vehicle.'],
    [{ vin: '1HGCM82633A00435' }, 'vin', 'A VIN has 17 characters; this one has 16.'],
    [{ year: 2019 }, 'year', 'The VIN says this is a 2003 model: check the year or the VIN'],
    [{ tireSize: '225-65-17' }, 'tireSize', 'Enter the size as on the sidewall, such as 225/65R17 or LT265/70R17'],
    [{ mileage: -5 }, 'mileage', 'Mileage cannot be negative'],
  ])('is refused with %j, saying what is wrong with %s', async (change, field, message) => {
    const customer = newCustomer();
    await call('POST', apiPaths.customers, customer);
    const answer = await call('POST', fill(apiPaths.customerVehicles, customer), newVehicle(change));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[field]).toEqual([message]);
  });

  it('saved before the VIN rule keeps taking changes to its other fields', async () => {
    const vehicle = await t.db.selectFrom('customerVehicles').select(['vehicleId', 'customerId', 'companyId']).executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (trx) => {
      const version = await takeVersions(trx, vehicle.companyId);
      await trx.updateTable('customerVehicles').set({ vin: 'NOTAREALVIN123456', version }).where('vehicleId', '=', vehicle.vehicleId).execute();
    });
    const answer = await call('PATCH', fill(apiPaths.customerVehicle, vehicle), [{ op: 'replace', path: '/mileage', value: 99_000 }]);
    expect(answer.statusCode).toBe(200);
    const vin = await call('PATCH', fill(apiPaths.customerVehicle, vehicle), [{ op: 'replace', path: '/vin', value: 'STILLNOTAREALVIN1' }]);
    expect(vin.statusCode).toBe(400);
  });
});

describe('merging customers', () => {
  async function twoCustomers() {
    const kept = newCustomer();
    const merged = newCustomer({ firstName: 'Gracie' });
    await call('POST', apiPaths.customers, kept);
    await call('POST', apiPaths.customers, merged);
    const vehicle = newVehicle();
    await call('POST', fill(apiPaths.customerVehicles, merged), vehicle);
    const rating = await t.db.selectFrom('ratings').select(['ratingId', 'customerId']).where('storeId', '=', store).executeTakeFirstOrThrow();
    await t.db.updateTable('ratings').set({ customerId: merged.customerId }).where('ratingId', '=', rating.ratingId).execute();
    await call('POST', apiPaths.notDuplicates, { customerId: kept.customerId, otherCustomerId: merged.customerId });
    return { kept, merged, vehicle, rating };
  }

  it('moves the vehicles, visits, messages and ratings to the customer kept and leaves a tombstone', async () => {
    const { kept, merged, vehicle, rating } = await twoCustomers();
    const answer = await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: merged.customerId }, { 'Idempotency-Key': `merge-${randomUUID()}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().moved).toMatchObject({ vehicles: 1, ratings: 1 });
    expect((await t.db.selectFrom('customerVehicles').select('customerId').where('vehicleId', '=', vehicle.vehicleId).executeTakeFirstOrThrow()).customerId).toBe(kept.customerId);
    expect((await t.db.selectFrom('ratings').select('customerId').where('ratingId', '=', rating.ratingId).executeTakeFirstOrThrow()).customerId).toBe(kept.customerId);
    expect(await t.db.selectFrom('customers').select(['deleted', 'mergedIntoCustomerId']).where('customerId', '=', merged.customerId).executeTakeFirstOrThrow())
      .toEqual({ deleted: true, mergedIntoCustomerId: kept.customerId });
    expect((await call('GET', fill(apiPaths.customer, merged))).statusCode).toBe(404);
    const dismissal = await t.db.selectFrom('customerDuplicateDismissals').select('deleted').where('customerId', '=', pairKey(kept.customerId, merged.customerId).split('|')[0]!).executeTakeFirstOrThrow();
    expect(dismissal.deleted).toBe(true);
  });

  it('answers a replay, or the same merge sent again later, like the first, and changes nothing more', async () => {
    const { kept, merged } = await twoCustomers();
    const key = `merge-${randomUUID()}`;
    const first = await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: merged.customerId }, { 'Idempotency-Key': key });
    const version = (await t.db.selectFrom('companyChangeCounters').select('version').executeTakeFirstOrThrow()).version;
    const replay = await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: merged.customerId }, { 'Idempotency-Key': key });
    expect(replay.json()).toEqual(first.json());
    const again = await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: merged.customerId }, { 'Idempotency-Key': `merge-${randomUUID()}` });
    expect(again.statusCode).toBe(200);
    expect((await t.db.selectFrom('companyChangeCounters').select('version').executeTakeFirstOrThrow()).version).toBe(version);
  });

  it('refuses merging a customer into itself, or into one merged away', async () => {
    const { kept, merged } = await twoCustomers();
    expect((await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: kept.customerId })).statusCode).toBe(400);
    await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: merged.customerId });
    const third = newCustomer();
    await call('POST', apiPaths.customers, third);
    expect((await call('POST', fill(apiPaths.customerMerge, merged), { mergedCustomerId: third.customerId })).statusCode).toBe(404);
  });
});

describe('possible duplicates', () => {
  it('in the demo: a dozen groups or more, of every kind, each with its reasons', async () => {
    const answer = await call('GET', `${apiPaths.possibleDuplicates}?$count=true&$top=100`);
    expect(answer.statusCode).toBe(200);
    const { items, count } = answer.json() as { items: { reasons: string[]; customers: unknown[] }[]; count: number };
    expect(count).toBeGreaterThanOrEqual(12);
    for (const reason of ['Same phone', 'Same email', 'Similar name']) expect(items.some((g) => g.reasons.includes(reason)), reason).toBe(true);
    expect(items.every((g) => g.customers.length >= 2)).toBe(true);
  });

  it('never offers again a pair marked not a duplicate', async () => {
    const before = (await call('GET', `${apiPaths.possibleDuplicates}?$count=true&$top=100`)).json() as { items: { customers: { customerId: string }[] }[]; count: number };
    const pair = before.items.find((g) => g.customers.length === 2)!.customers;
    expect((await call('POST', apiPaths.notDuplicates, { customerId: pair[1]!.customerId, otherCustomerId: pair[0]!.customerId })).statusCode).toBe(201);
    const after = (await call('GET', `${apiPaths.possibleDuplicates}?$count=true&$top=100`)).json() as typeof before;
    expect(after.count).toBe(before.count - 1);
    expect((await call('POST', apiPaths.notDuplicates, { customerId: pair[0]!.customerId, otherCustomerId: pair[1]!.customerId })).statusCode).toBe(200);
  });

  it('are found for a description before a customer is saved', async () => {
    const someone = await t.db.selectFrom('customers').select(['firstName', 'lastName', 'phoneNumber']).where('deleted', '=', false).where('phoneNumber', 'is not', null).executeTakeFirstOrThrow();
    const digits = someone.phoneNumber!.replace(/\D/g, '').slice(-10);
    const answer = await call('GET', `${apiPaths.existingCustomers}?phoneNumber=${encodeURIComponent(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().items[0].reasons).toContain('Same phone');
  });
});

describe('the demo company', () => {
  it('has regulars with five vehicles or more and twenty visits or more', async () => {
    const rows = await t.db.selectFrom('customers').select(['customerId'])
      .where((eb) => eb(eb.selectFrom('customerVehicles').select((x) => x.fn.countAll<number>().as('n')).whereRef('customerVehicles.customerId', '=', 'customers.customerId'), '>=', 5))
      .where((eb) => eb(eb.selectFrom('scheduledVisits').select((x) => x.fn.countAll<number>().as('n')).whereRef('scheduledVisits.customerId', '=', 'customers.customerId'), '>=', 20))
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const visits = await call('GET', fill(apiPaths.customerVisits, rows[0]!));
    expect(visits.json().items.length).toBeGreaterThanOrEqual(20);
    expect(visits.json().items[0].services.length).toBeGreaterThan(0);
  });
});

describe('lists and lookups', () => {
  it('find customers for a new visit by a search in double quotes, and refuse one without them', async () => {
    const someone = await t.db.selectFrom('customers').select(['lastName']).where('deleted', '=', false).where('lastName', 'is not', null).executeTakeFirstOrThrow();
    const found = await call('GET', `${apiPaths.visitCustomers}?search=${encodeURIComponent(`"${someone.lastName}"`)}&$count=true`);
    expect(found.statusCode).toBe(200);
    expect(found.json().items.every((c: { lastName: string | null; firstName: string | null; companyName: string | null; email: string | null }) =>
      [c.lastName, c.firstName, c.companyName, c.email].some((v) => v?.toLowerCase().startsWith(someone.lastName!.toLowerCase())))).toBe(true);
    expect((await call('GET', `${apiPaths.visitCustomers}?search=${encodeURIComponent(someone.lastName!)}`)).statusCode).toBe(400);
  });

  it('list vehicles with their customer, found by plate however it is typed', async () => {
    const vehicle = await t.db.selectFrom('customerVehicles').select(['vehicleId', 'vehicleLicensePlateNumber']).where('deleted', '=', false).executeTakeFirstOrThrow();
    const typed = vehicle.vehicleLicensePlateNumber!.toLowerCase().replace(/\s/g, '');
    const answer = await call('GET', `${apiPaths.vehicles}?search=${encodeURIComponent(`"${typed}"`)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().items.map((v: { vehicleId: string }) => v.vehicleId)).toContain(vehicle.vehicleId);
    expect(answer.json().items[0]).toHaveProperty('customerLastName');
  });

  it('show the public vehicle card by its hash: make, model, year and colour, nothing of the customer', async () => {
    const vehicle = await t.db.selectFrom('customerVehicles').select(['vehicleHashId', 'make']).where('deleted', '=', false).executeTakeFirstOrThrow();
    const card = await t.app.inject({ method: 'GET', url: `/api/alltrac/vehicles/${vehicle.vehicleHashId}?api-version=1.0` });
    expect(card.statusCode).toBe(200);
    expect(Object.keys(card.json()).sort()).toEqual(['color', 'make', 'model', 'year']);
    const guessed = await t.app.inject({ method: 'GET', url: `/api/alltrac/vehicles/${'A'.repeat(22)}?api-version=1.0` });
    expect(guessed.statusCode).toBe(404);
  });
});

describe('another company', () => {
  it('cannot read, find, change or merge these customers and vehicles: to its admin they do not exist', async () => {
    const rival = await t.db.transaction().execute(async (trx) => {
      const company = await trx.insertInto('companies').values({ alltracCompanyId: 2002, name: 'Rival Tires' }).returning('id').executeTakeFirstOrThrow();
      const template = await trx.selectFrom('storeLocations').selectAll().where('id', '=', store).executeTakeFirstOrThrow();
      const { id: _id, ...fields } = template;
      const own = await trx.insertInto('storeLocations').values({ ...fields, companyId: company.id, alltracCompanyId: 2002, storeNumber: 901, version: await takeVersions(trx, company.id) })
        .returning('id').executeTakeFirstOrThrow();
      const demoUser = await trx.selectFrom('users').select('passwordHash').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
      const userId = randomUUID();
      await trx.insertInto('users').values({ userId, companyId: company.id, email: 'admin@rival.test', name: 'Rita Rival', passwordHash: demoUser.passwordHash }).execute();
      await trx.insertInto('userRoles').values({ userId, storeId: own.id, role: 'AllTracAdmin' }).execute();
      return own.id;
    });
    const token = await accessTokenFor(t.app, 'admin@rival.test');
    const as = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => apiCall(t.app, { method, path, token, store: rival, body });
    const victim = await t.db.selectFrom('customers').innerJoin('customerVehicles', 'customerVehicles.customerId', 'customers.customerId')
      .select(['customers.customerId', 'vehicleId', 'lastName', 'customers.version']).where('customers.deleted', '=', false).executeTakeFirstOrThrow();
    const other = await t.db.selectFrom('customers').select('customerId').where('customerId', '!=', victim.customerId).where('deleted', '=', false).executeTakeFirstOrThrow();
    for (const answer of [
      await as('GET', fill(apiPaths.customer, victim)),
      await as('GET', fill(apiPaths.customerVehicle, victim)),
      await as('GET', fill(apiPaths.customerVisits, victim)),
      await as('PATCH', fill(apiPaths.customer, victim), [{ op: 'replace', path: '/notes', value: 'taken over' }]),
      await as('POST', fill(apiPaths.customerVehicles, victim), newVehicle({ vin: null })),
      await as('POST', fill(apiPaths.customerMerge, victim), { mergedCustomerId: other.customerId }),
      await as('POST', apiPaths.notDuplicates, { customerId: victim.customerId, otherCustomerId: other.customerId }),
    ]) expect(answer.statusCode, answer.body).toBe(404);
    expect((await as('GET', `${apiPaths.visitCustomers}?search="${victim.lastName}"`)).json().items).toEqual([]);
    expect((await as('GET', apiPaths.vehicles)).json().items).toEqual([]);
    expect((await as('GET', apiPaths.possibleDuplicates)).json().items).toEqual([]);
    const after = await t.db.selectFrom('customers').select(['version', 'deleted']).where('customerId', '=', victim.customerId).executeTakeFirstOrThrow();
    expect(after).toEqual({ version: victim.version, deleted: false });
  });
});
