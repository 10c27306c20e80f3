import { Dexie, type Table } from 'dexie';
import type { Problem } from '../contract/problem.ts';
import { collectionNames, replicatedCollections, type CollectionName } from '../contract/sync.ts';

export type Row = Record<string, unknown>;

/** A change made on this device, waiting to be sent (or refused by the server and kept for the user). */
export interface OutboxEntry {
  seq?: number;
  /** collection/key of the row it changes: entries of one row are sent in order, one at a time. */
  entity: string;
  collection: CollectionName;
  key: string;
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** Sent with every try, so the server applies the change once however often it arrives. */
  idempotencyKey: string;
  /** What the user did, in words, for the list of failed changes. */
  description: string;
  status: 'pending' | 'failed';
  attempts: number;
  createdAt: string;
  /** The server's refusal, kept for the user to read before retrying or discarding. */
  problem?: Problem;
}

/** The server's last copy of a row that has changes waiting, to put back if the user discards them. */
export interface ServerRow {
  entity: string;
  collection: CollectionName;
  key: string;
  /** null when the row exists only on this device (created offline). */
  value: Row | null;
}

export interface SyncStateRow {
  name: 'cursor' | 'epoch' | 'complete' | 'total' | 'pulled' | 'lastSyncedAt' | 'priorityCursor' | 'priorityComplete';
  value: unknown;
}

/** Indexes screens query, beyond each collection's key; every index costs write speed on a first sync. */
const indexes: Partial<Record<CollectionName, string[]>> = {
  scheduledServices: ['startDate', 'scheduledVisitId', 'resourceId'],
  scheduledVisits: ['customerId'],
  blockedTimes: ['startDate'],
  customerVehicles: ['customerId'],
  storeMessages: ['sentOn', 'customerId'],
  ratings: ['visitDate'],
  userNotifications: ['dateAdded'],
};

function primaryKey(collection: CollectionName): string {
  const key = replicatedCollections[collection].key;
  return key.length === 1 ? key[0]! : `[${key.join('+')}]`;
}

/**
 * Collections added after the first version of the replica, with the version that added them. A new
 * collection needs no upgrade function: its rows arrive with the feed, since they carry new versions.
 */
const addedInVersion: Partial<Record<CollectionName, number>> = {
  notificationPreferences: 2,
  supportRequests: 2,
};
const latestVersion = 2;

const tableSchema = (c: CollectionName) => [primaryKey(c), ...(indexes[c] ?? [])].join(', ');

/** The tables a version of the replica adds (Dexie keeps those of earlier versions). */
function tablesAddedIn(version: number): Record<string, string> {
  const collections = collectionNames.filter((c) => (addedInVersion[c] ?? 1) === version);
  const bookkeeping: Record<string, string> = version === 1 ? { outbox: '++seq, entity, status', serverRows: 'entity', syncState: 'name' } : {};
  return { ...Object.fromEntries(collections.map((c) => [c, tableSchema(c)])), ...bookkeeping };
}

/** The whole schema of the latest version, for a database made in one step (the benchmark's baseline). */
export const storeDbSchema: Record<string, string> = Object.assign({}, ...Array.from({ length: latestVersion }, (_, i) => tablesAddedIn(i + 1)));

export const storeDbPrefix = 'alltrac-store-';
export const storeDbName = (storeId: number) => `${storeDbPrefix}${storeId}`;

/** The stores that have a replica in this browser profile (without opening, which would create one). */
export async function replicaStoreIds(factory: IDBFactory = indexedDB): Promise<number[]> {
  return (await factory.databases()).map((d) => d.name ?? '').filter((name) => name.startsWith(storeDbPrefix))
    .map((name) => Number(name.slice(storeDbPrefix.length)));
}

/**
 * One store's replica: every replicated collection, the outbox and the sync state, in one IndexedDB
 * database. Open it twice when writing: `durability: 'strict'` for the outbox (a change the user made must
 * survive a crash), the browser's default for pulled pages (they can be fetched again).
 */
export class StoreDb extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  serverRows!: Table<ServerRow, string>;
  syncState!: Table<SyncStateRow, SyncStateRow['name']>;

  constructor(readonly storeId: number, options: { durability?: 'strict' | 'default'; indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {}) {
    super(storeDbName(storeId), {
      chromeTransactionDurability: options.durability ?? 'default',
      ...(options.indexedDB ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange } : {}),
    });
    for (let version = 1; version <= latestVersion; version += 1) this.version(version).stores(tablesAddedIn(version));
  }

  collection(name: CollectionName): Table<Row, unknown> {
    return this.table(name);
  }

  /** A collection read as rows of its contract type (screens; the sync engine writes untyped rows). */
  rows<T>(name: CollectionName): Table<T, unknown> {
    return this.table(name);
  }
}

/** The key a collection's table is indexed by, from a row: a value, or an array for compound keys. */
export function dexieKey(collection: CollectionName, row: Row): unknown {
  const fields = replicatedCollections[collection].key;
  return fields.length === 1 ? row[fields[0]!] : fields.map((f) => row[f]);
}
