import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { pairKey } from '../../src/domain/people/duplicates.ts';
import { takeVersions, versionFloor } from '../../server/db/versions.ts';
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
afterAll(async () => {
  await t.close();
});

const fill = (template: string, params: object) => template.replace(/:(\w+)/g, (_, name: string) => String((params as Record<string, unknown>)[name]));
const call = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, headers?: Record<string, string>) =>
  apiCall(t.app, { method, path, token: user, store, body, headers });
const newCustomer = (more: Record<string, unknown> = {}) => ({
  customerId: randomUUID(),
  firstName: 'Grace',
  lastName: 'Hopper',
  companyName: null,
  email: 'grace@example.com',
  phoneNumber: '555.010.2020',
  preferredContactMethod: 'Phone',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
  ...more,
});
const newVehicle = (more: Record<string, unknown> = {}) => ({
  vehicleId: randomUUID(),
  year: null,
  make: 'Honda',
  model: 'Accord',
  trim: null,
  vin: '1HGCM82633A004352',
  vehicleLicensePlateState: 'il',
  vehicleLicensePlateNumber: 'abc 123',
  color: 'Silver',
  mileage: 120_000,
  tireSize: '225/65r17',
  ...more,
});
const customerCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('creating a customer', () => {
  it('stores it as the rules say: phone as (555) 010-2020, email in lower case, the new fields empty', async () => {
    const body = newCustomer({ email: 'Grace@Example.COM', alternatePhoneNumber: '+1 555 010 3030' });
    const created = await call('POST', apiPaths.customers, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      phoneNumber: '(555) 010-2020',
      alternatePhoneNumber: '(555) 010-3030',
      email: 'grace@example.com',
      textConsentMethod: null,
      mergedIntoCustomerId: null,
    });
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

  it("takes a company with no person's name", async () => {
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
    ['35x12.50R20LT', '35x12.50R20LT'],
    ['265/70R17LT', 'LT265/70R17'],
    ['7.50R16', '7.50R16'],
    ['2256517', '225/65R17'],
  ])('takes the tire size %j, which the counter reads, and stores it as %s', async (typed, stored) => {
    const customer = newCustomer();
    await call('POST', apiPaths.customers, customer);
    const answer = await call('POST', fill(apiPaths.customerVehicles, customer), newVehicle({ tireSize: typed }));
    expect(answer.statusCode).toBe(201);
    expect(answer.json().tireSize).toBe(stored);
  });

  it.each([
    [{ vin: '1HGCM82643A004352' }, 'vin', 'This VIN does not add up (its check digit, the 9th character, is wrong): check it against the vehicle.'],
    [{ vin: '1HGCM82633A00435' }, 'vin', 'A VIN has 17 characters; this one has 16.'],
    [{ vin: 'WP0ZZZ91', year: 1984 }, 'vin', 'A VIN has 17 characters; this one has 8.'],
    [{ tireSize: '226/65R17' }, 'tireSize', 'Width 226 mm is not a tire width: metric widths end in 0 or 5'],
    [{ tireSize: '225/65R' }, 'tireSize', '"225/65R" needs the rim size, as in 225/65R17'],
    [{ mileage: -5 }, 'mileage', 'Mileage cannot be negative'],
  ])('is refused with %j, saying what is wrong with %s', async (change, field, message) => {
    const customer = newCustomer();
    await call('POST', apiPaths.customers, customer);
    const answer = await call('POST', fill(apiPaths.customerVehicles, customer), newVehicle(change));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[field]).toEqual([message]);
  });

  it('is stored with a year its VIN reads otherwise (a heavy truck or trailer may), and with a short serial from before 1981', async () => {
    const customer = newCustomer();
    await call('POST', apiPaths.customers, customer);
    const truck = await call('POST', fill(apiPaths.customerVehicles, customer), newVehicle({ year: 2019 }));
    expect(truck.statusCode).toBe(201);
    expect(truck.json().year).toBe(2019);
    const classic = await call(
      'POST',
      fill(apiPaths.customerVehicles, customer),
      newVehicle({ vin: '9113-600-123', year: 1973, make: 'Porsche', model: '911' }),
    );
    expect(classic.statusCode).toBe(201);
    expect(classic.json().vin).toBe('9113600123');
  });

  it('is refused with a 400, not stored, when capitals make a plate longer than its limit', async () => {
    const customer = newCustomer();
    await call('POST', apiPaths.customers, customer);
    const vehicle = newVehicle({ vehicleLicensePlateNumber: 'ß'.repeat(15) });
    const answer = await call('POST', fill(apiPaths.customerVehicles, customer), vehicle);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toHaveProperty('vehicleLicensePlateNumber');
    expect(
      await t.db
        .selectFrom('customerVehicles')
        .select('vehicleId')
        .where('vehicleId', '=', vehicle.vehicleId as string)
        .executeTakeFirst(),
    ).toBeUndefined();
    await call('POST', fill(apiPaths.customerVehicles, customer), { ...vehicle, vehicleLicensePlateNumber: 'ABC 123' });
    const patch = await call('PATCH', fill(apiPaths.customerVehicle, { customerId: customer.customerId, vehicleId: vehicle.vehicleId as string }), [
      { op: 'replace', path: '/vehicleLicensePlateNumber', value: 'ß'.repeat(15) },
    ]);
    expect(patch.statusCode).toBe(400);
    expect(patch.json().errors).toHaveProperty('vehicleLicensePlateNumber');
  });

  it('saved before the VIN rule keeps taking changes to its other fields', async () => {
    const vehicle = await t.db.selectFrom('customerVehicles').select(['vehicleId', 'customerId', 'companyId']).executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (trx) => {
      const version = await takeVersions(trx);
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
    const answer = await call(
      'POST',
      fill(apiPaths.customerMerge, kept),
      { mergedCustomerId: merged.customerId },
      { 'Idempotency-Key': `merge-${randomUUID()}` },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().moved).toMatchObject({ vehicles: 1, ratings: 1 });
    expect(
      (await t.db.selectFrom('customerVehicles').select('customerId').where('vehicleId', '=', vehicle.vehicleId).executeTakeFirstOrThrow()).customerId,
    ).toBe(kept.customerId);
    expect((await t.db.selectFrom('ratings').select('customerId').where('ratingId', '=', rating.ratingId).executeTakeFirstOrThrow()).customerId).toBe(
      kept.customerId,
    );
    expect(
      await t.db.selectFrom('customers').select(['deleted', 'mergedIntoCustomerId']).where('customerId', '=', merged.customerId).executeTakeFirstOrThrow(),
    ).toEqual({ deleted: true, mergedIntoCustomerId: kept.customerId });
    expect((await call('GET', fill(apiPaths.customer, merged))).statusCode).toBe(404);
    const dismissal = await t.db
      .selectFrom('customerDuplicateDismissals')
      .select('deleted')
      .where('customerId', '=', pairKey(kept.customerId, merged.customerId).split('|')[0]!)
      .executeTakeFirstOrThrow();
    expect(dismissal.deleted).toBe(true);
  });

  it('answers a replay, or the same merge sent again later, like the first, and changes nothing more', async () => {
    const { kept, merged } = await twoCustomers();
    const key = `merge-${randomUUID()}`;
    const first = await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: merged.customerId }, { 'Idempotency-Key': key });
    const floor = await versionFloor(t.db);
    const replay = await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: merged.customerId }, { 'Idempotency-Key': key });
    expect(replay.json()).toEqual(first.json());
    const again = await call(
      'POST',
      fill(apiPaths.customerMerge, kept),
      { mergedCustomerId: merged.customerId },
      { 'Idempotency-Key': `merge-${randomUUID()}` },
    );
    expect(again.statusCode).toBe(200);
    expect(await versionFloor(t.db)).toBe(floor);
  });

  it('refuses merging a customer into itself', async () => {
    const { kept } = await twoCustomers();
    expect((await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: kept.customerId })).statusCode).toBe(400);
  });

  it('sent from a device that has not heard of an earlier merge, joins the customers the two now stand for', async () => {
    const { kept, merged } = await twoCustomers();
    await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: merged.customerId });
    const third = newCustomer({ firstName: 'Grayson' });
    await call('POST', apiPaths.customers, third);
    const intoMergedAway = await call('POST', fill(apiPaths.customerMerge, merged), { mergedCustomerId: third.customerId });
    expect(intoMergedAway.statusCode).toBe(200);
    expect(intoMergedAway.json().customer.customerId).toBe(kept.customerId);
    expect(
      await t.db.selectFrom('customers').select(['deleted', 'mergedIntoCustomerId']).where('customerId', '=', third.customerId).executeTakeFirstOrThrow(),
    ).toEqual({ deleted: true, mergedIntoCustomerId: kept.customerId });
    const sameSurvivor = await call('POST', fill(apiPaths.customerMerge, third), { mergedCustomerId: merged.customerId });
    expect(sameSurvivor.statusCode).toBe(200);
    expect(sameSurvivor.json().moved).toBeNull();
    expect((await call('GET', fill(apiPaths.customer, kept))).statusCode).toBe(200);
  });

  it('leaves a vehicle editable through the path of the customer merged away, and through no other customer', async () => {
    const { kept, merged, vehicle } = await twoCustomers();
    await call('POST', fill(apiPaths.customerMerge, kept), { mergedCustomerId: merged.customerId });
    const queuedBefore = await call('PATCH', fill(apiPaths.customerVehicle, { customerId: merged.customerId, vehicleId: vehicle.vehicleId }), [
      { op: 'replace', path: '/mileage', value: 120_000 },
    ]);
    expect(queuedBefore.statusCode).toBe(200);
    expect(queuedBefore.json()).toMatchObject({ customerId: kept.customerId, mileage: 120_000 });
    const stranger = newCustomer({ firstName: 'Stranger' });
    await call('POST', apiPaths.customers, stranger);
    expect(
      (
        await call('PATCH', fill(apiPaths.customerVehicle, { customerId: stranger.customerId, vehicleId: vehicle.vehicleId }), [
          { op: 'replace', path: '/mileage', value: 1 },
        ])
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', fill(apiPaths.customerVehicle, { customerId: stranger.customerId, vehicleId: vehicle.vehicleId }))).statusCode).toBe(404);
    const added = await call('POST', fill(apiPaths.customerVehicles, merged), newVehicle({ vin: null, year: 2015 }));
    expect(added.statusCode).toBe(201);
    expect(added.json().customerId).toBe(kept.customerId);
  });
});

describe('what a customer is found and compared by (issue 25: keys kept at write time)', () => {
  const search = async (text: string) =>
    (await call('GET', `${apiPaths.visitCustomers}?search=${encodeURIComponent(`"${text}"`)}`))
      .json<{ items: { customerId: string }[] }>()
      .items.map((c) => c.customerId);
  const groupsOf = async () =>
    (await call('GET', `${apiPaths.possibleDuplicates}?$top=100`))
      .json<{ items: { customers: { customerId: string }[] }[] }>()
      .items.map((g) => g.customers.map((c) => c.customerId).sort());

  it("follows the customer's changes: a new phone, name and plate find them, the old ones do not, and a merge leaves nothing of the merged", async () => {
    const ada = newCustomer({ firstName: 'Ada', lastName: 'Keysworth', email: 'ada.keysworth@example.com', phoneNumber: '555.010.7171' });
    expect((await call('POST', apiPaths.customers, ada)).statusCode).toBe(201);
    const vehicle = newVehicle({ vin: null, vehicleLicensePlateNumber: 'KEY 717' });
    expect((await call('POST', fill(apiPaths.customerVehicles, ada), vehicle)).statusCode).toBe(201);
    expect(await search('Keysworth')).toEqual([ada.customerId]);
    expect(await search('KEY717')).toEqual([ada.customerId]);

    await call('PATCH', fill(apiPaths.customer, ada), [
      { op: 'replace', path: '/lastName', value: 'Keyes' },
      { op: 'replace', path: '/phoneNumber', value: '555-010-7272' },
    ]);
    await call('PATCH', fill(apiPaths.customerVehicle, { customerId: ada.customerId, vehicleId: vehicle.vehicleId }), [
      { op: 'replace', path: '/vehicleLicensePlateNumber', value: 'KEY 727' },
    ]);
    expect(await search('Keysworth')).toEqual([]);
    expect(await search('Keyes')).toEqual([ada.customerId]);
    expect(await search('5550107171')).toEqual([]);
    expect(await search('5550107272')).toEqual([ada.customerId]);
    expect(await search('KEY717')).toEqual([]);
    expect(await search('KEY727')).toEqual([ada.customerId]);

    // The same phone typed for someone else: they are offered as one person at once, and merging them ends it.
    const twin = newCustomer({ firstName: 'Ada', lastName: 'Keyes', email: null, phoneNumber: '(555) 010-7272' });
    expect((await call('POST', apiPaths.customers, twin)).statusCode).toBe(201);
    expect(await groupsOf()).toContainEqual([ada.customerId, twin.customerId].sort());
    expect((await call('POST', fill(apiPaths.customerMerge, ada), { mergedCustomerId: twin.customerId })).statusCode).toBe(200);
    expect((await groupsOf()).flat()).not.toContain(twin.customerId);
    expect(await search('Keyes')).toEqual([ada.customerId]);
    const left = await t.db.selectFrom('customerKeys').select('key').where('customerId', '=', twin.customerId).execute();
    expect(left).toEqual([]);
  });
});

describe('customers of one company', () => {
  /** A second company with its own store and administrator, in the same database. */
  async function rivalCompany(): Promise<{ token: string; storeId: number }> {
    const company = await t.db.insertInto('companies').values({ alltracCompanyId: 2002, name: 'Rival Tires' }).returning('id').executeTakeFirstOrThrow();
    const template = await t.db.selectFrom('storeLocations').selectAll().where('id', '=', store).executeTakeFirstOrThrow();
    // id, store_id, has_service_key and contact_form_id are made by the database.
    const { id: _id, storeId: _storeId, hasServiceKey: _has, contactFormId: _form, ...fields } = template as typeof template & { hasServiceKey: boolean };
    const rivalStore = await t.db.transaction().execute(async (trx) =>
      trx
        .insertInto('storeLocations')
        .values({
          ...fields,
          companyId: company.id,
          alltracCompanyId: 2002,
          storeNumber: 901,
          name: 'Rival Tires Main',
          serviceKey: null,
          twilioPhoneNumber: null,
          version: await takeVersions(trx),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const { passwordHash } = await t.db.selectFrom('users').select('passwordHash').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    const userId = randomUUID();
    await t.db.insertInto('users').values({ userId, companyId: company.id, email: 'admin@rival.test', name: 'Rita Rival', passwordHash }).execute();
    await t.db.insertInto('userRoles').values({ userId, storeId: rivalStore.id, role: 'AllTracAdmin' }).execute();
    return { token: await accessTokenFor(t.app, 'admin@rival.test'), storeId: rivalStore.id };
  }

  it('are out of reach of another company: it cannot read, find, change or merge them', async () => {
    const ours = newCustomer({ lastName: 'Ourcustomer' });
    await call('POST', apiPaths.customers, ours);
    const vehicle = newVehicle();
    await call('POST', fill(apiPaths.customerVehicles, ours), vehicle);
    const before = await t.db.selectFrom('customers').selectAll().where('customerId', '=', ours.customerId).executeTakeFirstOrThrow();
    const rival = await rivalCompany();
    const theirs = newCustomer({ lastName: 'Theircustomer' });
    const as = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
      apiCall(t.app, { method, path, token: rival.token, store: rival.storeId, body });
    expect((await as('POST', apiPaths.customers, theirs)).statusCode).toBe(201);

    expect((await as('GET', fill(apiPaths.customer, ours))).statusCode).toBe(404);
    expect((await as('GET', fill(apiPaths.customerVehicles, ours))).statusCode).toBe(404);
    expect((await as('GET', fill(apiPaths.customerVehicle, { customerId: ours.customerId, vehicleId: vehicle.vehicleId }))).statusCode).toBe(404);
    expect((await as('PATCH', fill(apiPaths.customer, ours), [{ op: 'replace', path: '/notes', value: 'mine now' }])).statusCode).toBe(404);
    expect(
      (
        await as('PATCH', fill(apiPaths.customerVehicle, { customerId: ours.customerId, vehicleId: vehicle.vehicleId }), [
          { op: 'replace', path: '/mileage', value: 1 },
        ])
      ).statusCode,
    ).toBe(404);
    expect((await as('POST', fill(apiPaths.customerVehicles, ours), newVehicle())).statusCode).toBe(404);
    expect((await as('POST', fill(apiPaths.customerMerge, theirs), { mergedCustomerId: ours.customerId })).statusCode).toBe(404);
    expect((await as('POST', fill(apiPaths.customerMerge, ours), { mergedCustomerId: theirs.customerId })).statusCode).toBe(404);
    for (const path of [
      `${apiPaths.visitCustomers}?search=${encodeURIComponent('"Ourcustomer"')}`,
      `${apiPaths.existingCustomers}?lastName=Ourcustomer&firstName=Grace`,
      `${apiPaths.vehicles}?search=${encodeURIComponent('"Accord"')}`,
      apiPaths.possibleDuplicates,
    ]) {
      const found = await as('GET', path);
      expect(found.statusCode, path).toBe(200);
      expect(JSON.stringify(found.json()), path).not.toContain(ours.customerId);
    }

    expect(await t.db.selectFrom('customers').selectAll().where('customerId', '=', ours.customerId).executeTakeFirstOrThrow()).toEqual(before);
    expect((await t.db.selectFrom('customers').select('deleted').where('customerId', '=', theirs.customerId).executeTakeFirstOrThrow()).deleted).toBe(false);
  });
});
