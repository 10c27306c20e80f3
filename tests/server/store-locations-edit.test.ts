import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { textingNumberMessages } from '../../src/domain/messages/texting.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor, rivalAdminToken } from '../support/sign-in.ts';
import { newStoreModel } from '../support/store-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The admin dashboard's store edit (issue 27): the platform's admin changes any company's store with its changed
 * fields only, and assigns texting numbers, one store per number across every company.
 */
let t: TestApp;
let stores: Record<number, number>;
const tokens: Record<string, string> = {};
/** Another company's store, with a texting number, a service key and an address the dialog does not show. */
let otherStore: number;
let demoNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  stores = await demoStoreIds(t.db);
  for (const who of ['platform', 'admin', 'user', 'tech', 'lead']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  demoNumber = (await row(stores[101]!)).twilioPhoneNumber!;
  const [company] = await t.db.insertInto('companies').values({ alltracCompanyId: 2002, name: 'Other Tire Co' }).returning('id').execute();
  const created = await apiCall(t.app, {
    method: 'POST',
    path: apiPaths.storeLocations,
    token: tokens.platform,
    body: {
      ...newStoreModel({ storeNumber: 1, twilioPhoneNumber: '+15550104001', serviceKey: 'TRACTION-1', addressLine1: '1 Main St', calendarInterval: 30 }),
      alltracCompanyId: 2002,
    },
  });
  expect(created.statusCode).toBe(201);
  otherStore = created.json().id;
  tokens.rival = await rivalAdminToken(t.app, t.db, company!.id, otherStore);
});
afterAll(async () => {
  await t.close();
});

async function row(id: number) {
  return t.db.selectFrom('storeLocations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
const patch = (who: string, id: number, body: Record<string, unknown>) =>
  apiCall(t.app, { method: 'PATCH', path: apiPaths.storeLocation.replace(':id', String(id)), token: tokens[who], body });

describe('editing a store from the admin dashboard', () => {
  it('changes only the fields sent: every other column, those the dialog does not show too, stays as it was', async () => {
    const before = await row(otherStore);
    const answer = await patch('platform', otherStore, { name: 'Other Tire Westside', twilioPhoneNumber: '+15550104002' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ name: 'Other Tire Westside', twilioPhoneNumber: '+15550104002', serviceKey: 'TRACTION-1', calendarInterval: 30 });
    const after = await row(otherStore);
    expect(after).toEqual({
      ...before,
      name: 'Other Tire Westside',
      twilioPhoneNumber: '+15550104002',
      version: expect.any(Number),
      changedAt: expect.any(String),
      changedBy: expect.any(String),
      changedByName: 'Pat Platform',
    });
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
  });

  it("refuses a texting number another company's store has: 409 naming that store to the platform's admin, and nothing of the change stored", async () => {
    const before = await row(otherStore);
    const answer = await patch('platform', otherStore, { name: 'Should not stick', twilioPhoneNumber: demoNumber });
    expect(answer.statusCode).toBe(409);
    const { detail, errors } = answer.json();
    expect(detail).toContain(textingNumberMessages.taken);
    expect(detail).toMatch(/store #101 .* \(company 1001\)/);
    expect(errors.twilioPhoneNumber[0]).toMatch(/^Already the number of store #101 /);
    expect(await row(otherStore)).toEqual(before);
  });

  it('refuses opening a store with a number in use the same way, opening nothing', async () => {
    const created = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.storeLocations,
      token: tokens.platform,
      body: { ...newStoreModel({ storeNumber: 2, twilioPhoneNumber: demoNumber }), alltracCompanyId: 2002 },
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().errors.twilioPhoneNumber[0]).toMatch(/store #101 /);
    expect(
      await t.db.selectFrom('storeLocations').select('id').where('alltracCompanyId', '=', 2002).where('storeNumber', '=', 2).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('frees a cleared number for another store, of any company', async () => {
    expect((await patch('platform', stores[101]!, { twilioPhoneNumber: null })).statusCode).toBe(200);
    expect((await row(stores[101]!)).twilioPhoneNumber).toBeNull();
    expect((await patch('platform', otherStore, { twilioPhoneNumber: demoNumber })).statusCode).toBe(200);
    expect((await row(otherStore)).twilioPhoneNumber).toBe(demoNumber);
    // And back: the number the other store gave up is free again for the first.
    expect((await patch('platform', otherStore, { twilioPhoneNumber: '+15550104003' })).statusCode).toBe(200);
    expect((await patch('platform', stores[101]!, { twilioPhoneNumber: demoNumber })).statusCode).toBe(200);
  });

  it.each(['admin', 'user', 'tech', 'lead'])("refuses the demo company's %s changing another company's store: 403, nothing stored", async (who) => {
    const before = await row(otherStore);
    const answer = await patch(who, otherStore, { name: 'Not theirs' });
    expect(answer.statusCode).toBe(403);
    expect(await row(otherStore)).toEqual(before);
  });

  it("refuses another company's Admin changing a demo store, though they are Admin of a store of their own", async () => {
    const before = await row(stores[101]!);
    const answer = await patch('rival', stores[101]!, { name: 'Rival Tire' });
    expect(answer.statusCode).toBe(403);
    expect(await row(stores[101]!)).toEqual(before);
  });
});

describe("a store's online booking limits", () => {
  it("start at two hours' notice, two weeks ahead and no cap, are changed by the store's admin, and a value out of range is refused with its reason and nothing stored", async () => {
    expect(await row(stores[101]!)).toMatchObject({ onlineBookingLeadMinutes: 120, onlineBookingHorizonDays: 14, onlineBookingDailyCapMinutes: null });
    const changed = await patch('admin', stores[101]!, { onlineBookingLeadMinutes: 1440, onlineBookingHorizonDays: 30, onlineBookingDailyCapMinutes: 2400 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await row(stores[101]!)).toMatchObject({ onlineBookingLeadMinutes: 1440, onlineBookingHorizonDays: 30, onlineBookingDailyCapMinutes: 2400 });

    const before = await row(stores[101]!);
    const refused = await patch('admin', stores[101]!, { onlineBookingHorizonDays: 0, onlineBookingDailyCapMinutes: 30 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ onlineBookingHorizonDays: ['At least 1 day'], onlineBookingDailyCapMinutes: ['At least an hour'] });
    expect(await row(stores[101]!)).toEqual(before);
  });

  it('cap the requests waiting at 8 a day and 30 in all to start (issue 46 item 21); the admin changes or lifts them, and nothing below one is taken', async () => {
    expect(await row(stores[102]!)).toMatchObject({ onlineBookingOpenRequestsPerDay: 8, onlineBookingOpenRequests: 30 });
    const changed = await patch('admin', stores[102]!, { onlineBookingOpenRequestsPerDay: 3, onlineBookingOpenRequests: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await row(stores[102]!)).toMatchObject({ onlineBookingOpenRequestsPerDay: 3, onlineBookingOpenRequests: null });
    const refused = await patch('admin', stores[102]!, { onlineBookingOpenRequestsPerDay: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({ onlineBookingOpenRequestsPerDay: ['At least 1 request'] });
  });
});
