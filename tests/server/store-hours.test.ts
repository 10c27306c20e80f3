import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import type { SyncChange } from '../../src/contract/sync-messages.ts';
import { defaultInspectionGroups } from '../../src/domain/inspections/inspection-template.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let stores: Record<number, number>;
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'user', 'tech', 'platform']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  stores = await demoStoreIds(t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: string, method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
  apiCall(t.app, { method, path, token: tokens[who]!, store: stores[101]!, body, headers });
const storePath = (storeNumber = 101) => apiPaths.storeLocation.replace(':id', String(stores[storeNumber]));
const specialPath = (storeNumber = 101, id?: string) =>
  (id ? apiPaths.specialStoreHoursDay.replace(':specialStoreHoursId', id) : apiPaths.specialStoreHours).replace(':id', String(stores[storeNumber]));

async function feed(who: string, storeNumber = 101): Promise<SyncChange[]> {
  const changes: SyncChange[] = [];
  let since = 0;
  for (;;) {
    const page = await apiCall(t.app, {
      method: 'GET',
      path: `${apiPaths.syncChanges}?since=${since}&limit=5000`,
      token: tokens[who]!,
      store: stores[storeNumber]!,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json() as { changes: SyncChange[]; cursor: number; hasMore: boolean };
    changes.push(...body.changes);
    since = body.cursor;
    if (!body.hasMore) return changes;
  }
}
const storeRowsIn = (changes: SyncChange[]) => changes.filter((c) => c.collection === 'storeLocations');

describe('the store location as a replicated row', () => {
  it('reaches each device of the store through the change feed: its own row only, with its special hours', async () => {
    const changes = await feed('admin');
    expect(storeRowsIn(changes).map((c) => c.key)).toEqual([String(stores[101])]);
    const special = changes.filter((c) => c.collection === 'specialStoreHours');
    expect(special.map((c) => c.value.description)).toEqual(['Christmas Eve', 'Christmas Day', "New Year's Day"]);
    expect(special.every((c) => c.value.storeLocationId === stores[101])).toBe(true);
  });

  it("gives the service key to the store's admins only; everyone learns whether there is one", async () => {
    const asAdmin = storeRowsIn(await feed('admin'))[0]!.value;
    const asUser = storeRowsIn(await feed('user'))[0]!.value;
    const asTech = storeRowsIn(await feed('tech'))[0]!.value;
    expect(asAdmin.serviceKey).toMatch(/^svc-/);
    for (const row of [asUser, asTech]) {
      expect(row.serviceKey).toBeNull();
      expect(row.hasServiceKey).toBe(true);
      expect(row.twilioPhoneNumber).toBe(asAdmin.twilioPhoneNumber);
    }
  });

  it('sends a change made through the API to the feed with a new version and who made it', async () => {
    const before = storeRowsIn(await feed('user'))[0]!;
    const changed = await call('admin', 'PATCH', storePath(), { walkInsEnabled: false });
    expect(changed.statusCode).toBe(200);
    const after = storeRowsIn(await feed('user'))[0]!;
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.value).toMatchObject({ walkInsEnabled: false, changedByName: 'Alex Admin' });
    await call('admin', 'PATCH', storePath(), { walkInsEnabled: true });
  });

  it('applies a change once however often it arrives with the same Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': `store-${randomUUID()}` };
    const first = await call('admin', 'PATCH', storePath(), { calendarInterval: 30 }, headers);
    const again = await call('admin', 'PATCH', storePath(), { calendarInterval: 30 }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().version).toBe(first.json().version);
    const other = await call('admin', 'PATCH', storePath(), { calendarInterval: 15 }, headers);
    expect(other.statusCode).toBe(422);
    await call('admin', 'PATCH', storePath(), { calendarInterval: 15 });
  });

  it('takes no new version when nothing changes', async () => {
    const before = (await call('admin', 'GET', storePath())).json();
    const same = await call('admin', 'PATCH', storePath(), { name: before.name });
    expect(same.json().version).toBe(before.version);
  });
});

describe('weekly hours', () => {
  it('keeps opening and closing times per weekday', async () => {
    const changed = await call('admin', 'PATCH', storePath(), { saturdayOpenTime: '09:00', saturdayCloseTime: '15:30' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ saturdayOpenTime: '09:00', saturdayCloseTime: '15:30', mondayOpenTime: '08:00' });
  });

  it('refuses a day that closes before it opens, naming the field, and stores nothing', async () => {
    const before = (await call('admin', 'GET', storePath())).json();
    const refused = await call('admin', 'PATCH', storePath(), { mondayOpenTime: '17:00', mondayCloseTime: '09:00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.mondayCloseTime).toEqual(['Close after the store opens']);
    expect((await call('admin', 'GET', storePath())).json()).toMatchObject({ mondayOpenTime: before.mondayOpenTime, version: before.version });
  });

  it('takes times of a closed day as they are: they count once the day opens', async () => {
    const changed = await call('admin', 'PATCH', storePath(), { sundayOpenTime: '12:00', sundayCloseTime: '10:00' });
    expect(changed.statusCode).toBe(200);
    const opened = await call('admin', 'PATCH', storePath(), { isOpenSundays: true });
    expect(opened.statusCode).toBe(400);
    expect(opened.json().errors.sundayCloseTime).toEqual(['Close after the store opens']);
  });

  it('refuses a time that is not a time of day', async () => {
    const refused = await call('admin', 'PATCH', storePath(), { tuesdayOpenTime: '25:00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.tuesdayOpenTime[0]).toMatch(/24-hour form/);
  });
});

describe('special store hours', () => {
  const day = (more: Record<string, unknown> = {}) => ({
    specialStoreHoursId: randomUUID(),
    date: '2027-07-04',
    isClosed: true,
    openTime: null,
    closeTime: null,
    description: 'Independence Day',
    ...more,
  });

  it('adds a closure, changes it to a short day, and removes it; each reaches the feed', async () => {
    const body = day();
    const created = await call('admin', 'POST', specialPath(), body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...body, storeLocationId: stores[101] });
    const short = await call('admin', 'PATCH', specialPath(101, body.specialStoreHoursId), { isClosed: false, openTime: '09:00', closeTime: '13:00' });
    expect(short.statusCode).toBe(200);
    expect((await feed('tech')).filter((c) => c.key === body.specialStoreHoursId).at(-1)!.value).toMatchObject({ isClosed: false, openTime: '09:00' });
    expect((await call('admin', 'DELETE', specialPath(101, body.specialStoreHoursId))).statusCode).toBe(204);
    expect((await call('admin', 'DELETE', specialPath(101, body.specialStoreHoursId))).statusCode).toBe(204);
    expect((await feed('tech')).find((c) => c.key === body.specialStoreHoursId)).toMatchObject({ deleted: true });
  });

  it('clears the times of a day marked closed', async () => {
    const body = day({ date: '2027-09-06', isClosed: true, openTime: '08:00', closeTime: '12:00' });
    const created = await call('admin', 'POST', specialPath(), body);
    expect(created.json()).toMatchObject({ isClosed: true, openTime: null, closeTime: null });
  });

  it('refuses an open day without times, and a second entry for the same date', async () => {
    const open = await call('admin', 'POST', specialPath(), day({ date: '2027-11-25', isClosed: false }));
    expect(open.statusCode).toBe(400);
    expect(open.json().errors.openTime).toEqual(['Enter the opening time, or mark the day closed']);
    expect((await call('admin', 'POST', specialPath(), day({ date: '2027-11-26' }))).statusCode).toBe(201);
    const twice = await call('admin', 'POST', specialPath(), day({ date: '2027-11-26' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.date).toEqual(['Already has special hours']);
  });

  it.each(['user', 'tech'])('%s@demo.test gets 403 from every store write, and nothing changes', async (who) => {
    const before = (await call('admin', 'GET', storePath())).json();
    expect((await call(who, 'PATCH', storePath(), { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(who, 'DELETE', storePath())).statusCode).toBe(403);
    expect((await call(who, 'POST', specialPath(), day({ date: '2027-12-31' }))).statusCode).toBe(403);
    const existing = before.specialStoreHours[0].specialStoreHoursId as string;
    expect((await call(who, 'PATCH', specialPath(101, existing), { description: 'x' })).statusCode).toBe(403);
    expect((await call(who, 'DELETE', specialPath(101, existing))).statusCode).toBe(403);
    expect((await call('admin', 'GET', storePath())).json()).toEqual(before);
  });

  it("refuses an Admin the hours of another company's store or a store they do not manage", async () => {
    expect((await call('admin', 'POST', specialPath(103), day({ date: '2027-12-30' }))).statusCode).toBe(403);
    expect((await call('admin', 'PATCH', apiPaths.storeLocation.replace(':id', '999999'), { name: 'x' })).statusCode).toBe(403);
  });
});

describe("the store's staff", () => {
  it("reaches the store's devices by name and role; emails only to the front counter", async () => {
    const staff = (changes: SyncChange[]) => changes.filter((c) => c.collection === 'storeStaff').map((c) => c.value);
    const asUser = staff(await feed('user'));
    const asTech = staff(await feed('tech'));
    expect(asUser.find((s) => s.name === 'Theo Technician')).toMatchObject({ email: 'tech@demo.test', roles: ['AllTracTechnician'], storeId: stores[101] });
    expect(asTech.map((s) => s.userId).sort()).toEqual(asUser.map((s) => s.userId).sort());
    expect(asTech.every((s) => s.email === null)).toBe(true);
    // Staff of other stores and platform-wide roles are not the store's staff.
    expect(asUser.some((s) => s.name === 'Pat Platform')).toBe(false);
    expect(asUser.every((s) => s.storeId === stores[101])).toBe(true);
  });
});

describe('pickup and delivery', () => {
  it('keeps the service area, fee and windows as lists, and refuses an offered service with no area or windows', async () => {
    const refused = await call('admin', 'PATCH', storePath(), { pickupAndDeliveryEnabled: true, pickupServiceArea: 'postalCodes', pickupPostalCodes: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.pickupPostalCodes).toEqual(['Enter at least one ZIP code you serve']);
    const backwards = await call('admin', 'PATCH', storePath(), { pickupWindows: [{ start: '10:00', end: '09:00' }] });
    expect(backwards.json().errors.pickupWindows).toEqual(['Window 1 must end after it starts']);

    const changed = await call('admin', 'PATCH', storePath(), {
      pickupAndDeliveryEnabled: true,
      pickupServiceArea: 'postalCodes',
      pickupPostalCodes: ['62703', '62704'],
      pickupFeeInCents: 1999,
      pickupWindows: [{ start: '07:30', end: '09:00' }],
    });
    expect(changed.statusCode).toBe(200);
    const row = storeRowsIn(await feed('user'))[0]!.value;
    expect(row).toMatchObject({ pickupPostalCodes: ['62703', '62704'], pickupWindows: [{ start: '07:30', end: '09:00' }], pickupFeeInCents: 1999 });
    expect((await call('admin', 'GET', storePath())).json().pickupPostalCodes).toEqual(['62703', '62704']);
  });
});

describe('the inspection template', () => {
  const put = (who: string, groups: unknown, headers?: Record<string, string>) => call(who, 'PUT', apiPaths.inspectionTemplate, { groups }, headers);

  it('reaches technicians through the feed, and an admin replaces it as a whole', async () => {
    const template = (await feed('tech')).find((c) => c.collection === 'inspectionTemplates')!.value;
    expect((template as { groups: { name: string }[] }).groups.map((g) => g.name)).toEqual(defaultInspectionGroups(randomUUID).map((g) => g.name));
    const groups = [{ groupId: randomUUID(), name: 'Tires', items: [{ itemId: randomUUID(), name: 'Spare tread', measurement: 'treadDepth32nds' }] }];
    const saved = await put('admin', groups);
    expect(saved.statusCode).toBe(200);
    expect((await call('tech', 'GET', apiPaths.inspectionTemplate)).json().groups).toEqual(groups);
    expect((await feed('tech')).filter((c) => c.collection === 'inspectionTemplates').at(-1)!.value.groups).toEqual(groups);
  });

  it('refuses a group without items or two items of one name, saying which, and keeps the template', async () => {
    const before = (await call('admin', 'GET', apiPaths.inspectionTemplate)).json();
    const item = () => ({ itemId: randomUUID(), name: 'Oil', measurement: 'none' });
    const refused = await put('admin', [
      { groupId: randomUUID(), name: 'Fluids', items: [item(), item()] },
      { groupId: randomUUID(), name: 'Empty', items: [] },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.groups).toEqual(['Fluids has two items called Oil', 'Empty has no items']);
    expect((await call('admin', 'GET', apiPaths.inspectionTemplate)).json()).toEqual(before);
    expect((await put('user', before.groups)).statusCode).toBe(403);
    expect((await put('tech', before.groups)).statusCode).toBe(403);
  });
});
