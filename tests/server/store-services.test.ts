import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;
let stores: Record<number, number>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await accessTokenFor(t.app, 'admin@demo.test');
  stores = await demoStoreIds(t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const at = (storeServiceHashId: string, template: string = apiPaths.storeService) => template.replace(':storeServiceHashId', storeServiceHashId);
const as =
  (token: string, storeNumber = 101) =>
  (method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
    apiCall(t.app, { method, path, token, store: stores[storeNumber]!, body, headers });
const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];

async function category(storeNumber = 101): Promise<string> {
  const answer = await as(admin, storeNumber)('GET', apiPaths.storeServiceCategories);
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { items: { storeServiceCategoryId: string }[] }).items[0]!.storeServiceCategoryId;
}
const newService = async (more: Record<string, unknown> = {}) => ({
  storeServiceId: randomUUID(),
  storeServiceHashId: randomBytes(16).toString('base64url'),
  storeServiceCategoryId: await category(),
  name: 'Seasonal tire swap',
  description: null,
  durationInMinutes: 45,
  priceInCents: 4999,
  isActive: true,
  onlineBookingEnabled: true,
  ...more,
});
const stored = (storeServiceId: string) => t.db.selectFrom('storeServices').selectAll().where('storeServiceId', '=', storeServiceId).executeTakeFirst();

describe('the store service catalogue', () => {
  it('takes a new service from an admin, and answers it by its hashed id', async () => {
    const body = await newService();
    const created = await as(admin)('POST', apiPaths.storeServices, body);
    expect(created.statusCode).toBe(201);
    const read = await as(admin)('GET', at(body.storeServiceHashId));
    expect(read.json()).toMatchObject({ name: 'Seasonal tire swap', durationInMinutes: 45, tractionServiceCode: null });
  });

  it.each([
    [10, 'A service takes at least 15 minutes'],
    [20, 'Use steps of 15 minutes: 15 or 30'],
    [50, 'Use steps of 15 minutes: 45 or 60'],
    [0, 'A service takes at least 15 minutes'],
  ])('refuses a duration of %i minutes with "%s", storing nothing', async (minutes, message) => {
    const body = await newService({ durationInMinutes: minutes });
    const created = await as(admin)('POST', apiPaths.storeServices, body);
    expect(created.statusCode).toBe(400);
    expect(created.json().errors.durationInMinutes).toEqual([message]);
    expect(await stored(body.storeServiceId)).toBeUndefined();
  });

  it('refuses a price past what an integer column holds with a message, not a database error', async () => {
    const body = await newService({ priceInCents: 3_000_000_000 });
    const created = await as(admin)('POST', apiPaths.storeServices, body);
    expect(created.statusCode).toBe(400);
    expect(created.json().errors.priceInCents).toEqual(['Enter an amount under $1,000,000']);
    expect(await stored(body.storeServiceId)).toBeUndefined();
    await as(admin)('POST', apiPaths.storeServices, { ...body, priceInCents: 4999 });
    const changed = await as(admin)('PATCH', at(body.storeServiceHashId), replace('priceInCents', 3_000_000_000));
    expect(changed.statusCode).toBe(400);
    expect((await stored(body.storeServiceId))!.priceInCents).toBe(4999);
  });

  it('refuses a changed duration of 20 minutes, keeping the one it had', async () => {
    const body = await newService();
    await as(admin)('POST', apiPaths.storeServices, body);
    const changed = await as(admin)('PATCH', at(body.storeServiceHashId), replace('durationInMinutes', 20));
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors.durationInMinutes).toEqual(['Use steps of 15 minutes: 15 or 30']);
    expect((await stored(body.storeServiceId))!.durationInMinutes).toBe(45);
  });

  it('changes only the fields sent, once however often the same change arrives', async () => {
    const body = await newService();
    await as(admin)('POST', apiPaths.storeServices, body);
    const headers = { 'Idempotency-Key': `svc-${randomUUID()}` };
    const first = await as(admin)('PATCH', at(body.storeServiceHashId), replace('durationInMinutes', 60), headers);
    const again = await as(admin)('PATCH', at(body.storeServiceHashId), replace('durationInMinutes', 60), headers);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const row = (await stored(body.storeServiceId))!;
    expect(row).toMatchObject({ durationInMinutes: 60, name: 'Seasonal tire swap', priceInCents: 4999 });
    expect(row.version).toBe(first.json().version);
  });

  it('refuses a category of another company or none at all', async () => {
    const body = await newService({ storeServiceCategoryId: randomUUID() });
    const created = await as(admin)('POST', apiPaths.storeServices, body);
    expect(created.statusCode).toBe(400);
    expect(created.json().errors.storeServiceCategoryId).toEqual(["Choose one of the store's categories"]);
  });

  it('takes a deleted service out of the catalogue, and a second delete is the same', async () => {
    const body = await newService();
    await as(admin)('POST', apiPaths.storeServices, body);
    expect((await as(admin)('DELETE', at(body.storeServiceHashId))).statusCode).toBe(204);
    expect((await as(admin)('DELETE', at(body.storeServiceHashId))).statusCode).toBe(204);
    expect((await as(admin)('GET', at(body.storeServiceHashId))).statusCode).toBe(404);
    expect((await stored(body.storeServiceId))!.deleted).toBe(true);
  });

  it('keeps a traction service code per service, behind its own call', async () => {
    const body = await newService();
    await as(admin)('POST', apiPaths.storeServices, body);
    const path = at(body.storeServiceHashId, apiPaths.storeServiceTractionCode);
    expect((await as(admin)('PATCH', path, { tractionServiceCode: ' TR-0042 ' })).json()).toEqual({
      storeServiceHashId: body.storeServiceHashId,
      tractionServiceCode: 'TR-0042',
    });
    expect((await as(admin)('GET', path)).json().tractionServiceCode).toBe('TR-0042');
    expect((await stored(body.storeServiceId))!.tractionServiceCode).toBe('TR-0042');
    // The bay reads the service, not the service system's code.
    const tech = await accessTokenFor(t.app, 'tech@demo.test');
    expect((await as(tech)('GET', at(body.storeServiceHashId))).json()).toMatchObject({ name: body.name, tractionServiceCode: null });
    const listed = (await as(tech)('GET', apiPaths.storeServices)).json<{ items: { storeServiceId: string; tractionServiceCode: string | null }[] }>().items;
    expect(listed.find((s) => s.storeServiceId === body.storeServiceId)?.tractionServiceCode).toBeNull();
  });
});

describe('who may change the catalogue', () => {
  it.each(['user@demo.test', 'tech@demo.test', 'lead@demo.test'])('%s reads it but gets 403 from every write, and nothing changes', async (email) => {
    const token = await accessTokenFor(t.app, email);
    const body = await newService();
    await as(admin)('POST', apiPaths.storeServices, body);
    const call = as(token);
    expect((await call('GET', at(body.storeServiceHashId))).statusCode).toBe(200);
    const writes = await Promise.all([
      call('POST', apiPaths.storeServices, await newService()),
      call('PATCH', at(body.storeServiceHashId), replace('durationInMinutes', 90)),
      call('DELETE', at(body.storeServiceHashId)),
      call('PATCH', at(body.storeServiceHashId, apiPaths.storeServiceTractionCode), { tractionServiceCode: 'X' }),
    ]);
    expect(writes.map((w) => w.statusCode)).toEqual([403, 403, 403, 403]);
    expect(await stored(body.storeServiceId)).toMatchObject({ durationInMinutes: 45, deleted: false, tractionServiceCode: null });
  });

  it('an admin of #101 and #102 cannot change a service of #103, where they hold no role', async () => {
    const service = await t.db
      .selectFrom('storeServices')
      .select(['storeServiceHashId', 'durationInMinutes'])
      .where('storeId', '=', stores[103]!)
      .executeTakeFirstOrThrow();
    const answer = await as(admin, 103)('PATCH', at(service.storeServiceHashId), replace('durationInMinutes', 120));
    expect(answer.statusCode).toBe(403);
    // Nor through their own store: the hashed id of another store's service is not found there.
    expect((await as(admin, 101)('PATCH', at(service.storeServiceHashId), replace('durationInMinutes', 120))).statusCode).toBe(404);
  });
});
