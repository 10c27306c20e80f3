import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/auth/auth.ts';
import { systemClock } from '../../server/clock.ts';
import { openPglite, type DatabaseHandle } from '../../server/db/connect.ts';
import { serverHandleInsideTransaction, transact } from '../../server/db/transaction-guard.ts';
import { WritePath } from '../../server/sync/write-path.ts';

/**
 * PGlite has one connection: a query on the server's handle inside a transaction would wait for the
 * transaction, which waits for it (issue 46 item 20). It is refused at once instead, and the database answers on.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite(null);
});
afterAll(async () => {
  await handle.close();
});

const selectOne = async (db: DatabaseHandle['db']) => (await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one;
const scope = { user: { userId: 'someone', name: 'Someone', roles: [], companyId: 1 } as unknown as AuthUser, companyId: 1, storeId: null };

describe("inside a write only the write's transaction is reached", () => {
  it('refuses a query on the server handle inside a transaction at once, and the database answers afterwards', async () => {
    await expect(transact(handle.db, async () => selectOne(handle.db))).rejects.toThrow(serverHandleInsideTransaction);
    expect(await selectOne(handle.db)).toBe(1);
  });

  it("refuses it in the write path's writes too, and keeps nothing the write did", async () => {
    await sql`create table if not exists guard_probe (id int primary key)`.execute(handle.db);
    const writes = new WritePath(handle.db, { publish: () => undefined }, systemClock);
    const write = writes.background(scope, async (w) => {
      await sql`insert into guard_probe values (1)`.execute(w.trx);
      return selectOne(handle.db);
    });
    await expect(write).rejects.toThrow(serverHandleInsideTransaction);
    expect((await sql`select * from guard_probe`.execute(handle.db)).rows).toEqual([]);
  });

  it('refuses it from work the transaction starts without waiting for it, as from the transaction itself', async () => {
    let started: Promise<unknown> = Promise.resolve();
    await transact(handle.db, async (trx) => {
      started = selectOne(handle.db);
      started.catch(() => undefined);
      return selectOne(trx);
    });
    await expect(started).rejects.toThrow(serverHandleInsideTransaction);
  });

  it('lets the transaction itself query, and the server handle once the transaction has ended', async () => {
    expect(await transact(handle.db, async (trx) => selectOne(trx))).toBe(1);
    expect(await selectOne(handle.db)).toBe(1);
  });
});
