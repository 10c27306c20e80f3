import type { Transaction } from 'kysely';
import type { AuditAction } from '../../src/contract/audit-trail.ts';
import { isCollectionName, replicatedCollections, rowKey, type CollectionName } from '../../src/contract/sync.ts';
import type { Database } from '../db/schema.ts';

type Row = Record<string, unknown>;
type PatchOp = { op: 'add' | 'replace' | 'test'; path: string; value: unknown } | { op: 'remove'; path: string };

/** Who made a write and from where: a person's request, or the system (a job, a customer's page) for someone or no one. */
export interface WriteOrigin {
  system: boolean;
  /** The device the request named (X-AllTrac-Device), when it named one. */
  deviceId: string | null;
  /** When the person did it by their device (Occurred-At, bounded by actionTime), when the request said. */
  actedAt: string | null;
}

/** The collection of each replicated table, by the table's name as queries spell it (customerVehicles, tires). */
const collectionOfTable = new Map<string, CollectionName>(
  Object.entries(replicatedCollections).map(([collection, { table }]) => [
    table.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
    collection as CollectionName,
  ]),
);

/** The collection a table replicates as (a versioned table no device holds is named by itself). */
export function collectionOf(table: string): string {
  return collectionOfTable.get(table) ?? table;
}

/** A row's key as the change feed names it (rowKey), or for a table no device holds, its id fields joined by "/". */
function keyOf(collection: string, row: Row): string {
  if (isCollectionName(collection)) return rowKey(collection, row);
  return Object.keys(row)
    .filter((field) => field.endsWith('Id') && field !== 'companyId')
    .map((field) => String(row[field]))
    .join('/');
}

const pointer = (field: string) => `/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`;
/** A value as JSON keeps it (undefined is no JSON): a field the row lacks is null. */
const valueOf = (row: Row, field: string) => row[field] ?? null;

/** The JSON patch of a row made: each field added. */
export function createPatch(fields: readonly string[], row: Row): PatchOp[] {
  return fields.map((field): PatchOp => ({ op: 'add', path: pointer(field), value: valueOf(row, field) }));
}

/** The JSON patch of fields changed: each tested for its value before, then replaced. */
export function changePatch(fields: readonly string[], before: Row, after: Row): PatchOp[] {
  return fields.flatMap((field): PatchOp[] => [
    { op: 'test', path: pointer(field), value: valueOf(before, field) },
    { op: 'replace', path: pointer(field), value: valueOf(after, field) },
  ]);
}

/** The JSON patch of a row removed: every field tested for its value before, the fields set on the way replaced, the row removed. */
export function deletePatch(fields: readonly string[], before: Row, set: Row): PatchOp[] {
  return [
    ...fields.map((field): PatchOp => ({ op: 'test', path: pointer(field), value: valueOf(before, field) })),
    ...Object.keys(set).map((field): PatchOp => ({ op: 'replace', path: pointer(field), value: valueOf(set, field) })),
    { op: 'remove', path: '' },
  ];
}

const rowsPerInsert = 1000;

/** One change of one row, as the trail keeps it. */
export interface AuditEntry {
  table: string;
  /** The row's store (null for company-wide rows). */
  storeId: number | null;
  /** The row's key fields (and any others: only the key's are read). */
  key: Row;
  action: AuditAction;
  patch: PatchOp[];
}

/**
 * The changes one write transaction makes, kept until its end and then written in one insert (one statement
 * whatever the number of rows it changed), inside the same transaction: no change commits without its record.
 */
export class AuditTrail {
  private readonly entries: AuditEntry[] = [];

  constructor(
    private readonly who: { companyId: number; userId: string | null; name: string | null },
    private readonly origin: WriteOrigin,
    private readonly now: Date,
  ) {}

  add(entry: AuditEntry): void {
    this.entries.push(entry);
  }

  async write(trx: Transaction<Database>): Promise<void> {
    if (this.entries.length === 0) return;
    const { companyId, userId, name } = this.who;
    const { system, deviceId, actedAt } = this.origin;
    const recordedAt = this.now.toISOString();
    const rows = this.entries.splice(0).map((entry) => {
      const collection = collectionOf(entry.table);
      return {
        companyId,
        storeId: entry.storeId,
        collection,
        rowKey: keyOf(collection, { storeId: entry.storeId, ...entry.key }),
        action: entry.action,
        changedBy: system ? null : userId,
        onBehalfOf: system ? userId : null,
        changedByName: name,
        deviceId,
        recordedAt,
        actedAt,
        patch: JSON.stringify(entry.patch),
      };
    });
    // A merge can move thousands of rows: inserts of a bounded size stay under PostgreSQL's limit of parameters.
    for (let start = 0; start < rows.length; start += rowsPerInsert)
      await trx
        .insertInto('auditRecords')
        .values(rows.slice(start, start + rowsPerInsert))
        .execute();
  }
}
