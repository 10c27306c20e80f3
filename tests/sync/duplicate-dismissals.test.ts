import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { takeVersions } from '../../server/db/versions.ts';
import { apiCall } from '../support/api.ts';
import { syncTestEnvironment } from '../support/sync-harness.ts';

const env = syncTestEnvironment();

const newCustomer = (firstName: string) => ({
  customerId: randomUUID(),
  firstName,
  lastName: 'Whitfield',
  companyName: null,
  email: null,
  phoneNumber: '(312) 555-0101',
  preferredContactMethod: 'Phone',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
});
const call = (method: 'POST', path: string, body: unknown) => apiCall(env.server.app, { method, path, token: env.token, store: env.store, body });

describe('"not the same person" said again for a pair whose dismissal was removed', () => {
  it('brings the tombstone back as the same row with a new version, which a device that already synced pulls', async () => {
    const db = env.server.database.db;
    const [a, b] = [newCustomer('Dana'), newCustomer('Dan')];
    for (const c of [a, b]) expect((await call('POST', apiPaths.customers, c)).statusCode).toBe(201);
    const first = await call('POST', apiPaths.notDuplicates, { customerId: a.customerId, otherCustomerId: b.customerId });
    expect(first.statusCode).toBe(201);
    const key = [first.json().customerId as string, first.json().otherCustomerId as string];

    const d = env.device();
    await d.engine.pull();
    expect(await d.db.collection('customerDuplicateDismissals').get(key)).toMatchObject({ customerId: key[0], otherCustomerId: key[1] });

    // Set-up: the pair removed, as a merge leaves it (a tombstone every device deletes).
    const tombstone = await db.transaction().execute(async (trx) => {
      const version = await takeVersions(trx);
      await trx
        .updateTable('customerDuplicateDismissals')
        .set({ deleted: true, version })
        .where('customerId', '=', key[0]!)
        .where('otherCustomerId', '=', key[1]!)
        .execute();
      return version;
    });
    await d.engine.pull();
    expect(await d.db.collection('customerDuplicateDismissals').get(key)).toBeUndefined();
    // A replicated row is never deleted on the server (DESIGN.md, sync protocol): a delete of this table fails the write.
    await sql`create function refuse_dismissal_delete() returns trigger language plpgsql as $$
      begin raise exception 'replicated rows are never deleted'; end $$`.execute(db);
    await sql`create trigger dismissals_never_deleted before delete on customer_duplicate_dismissals
      for each row execute function refuse_dismissal_delete()`.execute(db);

    const again = await call('POST', apiPaths.notDuplicates, { customerId: b.customerId, otherCustomerId: a.customerId });

    expect(again.statusCode).toBe(201);
    expect(again.json().version).toBeGreaterThan(tombstone);
    const stored = await db
      .selectFrom('customerDuplicateDismissals')
      .select(['deleted', 'version', 'dismissedOn'])
      .where('customerId', '=', key[0]!)
      .where('otherCustomerId', '=', key[1]!)
      .execute();
    expect(stored).toEqual([{ deleted: false, version: again.json().version, dismissedOn: again.json().dismissedOn }]);
    await d.engine.pull();
    expect(await d.db.collection('customerDuplicateDismissals').get(key)).toMatchObject({
      customerId: key[0],
      otherCustomerId: key[1],
      version: again.json().version,
    });
  });
});
