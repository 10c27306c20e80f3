import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { atOnce } from '../support/concurrent-writes.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { newStoreModel } from '../support/store-fixtures.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

/**
 * The dashboard's store edit raced on PostgreSQL (texting-numbers.pg.test.ts races bare number claims): an edit
 * that also renames the store, and a number moved from one store to another while both edits are in flight.
 */
describe.skipIf(postgresUnavailable !== null)('store edits on PostgreSQL, with concurrent platform admins', () => {
  const t = postgresTestApp();
  let token: string;
  /** Store #1 of Race Tire Co and store #2 of Pace Tire Co. */
  const pair: { id: number; storeNumber: number }[] = [];
  beforeAll(async () => {
    token = await mintAccessToken(t.db, 'platform@demo.test', testPublicUrl);
    await t.db
      .insertInto('companies')
      .values([
        { alltracCompanyId: 3101, name: 'Race Tire Co' },
        { alltracCompanyId: 3102, name: 'Pace Tire Co' },
      ])
      .execute();
    for (const [storeNumber, alltracCompanyId] of [
      [1, 3101],
      [2, 3102],
    ] as const) {
      const created = await apiCall(t.app, {
        method: 'POST',
        path: apiPaths.storeLocations,
        token,
        body: { ...newStoreModel({ storeNumber }), alltracCompanyId },
      });
      expect(created.statusCode).toBe(201);
      pair.push({ id: created.json().id, storeNumber });
    }
  });
  const edit = (id: number, body: Record<string, unknown>) => ({
    method: 'PATCH' as const,
    path: apiPaths.storeLocation.replace(':id', String(id)),
    token,
    body,
  });
  const storeRow = (id: number) => t.db.selectFrom('storeLocations').select(['name', 'twilioPhoneNumber']).where('id', '=', id).executeTakeFirstOrThrow();
  const owners = (number: string) =>
    t.db.selectFrom('storeLocations').select('id').where('twilioPhoneNumber', '=', number).where('deleted', '=', false).execute();

  it('gives a number two stores are edited to at once to exactly one; the other keeps its name too, and is told which store won', async () => {
    for (let round = 0; round < 8; round++) {
      const number = `+1555012${String(round).padStart(4, '0')}`;
      const names = await Promise.all(pair.map(async (s) => (await storeRow(s.id)).name));
      const answers = await atOnce(
        t.app,
        pair.map((s) => edit(s.id, { name: `Round ${round} #${s.storeNumber}`, twilioPhoneNumber: number })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((a) => a.statusCode === 200);
      const loser = 1 - winner;
      expect(await owners(number)).toEqual([{ id: pair[winner]!.id }]);
      expect(await storeRow(pair[loser]!.id)).toMatchObject({ name: names[loser] });
      expect(answers[loser]!.json().errors.twilioPhoneNumber[0]).toContain(`store #${pair[winner]!.storeNumber} `);
    }
  });

  it('opens one of two stores opened with one store number at once, and tells the other which store has the number', async () => {
    for (let round = 0; round < 6; round++) {
      const storeNumber = 500 + round;
      const open = (name: string) => ({
        method: 'POST' as const,
        path: apiPaths.storeLocations,
        token,
        body: { ...newStoreModel({ storeNumber, name }), alltracCompanyId: 3101 },
      });
      const answers = await atOnce(t.app, [open(`Race North ${round}`), open(`Race South ${round}`)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const winner = answers.find((a) => a.statusCode === 201)!.json<{ name: string }>().name;
      expect(answers.find((a) => a.statusCode === 409)!.json().errors).toEqual({
        storeNumber: [`Store number ${storeNumber} is already used by ${winner}: choose another number`],
      });
      expect(await t.db.selectFrom('storeLocations').select('name').where('storeNumber', '=', storeNumber).execute()).toEqual([{ name: winner }]);
    }
  });

  it('never lets a number moved between stores at once end with two owners', async () => {
    for (let round = 0; round < 8; round++) {
      const number = `+1555013${String(round).padStart(4, '0')}`;
      const [from, to] = pair;
      expect((await apiCall(t.app, edit(from!.id, { twilioPhoneNumber: number }))).statusCode).toBe(200);
      await apiCall(t.app, edit(to!.id, { twilioPhoneNumber: null }));
      const [cleared, claimed] = await atOnce(t.app, [edit(from!.id, { twilioPhoneNumber: null }), edit(to!.id, { twilioPhoneNumber: number })]);
      expect(cleared!.statusCode).toBe(200);
      // The claim waits on the clearing edit when it comes second, and wins; sent first it meets the number still held.
      expect([200, 409]).toContain(claimed!.statusCode);
      expect(await owners(number)).toEqual(claimed!.statusCode === 200 ? [{ id: to!.id }] : []);
    }
  });
});
