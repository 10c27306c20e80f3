import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { takeVersions } from '../../server/db/versions.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Later than every demo visit: the only coming appointments are the ones a test makes.
const now = '2030-06-03T15:00:00.000Z';
let t: TestApp;
const tokens: Record<string, string> = {};
let stores: Record<number, number>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(now) });
  for (const who of ['admin', 'user', 'tech']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  stores = await demoStoreIds(t.db);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: string, method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
  apiCall(t.app, { method, path, token: tokens[who]!, store: stores[101]!, body, headers });
const fill = (template: string, params: Record<string, unknown>) => template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
const replace = (field: string, value: unknown) => [{ op: 'replace', path: `/${field}`, value }];

async function resourceWithTechnician() {
  const resource = await t.db
    .selectFrom('schedulerResources')
    .selectAll()
    .where('storeId', '=', stores[101]!)
    .where('assignedTechnicianId', 'is not', null)
    .where('deleted', '=', false)
    .orderBy('sortOrder')
    .executeTakeFirstOrThrow();
  return resource;
}

/** A visit at store 101 with one service on `resourceId` starting at `start`, in the state `dates` gives it. */
async function appointment(resourceId: string, start: string, dates: Record<string, string | null> = {}): Promise<string> {
  const template = await t.db.selectFrom('scheduledVisits').selectAll().where('storeId', '=', stores[101]!).executeTakeFirstOrThrow();
  const companyId = template.companyId;
  const scheduledVisitId = randomUUID();
  const scheduledServiceId = randomUUID();
  await t.db.transaction().execute(async (trx) => {
    const version = await takeVersions(trx, 2);
    await trx
      .insertInto('scheduledVisits')
      .values({
        ...template,
        scheduledVisitId,
        scheduledVisitHashId: randomUUID().replace(/-/g, ''),
        version,
        confirmationDate: now,
        cancelDate: null,
        checkInDate: null,
        workStartDate: null,
        workCompleteDate: null,
        readyForPickupDate: null,
        checkOutDate: null,
        changedBy: null,
        changedByName: null,
        changedAt: null,
        ...dates,
      })
      .execute();
    await trx
      .insertInto('scheduledServices')
      .values({
        scheduledServiceId,
        scheduledVisitId,
        storeServiceId: null,
        resourceId,
        startDate: start,
        endDate: new Date(Date.parse(start) + 3_600_000).toISOString(),
        durationInMinutes: 60,
        serviceNotes: null,
        selectedTechnician: null,
        companyId,
        storeId: stores[101]!,
        version: version + 1,
      })
      .execute();
  });
  return scheduledServiceId;
}
const technicianOf = async (scheduledServiceId: string) =>
  (await t.db.selectFrom('scheduledServices').select('selectedTechnician').where('scheduledServiceId', '=', scheduledServiceId).executeTakeFirstOrThrow())
    .selectedTechnician;

describe('scheduler resources', () => {
  it("lists the store's columns in their order, and takes a new one from an admin", async () => {
    const list = await call('user', 'GET', apiPaths.schedulerResources);
    expect(list.statusCode).toBe(200);
    const names = list.json().items.map((r: { name: string }) => r.name);
    expect(names).toEqual(['Bay 1', 'Bay 2', 'Bay 3', 'Alignment Rack']);
    const body = { schedulerResourceId: randomUUID(), name: 'Bay 4', assignedTechnicianId: null, sortOrder: 4, isActive: true };
    expect((await call('admin', 'POST', apiPaths.schedulerResources, body)).statusCode).toBe(201);
    expect((await call('user', 'GET', apiPaths.schedulerResources)).json().items.at(-1)).toMatchObject({ name: 'Bay 4' });
  });

  it('refuses an order past what the column holds with a message, storing nothing', async () => {
    const body = { schedulerResourceId: randomUUID(), name: 'Bay 99', assignedTechnicianId: null, sortOrder: 3_000_000_000, isActive: true };
    const refused = await call('admin', 'POST', apiPaths.schedulerResources, body);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['sortOrder']);
    expect(
      await t.db.selectFrom('schedulerResources').select('name').where('schedulerResourceId', '=', body.schedulerResourceId).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a blank name and a technician who does not work at the store, changing nothing', async () => {
    const resource = await resourceWithTechnician();
    const at = fill(apiPaths.schedulerResource, resource);
    const blank = await call('admin', 'PATCH', at, replace('name', '  '));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name[0]).toMatch(/Enter a name/);
    const stranger = await call('admin', 'PATCH', at, replace('assignedTechnicianId', randomUUID()));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors.assignedTechnicianId).toEqual(["Choose one of the store's technicians"]);
    expect(
      await t.db
        .selectFrom('schedulerResources')
        .select(['name', 'assignedTechnicianId', 'version'])
        .where('schedulerResourceId', '=', resource.schedulerResourceId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ name: resource.name, assignedTechnicianId: resource.assignedTechnicianId, version: resource.version });
  });

  it('moves exactly the coming, not-started appointments of the resource to its technician', async () => {
    const resource = await resourceWithTechnician();
    const other = await t.db
      .selectFrom('schedulerResources')
      .select('schedulerResourceId')
      .where('storeId', '=', stores[101]!)
      .where('schedulerResourceId', '!=', resource.schedulerResourceId)
      .executeTakeFirstOrThrow();
    const coming = await appointment(resource.schedulerResourceId, '2030-06-04T14:00:00.000Z');
    const laterToday = await appointment(resource.schedulerResourceId, '2030-06-03T16:00:00.000Z');
    const past = await appointment(resource.schedulerResourceId, '2030-06-03T13:00:00.000Z');
    const started = await appointment(resource.schedulerResourceId, '2030-06-04T09:00:00.000Z', { checkInDate: now, workStartDate: now });
    const canceled = await appointment(resource.schedulerResourceId, '2030-06-05T09:00:00.000Z', { cancelDate: now });
    const elsewhere = await appointment(other.schedulerResourceId, '2030-06-04T14:00:00.000Z');

    const answer = await call('admin', 'POST', fill(apiPaths.assignResourceTechnician, resource), undefined, { 'Idempotency-Key': `assign-${randomUUID()}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ moved: 2, assignedTechnicianId: resource.assignedTechnicianId });
    expect(await technicianOf(coming)).toBe(resource.assignedTechnicianId);
    expect(await technicianOf(laterToday)).toBe(resource.assignedTechnicianId);
    for (const untouched of [past, started, canceled, elsewhere]) expect(await technicianOf(untouched)).toBeNull();

    const again = await call('admin', 'POST', fill(apiPaths.assignResourceTechnician, resource));
    expect(again.json().moved).toBe(0);
  });

  it('refuses to assign when the resource has no technician (an action that arrives late clears nobody)', async () => {
    const resource = await resourceWithTechnician();
    const bay = await appointment(resource.schedulerResourceId, '2030-06-06T09:00:00.000Z');
    await t.db.updateTable('scheduledServices').set({ selectedTechnician: resource.assignedTechnicianId }).where('scheduledServiceId', '=', bay).execute();
    const body = { schedulerResourceId: randomUUID(), name: 'Bay 9', assignedTechnicianId: null, sortOrder: 9, isActive: true };
    await call('admin', 'POST', apiPaths.schedulerResources, body);
    await t.db.updateTable('scheduledServices').set({ resourceId: body.schedulerResourceId }).where('scheduledServiceId', '=', bay).execute();
    const answer = await call('admin', 'POST', fill(apiPaths.assignResourceTechnician, body));
    expect(answer.statusCode).toBe(409);
    expect(await technicianOf(bay)).toBe(resource.assignedTechnicianId);
  });

  it('keeps a resource editable after its technician left the store', async () => {
    const resource = await t.db
      .selectFrom('schedulerResources')
      .selectAll()
      .where('storeId', '=', stores[101]!)
      .where('name', '=', 'Alignment Rack')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('userRoles').where('userId', '=', resource.assignedTechnicianId!).execute();
    const renamed = await call('admin', 'PATCH', fill(apiPaths.schedulerResource, resource), replace('name', `${resource.name} (old)`));
    expect(renamed.statusCode).toBe(200);
  });

  it('links a resource and a service for staff and for online booking, once however often, and unlinks them', async () => {
    const resource = await resourceWithTechnician();
    const service = await t.db
      .selectFrom('storeServices')
      .select('storeServiceId')
      .where('storeId', '=', stores[101]!)
      .where('name', '=', 'Wheel Alignment')
      .executeTakeFirstOrThrow();
    const key = { schedulerResourceId: resource.schedulerResourceId, storeServiceId: service.storeServiceId };
    const online = fill(apiPaths.schedulerResourceService, key);
    const links = () =>
      t.db
        .selectFrom('schedulerResourceServices')
        .select('deleted')
        .where('schedulerResourceId', '=', key.schedulerResourceId)
        .where('storeServiceId', '=', key.storeServiceId)
        .execute();

    expect((await call('admin', 'POST', online)).statusCode).toBe(201);
    expect((await call('admin', 'POST', online)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', online)).statusCode).toBe(204);
    expect((await call('admin', 'DELETE', online)).statusCode).toBe(204);
    expect(await links()).toEqual([{ deleted: true }]);
    expect((await call('admin', 'POST', online)).statusCode).toBe(201);
    expect(await links()).toEqual([{ deleted: false }]);

    const staff = { appointmentResourceId: resource.schedulerResourceId, storeServiceId: service.storeServiceId };
    expect((await call('admin', 'POST', apiPaths.appointmentResources, staff)).statusCode).toBe(201);
    expect((await call('user', 'GET', apiPaths.appointmentResources)).json().items).toContainEqual(staff);
    expect((await call('admin', 'DELETE', fill(apiPaths.appointmentResource, staff))).statusCode).toBe(204);
    expect((await call('user', 'GET', apiPaths.appointmentResources)).json().items).not.toContainEqual(staff);
  });

  it('refuses a link to a service of another store', async () => {
    const resource = await resourceWithTechnician();
    const foreign = await t.db.selectFrom('storeServices').select('storeServiceId').where('storeId', '=', stores[102]!).executeTakeFirstOrThrow();
    const answer = await call(
      'admin',
      'POST',
      fill(apiPaths.schedulerResourceService, { schedulerResourceId: resource.schedulerResourceId, storeServiceId: foreign.storeServiceId }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.storeServiceId).toEqual(['This store has no such service']);
  });

  it.each(['user', 'tech'])('%s@demo.test reads the resources but gets 403 from every write', async (who) => {
    const resource = await resourceWithTechnician();
    const service = await t.db.selectFrom('storeServices').select('storeServiceId').where('storeId', '=', stores[101]!).executeTakeFirstOrThrow();
    const key = { schedulerResourceId: resource.schedulerResourceId, storeServiceId: service.storeServiceId };
    expect((await call(who, 'GET', apiPaths.schedulerResources)).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', apiPaths.schedulerResources, { schedulerResourceId: randomUUID(), name: 'Mine', assignedTechnicianId: null, sortOrder: 9, isActive: true }],
      ['PATCH', fill(apiPaths.schedulerResource, resource), replace('name', 'Mine')],
      ['POST', fill(apiPaths.assignResourceTechnician, resource), undefined],
      ['POST', fill(apiPaths.schedulerResourceService, key), undefined],
      ['DELETE', fill(apiPaths.schedulerResourceService, key), undefined],
      ['POST', apiPaths.appointmentResources, { appointmentResourceId: key.schedulerResourceId, storeServiceId: key.storeServiceId }],
      ['DELETE', fill(apiPaths.appointmentResource, { appointmentResourceId: key.schedulerResourceId, storeServiceId: key.storeServiceId }), undefined],
    ] as [Method, string, unknown][]) {
      expect((await call(who, method, path, body)).statusCode, `${method} ${path}`).toBe(403);
    }
  });
});
