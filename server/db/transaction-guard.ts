import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dialect, Driver, Kysely, Transaction } from 'kysely';

/**
 * Inside a transaction only the transaction may be reached. PGlite has one connection: a query on the server's
 * handle while a transaction holds it waits for that transaction, which waits for the query, and every later
 * request waits behind both (issue 46 item 20). On PostgreSQL the same query reads around the transaction's
 * locks and can wait on them forever. So the server's handle refuses, at once, any query asked for from inside
 * a transaction opened by `transact`: the mistake is a clear 500 in the first test that reaches it, not a hang.
 */
const insideTransaction = new AsyncLocalStorage<true>();

export const serverHandleInsideTransaction =
  "A query on the server handle inside a write: inside a transaction, reach the database only through the transaction (the writer's trx).";

export class ServerHandleInsideTransaction extends Error {
  constructor() {
    super(serverHandleInsideTransaction);
    this.name = 'ServerHandleInsideTransaction';
  }
}

/**
 * The one way the server opens a transaction: `work` gets the transaction, and the server's handle refuses
 * every query `work` (or anything it starts) asks of it until the transaction ends.
 */
export function transact<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => insideTransaction.run(true, () => work(trx)));
}

/** A driver whose connections are refused to work running inside a transaction (the transaction's own is not asked again). */
function guardedDriver(driver: Driver): Driver {
  const acquire = driver.acquireConnection.bind(driver);
  driver.acquireConnection = async () => {
    if (insideTransaction.getStore()) throw new ServerHandleInsideTransaction();
    return acquire();
  };
  return driver;
}

/** `dialect` with its driver guarded: every handle the server opens is made with it (server/db/connect.ts). */
export function guardedDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => guardedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
