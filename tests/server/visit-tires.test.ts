import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import type { VisitTire } from '../../src/contract/visit-tires.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
let t: TestApp;
let stores: Record<number, number>;
let tech: string;
let user: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  stores = await demoStoreIds(t.db);
  tech = await accessTokenFor(t.app, 'tech@demo.test');
  user = await accessTokenFor(t.app, 'user@demo.test');
  admin = await accessTokenFor(t.app, 'admin@demo.test');
});
afterAll(async () => {
  await t.close();
});

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);
let used = 0;
async function openVisit(storeNumber = 101) {
  return (
    await t.db
      .selectFrom('scheduledVisits')
      .select('scheduledVisitId')
      .where('storeId', '=', stores[storeNumber]!)
      .where('cancelDate', 'is', null)
      .where('deleted', '=', false)
      .orderBy('scheduledVisitId')
      .offset(used++)
      .limit(1)
      .executeTakeFirstOrThrow()
  ).scheduledVisitId;
}
const catalogueTire = async () =>
  (await t.db.selectFrom('tires').select('tireId').where('deleted', '=', false).orderBy('tireId').executeTakeFirstOrThrow()).tireId;
const addTires = (token: string, scheduledVisitId: string, tires: unknown[], store = stores[101]) =>
  apiCall(t.app, { method: 'POST', path: path(apiPaths.visitTires, { scheduledVisitId }), token, store, body: { tires } });
const recordDot = (token: string, visitTireId: string, dotCode: string | null) =>
  apiCall(t.app, { method: 'PUT', path: path(apiPaths.visitTireDot, { visitTireId }), token, store: stores[101], body: { dotCode } });
const fourOf = (tireId: string | null) =>
  Array.from({ length: 4 }, (_, position) => ({ visitTireId: randomUUID(), tireId, description: 'Demo Touring 225/65R17 102H', position }));

describe("a visit's tires", () => {
  it('are added by the counter, once however often the device sends them, and read by the bay with no price', async () => {
    const scheduledVisitId = await openVisit();
    const tires = fourOf(await catalogueTire());
    const added = await addTires(user, scheduledVisitId, tires);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<VisitTire[]>().map((r) => [r.visitTireId, r.dotCode])).toEqual(tires.map((r) => [r.visitTireId, null]));
    const replay = await addTires(user, scheduledVisitId, tires);
    expect([replay.statusCode, replay.json<VisitTire[]>()]).toEqual([200, []]);
    const stored = await t.db.selectFrom('visitTires').select('visitTireId').where('scheduledVisitId', '=', scheduledVisitId).execute();
    expect(stored).toHaveLength(4);
    expect((await addTires(tech, scheduledVisitId, fourOf(null))).statusCode).toBe(403);
  });

  it("are at most 8 on a visit, of the catalogue or typed, never on a canceled visit or another store's", async () => {
    const scheduledVisitId = await openVisit();
    expect((await addTires(user, scheduledVisitId, fourOf(null))).statusCode).toBe(201);
    const ninth = await addTires(user, scheduledVisitId, [...fourOf(null), { visitTireId: randomUUID(), tireId: null, description: 'Spare', position: 4 }]);
    expect(ninth.statusCode).toBe(400);
    expect(ninth.json<{ errors: Record<string, string[]> }>().errors.tires).toEqual(['A visit fits at most 8 tires; this one has 4 already']);
    const unknown = await addTires(user, scheduledVisitId, [{ visitTireId: randomUUID(), tireId: randomUUID(), description: 'A tire', position: 4 }]);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors.tires).toEqual(['A tire is no longer in the catalogue: quote it again']);
    const elsewhere = await addTires(admin, await openVisit(102), fourOf(null), stores[101]);
    expect(elsewhere.statusCode).toBe(404);
    await t.db.updateTable('scheduledVisits').set({ cancelDate: clock.now().toISOString() }).where('scheduledVisitId', '=', scheduledVisitId).execute();
    const canceled = await addTires(user, scheduledVisitId, [{ visitTireId: randomUUID(), tireId: null, description: 'Spare', position: 4 }]);
    expect([canceled.statusCode, canceled.json<{ detail: string }>().detail]).toEqual([409, 'This visit was canceled: it fits no tires.']);
    expect(await t.db.selectFrom('visitTires').select('visitTireId').where('scheduledVisitId', '=', scheduledVisitId).execute()).toHaveLength(4);
  });

  it('take the DOT code the bay reads off each, as typed, with who and when; a misread code is refused in words and changes nothing', async () => {
    const scheduledVisitId = await openVisit();
    const [first] = fourOf(null);
    await addTires(user, scheduledVisitId, [first]);
    const read = await recordDot(tech, first!.visitTireId, 'dot u2ll lmlr 5023');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<VisitTire>()).toMatchObject({ dotCode: 'DOT U2LLLMLR5023', dotRecordedAt: clock.now().toISOString(), dotRecordedBy: 'Theo Technician' });
    const misread = await recordDot(tech, first!.visitTireId, 'DOT U2LO LMLR 5023');
    expect(misread.statusCode).toBe(400);
    expect(misread.json<{ errors: Record<string, string[]> }>().errors.dotCode).toEqual(['A DOT code never uses the letter O: is it 0?']);
    const row = await t.db.selectFrom('visitTires').select('dotCode').where('visitTireId', '=', first!.visitTireId).executeTakeFirstOrThrow();
    expect(row.dotCode).toBe('DOT U2LLLMLR5023');
    const cleared = await recordDot(user, first!.visitTireId, null);
    expect(cleared.json<VisitTire>()).toMatchObject({ dotCode: null, dotRecordedAt: null, dotRecordedBy: null });
    expect((await recordDot(tech, randomUUID(), 'DOT U2LLLMLR5023')).statusCode).toBe(404);
  });

  it.each([
    // The server's clock reads Monday 3 June 2030, week 23 of 2030: a later week has not come.
    ['DOT 1HJ 2A 7LMX 2430', 'The date 2430 names week 24 of 2030, which has not come yet: check the code'],
    ['DOT U2LL LMLR 0130', 'A tire made from April 2025 has 13 symbols after DOT and this code has 12: check for a missing one'],
    ['DOT 1HJ 2A 7LMX 1214', 'The date 1214 names week 12 of 2014, but a code of 13 symbols is the form plants moulded from 2015: check for one typed twice'],
    ['DOT U2LL LMLR 5423', 'The date 5423 names week 54: a year has weeks 01 to 53'],
  ])('refuse %j with a problem detail (%s) and store nothing', async (typed, message) => {
    const scheduledVisitId = await openVisit();
    const [first] = fourOf(null);
    await addTires(user, scheduledVisitId, [first]);
    const before = await t.db.selectFrom('visitTires').selectAll().where('visitTireId', '=', first!.visitTireId).executeTakeFirstOrThrow();
    const refused = await recordDot(tech, first!.visitTireId, typed);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json<{ status: number; errors: Record<string, string[]> }>()).toMatchObject({ status: 400, errors: { dotCode: [message] } });
    expect(await t.db.selectFrom('visitTires').selectAll().where('visitTireId', '=', first!.visitTireId).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('take a code of the current week, in the 13-symbol form', async () => {
    const scheduledVisitId = await openVisit();
    const [first] = fourOf(null);
    await addTires(user, scheduledVisitId, [first]);
    const read = await recordDot(tech, first!.visitTireId, 'DOT 1HJ 2A 7LMX 2330');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<VisitTire>().dotCode).toBe('DOT 1HJ2A7LMX2330');
  });

  it('are taken off by the counter, twice as once, and not by the bay', async () => {
    const scheduledVisitId = await openVisit();
    const [first] = fourOf(null);
    await addTires(user, scheduledVisitId, [first]);
    const remove = (token: string, visitTireId: string) =>
      apiCall(t.app, { method: 'DELETE', path: path(apiPaths.visitTire, { visitTireId }), token, store: stores[101] });
    expect((await remove(tech, first!.visitTireId)).statusCode).toBe(403);
    expect((await remove(user, first!.visitTireId)).statusCode).toBe(204);
    expect((await remove(user, first!.visitTireId)).statusCode).toBe(204);
    expect((await remove(user, randomUUID())).statusCode).toBe(404);
    const row = await t.db.selectFrom('visitTires').select('deleted').where('visitTireId', '=', first!.visitTireId).executeTakeFirstOrThrow();
    expect(row.deleted).toBe(true);
  });
});
