import { Dexie, type Table, type Transaction } from 'dexie';
import type { Problem } from '../contract/problem.ts';
import { collectionNames, replicatedCollections, type CollectionName } from '../contract/sync.ts';
import { deviceOnlyFields, serviceStartField, withDerivedFields } from './derived-fields.ts';

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
  /** What the user did, in words, for the list of waiting and refused changes. */
  description: string;
  status: 'pending' | 'failed';
  attempts: number;
  createdAt: string;
  /**
   * The device-wide order of the user's changes, across every store they made changes at: entries are sent
   * in this order (absent in entries queued before it existed: their createdAt stands in).
   */
  order?: number;
  /** Entities (collection/key) this change refers to: it waits while one of them cannot be sent. */
  refs?: string[];
  /**
   * Entities (collection/key) whose waiting changes this one is part of (one user action, one verb: a quote's text
   * and the quote's save): it waits for them as for `refs`, and when the server refuses one of them, this change
   * is refused with it (never sent on its own), and tried again with it.
   */
  dependsOn?: string[];
  /** The entity whose refusal refused this change (dependsOn): trying that one again tries this one again too. */
  refusedWith?: string;
  /** The fields this change set and their values: a later change from elsewhere that replaces one is shown. */
  sets?: Row;
  /** The change removes the row from the device (a merged customer): the server's answer never brings it back. */
  removesRow?: boolean;
  /**
   * The change asks the server to act (send a report to the customer) and changes nothing on the device before
   * the server's answer: asked again while it waits, it goes once; asked again once refused, it replaces the
   * refusal; refused, it holds back none of its row's later changes, since none of them builds on it.
   */
  serverAction?: true;
  /** After a retryable answer (a 5xx for this change): not sent again before this time (epoch ms). */
  retryAt?: number;
  /** Why the last try did not go through, in words (waiting changes show it). */
  lastError?: string;
  /** The server's refusal, kept for the user to read before retrying or discarding. */
  problem?: Problem;
  /**
   * The entry sends a photo's bytes (photoBlobs, by the entry's key) in pieces to `path`, from where the server
   * says it got to: an upload cut off goes on, never doubles (DESIGN.md "Attachments").
   */
  upload?: { byteSize: number };
}

/**
 * A photo's bytes on this device (not replicated): the photos taken here until and after they are uploaded,
 * and those of other devices once shown here (fetched once, then shown offline).
 */
export interface PhotoBlob {
  inspectionPhotoId: string;
  blob: Blob;
}

/** The server's last copy of a row that has changes waiting, to put back if the user discards them. */
export interface ServerRow {
  entity: string;
  collection: CollectionName;
  key: string;
  /** null when the row exists only on this device (created offline). */
  value: Row | null;
}

/**
 * A change of this device the server has applied: the fields it set and the version it made. A later
 * version from elsewhere that sets one of those fields to something else is a conflict the user is shown.
 */
export interface LocalEdit {
  entity: string;
  sets: Row;
  version: number;
  at: string;
}

/** A change made here and overwritten by a later one from elsewhere: shown on the row's screen until dismissed. */
export interface Conflict {
  id?: number;
  entity: string;
  collection: CollectionName;
  key: string;
  field: string;
  mine: unknown;
  theirs: unknown;
  /** Who made the later change (their name), when the server says; null when it does not. */
  by: string | null;
  byUserId: string | null;
  at: string | null;
}

export interface SyncStateRow {
  name:
    | 'cursor'
    | 'epoch'
    | 'complete'
    | 'total'
    | 'pulled'
    | 'lastSyncedAt'
    | 'priorityCursor'
    | 'priorityComplete'
    /** The lowest version of a row skipped because this app did not know its collection, and the collections it knew. */
    | 'skippedSince'
    | 'skippedWith';
  value: unknown;
}

/** Indexes screens query, beyond each collection's key; every index costs write speed on a first sync. */
const indexes: Partial<Record<CollectionName, string[]>> = {
  scheduledServices: ['startDate', 'scheduledVisitId', 'resourceId'],
  // Cars still in the store's hands, by when it took them (derived-fields.ts: only those rows carry it); a period's
  // visits by a start of their services, as a read of the period last saw it (visits-by-service-start.ts).
  scheduledVisits: ['customerId', 'inHandSince', serviceStartField],
  blockedTimes: ['startDate'],
  customers: ['*searchTokens'],
  customerVehicles: ['customerId', '*searchTokens'],
  // Marked on the few incoming messages still to answer and unread ratings: the badges count those alone. A visit's
  // texts (only messages about a visit have visitId) tell home which cars ready for pickup were texted.
  storeMessages: ['sentOn', 'customerId', 'awaitingReply', 'visitId'],
  // The shell's average of every rating counts each score on this index, never reading a store's years of ratings.
  ratings: ['visitDate', 'unread', 'score'],
  inspectionItems: ['inspectionReportId'],
  inspectionPhotos: ['inspectionReportId'],
  // The bell's badge counts the unread ones (derived-fields.ts), not a user's whole history of notifications.
  userNotifications: ['dateAdded', 'unread'],
  specialStoreHours: ['date'],
  // The counter's tire finder: a size typed so far is a prefix of size keys; a brand or line narrows the rest.
  catalogueTires: ['sizeKey', 'productLineHashId', 'brandHashId'],
  catalogueProductLines: ['brandHashId'],
  // A customer's saved quotes, on their page and when the counter opens one again.
  tireQuotes: ['customerId'],
  // A catalogue's fixed prices, read whole by the counter and Retail Management (a few dozen: promotions).
  retailPriceCatalogPrices: ['retailPriceCatalogId'],
  // A visit's tires, on the bay's page of the visit and the counter's panel.
  visitTires: ['scheduledVisitId'],
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
  customerDuplicateDismissals: 4,
  storeLocations: 5,
  specialStoreHours: 5,
  storeStaff: 5,
  inspectionTemplates: 5,
  textStops: 6,
  messageTemplates: 6,
  inspectionReports: 7,
  inspectionItems: 7,
  inspectionPhotos: 7,
  catalogueBrands: 8,
  catalogueProductLines: 8,
  catalogueTires: 8,
  tireQuotes: 8,
  tireInstallPackages: 8,
  tireFees: 8,
  retailPriceCatalogPrices: 9,
  visitTires: 9,
};
/**
 * Indexes a later version added to a collection that existed before, with that version: Dexie builds them then,
 * and the upgrade gives the rows already here the derived fields those indexes are on. Version 11's visits by a start
 * of their services have no upgrade: the reads of a period mark the visits they find (visits-by-service-start.ts).
 * Version 12's ratings by score need none: the score is the row's own field, which IndexedDB indexes as it adds
 * the index; its unread notifications are marked in the upgrade (a user's notifications are a few thousand at most).
 */
const indexAddedInVersion: Partial<Record<CollectionName, Record<string, number>>> = {
  customers: { '*searchTokens': 4 },
  customerVehicles: { '*searchTokens': 4 },
  storeMessages: { awaitingReply: 10, visitId: 10 },
  ratings: { unread: 10, score: 12 },
  userNotifications: { unread: 12 },
  scheduledVisits: { inHandSince: 10, [serviceStartField]: 11 },
};
const reindexedIn = (c: CollectionName, version: number) => Object.values(indexAddedInVersion[c] ?? {}).includes(version);
/** Bookkeeping tables by the version that added them. */
const bookkeepingTables: Record<number, Record<string, string>> = {
  1: { outbox: '++seq, entity, status', serverRows: 'entity', syncState: 'name' },
  3: { localEdits: 'entity', conflicts: '++id, entity' },
  7: { photoBlobs: 'inspectionPhotoId' },
};
const latestVersion = 12;

/** A collection's schema at a version: indexes a later version added are not there yet. */
const tableSchema = (c: CollectionName, version = latestVersion) =>
  [primaryKey(c), ...(indexes[c] ?? []).filter((index) => version >= (indexAddedInVersion[c]?.[index] ?? 1))].join(', ');

/** The tables a version of the replica adds or reindexes (Dexie keeps those of earlier versions). */
function tablesAddedIn(version: number): Record<string, string> {
  const collections = collectionNames.filter((c) => (addedInVersion[c] ?? 1) === version || reindexedIn(c, version));
  return { ...Object.fromEntries(collections.map((c) => [c, tableSchema(c, version)])), ...bookkeepingTables[version] };
}

/** The whole schema of a version, for a database made in one step (the benchmark's baseline; a replica of an earlier app in tests). */
export const storeDbSchemaAt = (version: number): Record<string, string> =>
  Object.assign({}, ...Array.from({ length: version }, (_, i) => tablesAddedIn(i + 1)));
export const storeDbSchema = storeDbSchemaAt(latestVersion);

/** Whose replica of which store: a device is shared, and each user's data is their own (DESIGN.md). */
export interface ReplicaOwner {
  userId: string;
  storeId: number;
}

const replicaName = /^alltrac-([0-9a-f-]{36})-store-(\d+)$/;
export const storeDbName = ({ userId, storeId }: ReplicaOwner) => `alltrac-${userId}-store-${storeId}`;
/** Replicas made before they belonged to a user (app versions up to 0.1.1): adopted by the user then signed in. */
export const legacyStoreDbName = (storeId: number) => `alltrac-store-${storeId}`;
const legacyName = /^alltrac-store-(\d+)$/;

/** Every user's replicas in this browser profile (found without opening them, which would create them). */
export async function replicasOnDevice(factory: IDBFactory = indexedDB): Promise<ReplicaOwner[]> {
  return (await factory.databases()).flatMap((d) => {
    const match = replicaName.exec(d.name ?? '');
    return match ? [{ userId: match[1]!, storeId: Number(match[2]) }] : [];
  });
}

/** One user's replicas on this device, by store id. */
export async function replicaStoreIds(userId: string, factory: IDBFactory = indexedDB): Promise<number[]> {
  return (await replicasOnDevice(factory)).filter((r) => r.userId === userId).map((r) => r.storeId);
}

export async function legacyReplicaStoreIds(factory: IDBFactory = indexedDB): Promise<number[]> {
  return (await factory.databases()).flatMap((d) => {
    const match = legacyName.exec(d.name ?? '');
    return match ? [Number(match[1])] : [];
  });
}

export interface StoreDbOptions {
  durability?: 'strict' | 'default';
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Open a replica of the app before 0.2 (no owner in its name), to adopt what it holds. */
  legacy?: boolean;
}

/**
 * One user's replica of one store: every replicated collection, the outbox, the sync state and the conflict
 * notices, in one IndexedDB database. Open it twice when writing: `durability: 'strict'` for the outbox (a
 * change the user made must survive a crash), the browser's default for pulled pages (they can be fetched again).
 */
export class StoreDb extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  serverRows!: Table<ServerRow, string>;
  syncState!: Table<SyncStateRow, SyncStateRow['name']>;
  localEdits!: Table<LocalEdit, string>;
  conflicts!: Table<Conflict, number>;
  photoBlobs!: Table<PhotoBlob, string>;
  readonly storeId: number;

  constructor(
    readonly owner: ReplicaOwner,
    options: StoreDbOptions = {},
  ) {
    super(options.legacy ? legacyStoreDbName(owner.storeId) : storeDbName(owner), {
      chromeTransactionDurability: options.durability ?? 'default',
      ...(options.indexedDB ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange } : {}),
    });
    this.storeId = owner.storeId;
    for (let version = 1; version <= latestVersion; version += 1) {
      const declared = this.version(version).stores(tablesAddedIn(version));
      // Version 4 indexes customers and vehicles by search tokens: the rows already here get theirs.
      if (version === 4) {
        declared.upgrade(async (tx) => {
          for (const collection of ['customers', 'customerVehicles'] as const) {
            await tx
              .table(collection)
              .toCollection()
              .modify((row: Row) => {
                withDerivedFields(collection, row);
              });
          }
        });
      }
      if (version === 10) declared.upgrade(markRowsHere);
      // Written back only where the upgrade set a mark (the unread ones): modify leaves a row whose callback says false.
      if (version === 12)
        declared.upgrade((tx) =>
          tx
            .table('userNotifications')
            .toCollection()
            .modify((row: Row) => withDerivedFields('userNotifications', row).unread !== undefined),
        );
    }
  }

  collection(name: CollectionName): Table<Row, unknown> {
    return this.table(name);
  }

  /** A collection read as rows of its contract type (screens; the sync engine writes untyped rows). */
  rows<T>(name: CollectionName): Table<T, unknown> {
    return this.table(name);
  }
}

/** The look-back of cars in hand home reads (workers/home-figures.ts), with a margin: the visits version 10 marks. */
const markedVisitsSinceDays = 16;

/**
 * Version 10 marks incoming messages to answer, unread ratings and cars in the store's hands (derived-fields.ts):
 * the rows already here get their marks, read in one go each (a store's years of messages and ratings are tens of
 * thousands of small rows) and written back only where a mark was set. Visits are those of services from the
 * look-back on (a store's history of visits is far larger, and a car taken in before that is no longer counted);
 * a visit outside it is marked by its next change.
 */
async function markRowsHere(tx: Transaction): Promise<void> {
  const since = new Date(Date.now() - markedVisitsSinceDays * 86_400_000).toISOString();
  const services = (await tx.table('scheduledServices').where('startDate').aboveOrEqual(since).toArray()) as { scheduledVisitId: string }[];
  const rowsOf: [CollectionName, () => Promise<Row[]>][] = [
    ['storeMessages', () => tx.table('storeMessages').toArray()],
    ['ratings', () => tx.table('ratings').toArray()],
    [
      'scheduledVisits',
      async () => (await tx.table('scheduledVisits').bulkGet([...new Set(services.map((s) => s.scheduledVisitId))])).filter((v): v is Row => v !== undefined),
    ],
  ];
  for (const [collection, read] of rowsOf) {
    const marks = Object.entries(indexAddedInVersion[collection] ?? {})
      .filter(([field, version]) => version === 10 && deviceOnlyFields.has(field))
      .map(([field]) => field);
    const marked = (await read()).filter((row) => marks.some((field) => withDerivedFields(collection, row)[field] !== undefined));
    if (marked.length > 0) await tx.table(collection).bulkPut(marked);
  }
}

/** The key a collection's table is indexed by, from a row: a value, or an array for compound keys. */
export function dexieKey(collection: CollectionName, row: Row): unknown {
  const fields = replicatedCollections[collection].key;
  return fields.length === 1 ? row[fields[0]!] : fields.map((f) => row[f]);
}

/** The Dexie key of a row from its key string (its key fields joined by "/", numbers as numbers). */
export function keyFromString(collection: CollectionName, key: string): unknown {
  // Ids are uuids or numbers (a store's id): a key of digits only is a number.
  const part = (p: string) => (/^\d+$/.test(p) ? Number(p) : p);
  if (replicatedCollections[collection].key.length === 1) return part(key);
  return key.split('/').map(part);
}
