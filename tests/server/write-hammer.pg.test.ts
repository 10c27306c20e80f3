import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import type { SyncChangesResponse } from '../../src/contract/sync-messages.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

const writers = 10;
const writesEach = 15;
const readers = 4;

describe.skipIf(postgresUnavailable !== null)('the write path and the change feed under load on PostgreSQL', () => {
  const t = postgresTestApp();
  let token: string;
  let store: number;

  beforeAll(async () => {
    token = await mintAccessToken(t.db, 'user@demo.test', testPublicUrl);
    store = (await demoStoreIds(t.db))[101]!;
  });

  it('gives every reader every change once and in order while many writers change rows of their own and rows they share', async () => {
    const shared = (await t.db.selectFrom('customers').select('customerId').where('deleted', '=', false).orderBy('customerId').limit(3).execute()).map(
      (c) => c.customerId,
    );
    const start = await apiCall(t.app, { method: 'GET', path: `${apiPaths.syncChanges}?since=0&limit=1`, token, store });
    expect(start.statusCode).toBe(200);
    // Readers start from a device that already synced: the newest version before the hammering.
    const floor = (
      await t.db
        .selectFrom('customers')
        .select((eb) => eb.fn.max('version').as('v'))
        .executeTakeFirstOrThrow()
    ).v as number;

    let writing = true;
    const read = async () => {
      const seen: { key: string; version: number; notes: unknown }[] = [];
      let cursor = Number(floor);
      const pull = async () => {
        for (let more = true; more; ) {
          const page = await apiCall(t.app, { method: 'GET', path: `${apiPaths.syncChanges}?since=${cursor}&limit=50`, token, store });
          expect(page.statusCode, page.body).toBe(200);
          const body = page.json<SyncChangesResponse>();
          for (const change of body.changes)
            if (change.collection === 'customers') seen.push({ key: change.key, version: change.version, notes: change.value.notes });
          cursor = body.cursor;
          more = body.hasMore;
        }
      };
      while (writing) await pull();
      await pull();
      return seen;
    };

    const write = async (writer: number) => {
      const own = randomUUID();
      const created = await apiCall(t.app, {
        method: 'POST',
        path: apiPaths.customers,
        token,
        store,
        body: {
          customerId: own,
          firstName: 'Hammer',
          lastName: `Writer ${writer}`,
          companyName: null,
          email: null,
          phoneNumber: `55555501${String(writer).padStart(2, '0')}`,
          preferredContactMethod: 'Phone',
          addressLine1: null,
          city: null,
          state: null,
          postalCode: null,
          notes: null,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      for (let i = 0; i < writesEach; i++) {
        const customerId = i % 3 === 0 ? shared[(writer + i) % shared.length]! : own;
        const answer = await apiCall(t.app, {
          method: 'PATCH',
          path: apiPaths.customer.replace(':customerId', customerId),
          token,
          store,
          body: [{ op: 'replace', path: '/notes', value: `writer ${writer} write ${i}` }],
        });
        expect(answer.statusCode, answer.body).toBe(200);
      }
    };

    const reading = Array.from({ length: readers }, read);
    await Promise.all(Array.from({ length: writers }, (_, i) => write(i)));
    writing = false;
    const seenByReader = await Promise.all(reading);

    const final = new Map(
      (await t.db.selectFrom('customers').select(['customerId', 'version', 'notes']).where('version', '>', Number(floor)).execute()).map((row) => [
        row.customerId,
        row,
      ]),
    );
    expect(final.size).toBe(writers + shared.length);
    for (const seen of seenByReader) {
      const versions = seen.map((s) => s.version);
      // Once and in order: the feed never repeats a version nor goes back.
      expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
      // Every row ends as the database holds it: nothing committed is skipped.
      const last = new Map(seen.map((s) => [s.key, s]));
      for (const [customerId, row] of final)
        expect(last.get(customerId), customerId).toEqual({ key: customerId, version: Number(row.version), notes: row.notes });
    }
  });
});
