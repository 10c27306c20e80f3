import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuditRecord, RowHistory } from '../../../src/contract/audit-trail.ts';
import { activeStoreHeader, apiPaths } from '../../../src/contract/routes.ts';
import { isCollectionName, userOwnedCollections, type CollectionName } from '../../../src/contract/sync.ts';
import type { Role } from '../../../src/contract/enum-values.ts';
import { patchWithAccess, readAccess } from '../../../src/domain/app/visibility.ts';
import { isPlatformAdmin, rolesAtStore, storeAdmins } from '../../../src/domain/people/roles.ts';
import type { Auth, AuthUser } from '../../auth/auth.ts';
import type { Db } from '../../db/connect.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import type { ModuleContext } from '../context.ts';

const historyParams = z.object({
  collection: z.string().max(100),
  key: z.string().min(1, 'Name the row by its key').max(300, 'A row key is at most 300 characters'),
});

/** The newest changes a history answers: a row changed more often than this shows its latest ones. */
const recordsShown = 1000;
const notKept = 'No history is kept for this row: it does not exist, or its changes are older than the period the trail keeps.';

/** The stores whose rows' history the caller reads: those they are an admin of; every store of the company for PointSAdmin. */
function adminStores(user: AuthUser): number[] | 'all' {
  if (isPlatformAdmin(user.roles)) return 'all';
  return [...new Set(user.roles.filter((r) => r.storeId !== null && storeAdmins.includes(r.role)).map((r) => r.storeId!))];
}

/** The caller's roles for a record: at its store, or (a company-wide row) at any store they administer. */
function rolesFor(user: AuthUser, storeId: number | null): Role[] {
  if (storeId !== null) return rolesAtStore(user.roles, storeId);
  return [...new Set(user.roles.filter((r) => r.storeId === null || storeAdmins.includes(r.role)).map((r) => r.role))];
}

/**
 * The company whose rows are read: the active store's when the request names one (PointSAdmin may name any
 * store, of any company; anyone else only one they hold a role at), else the caller's own.
 */
async function companyRead(db: Db, auth: Auth, request: FastifyRequest, user: AuthUser): Promise<number> {
  if (request.headers[activeStoreHeader.toLowerCase()] === undefined) return user.companyId;
  const storeId = auth.activeStore(request, user);
  const store = await db.selectFrom('storeLocations').select('companyId').where('id', '=', storeId).executeTakeFirst();
  if (!store) throw new ProblemError('notFound', `Store ${storeId} does not exist.`);
  return store.companyId;
}

async function readHistory(db: Db, companyId: number, stores: number[] | 'all', collection: CollectionName, key: string) {
  let query = db
    .selectFrom('auditRecords')
    .select(['auditRecordId', 'storeId', 'action', 'changedBy', 'onBehalfOf', 'changedByName', 'deviceId', 'recordedAt', 'actedAt', 'patch'])
    .where('companyId', '=', companyId)
    .where('collection', '=', collection)
    .where('rowKey', '=', key);
  if (stores !== 'all') query = query.where((eb) => eb.or([eb('storeId', 'is', null), ...(stores.length > 0 ? [eb('storeId', 'in', stores)] : [])]));
  return (await query.orderBy('auditRecordId', 'desc').limit(recordsShown).execute()).reverse();
}

/**
 * A row's audit trail (issue 51, docs/decisions/data-and-api.md "Audit trail"): to a store's admins for their stores'
 * rows and the company-wide ones (customers, vehicles), to PointSAdmin for every store (of the active store's
 * company); anyone else is refused. Values are shown as the reader may read the row (contact details as the row's own rules say).
 */
export async function historyRoutes(app: FastifyInstance, { db, auth }: ModuleContext): Promise<void> {
  app.get(apiPaths.rowHistory, async (request): Promise<RowHistory> => {
    const user = await auth.authenticate(request);
    const stores = adminStores(user);
    if (stores !== 'all' && stores.length === 0) throw new ProblemError('forbidden', 'The history of changes is for store admins.');
    const { collection, key } = parseOrProblem(historyParams, request.params, 'The path');
    if (!isCollectionName(collection)) throw new ProblemError('notFound', `There is no collection named ${collection}.`);
    if (userOwnedCollections[collection] !== undefined)
      throw new ProblemError('forbidden', "A person's own notifications, settings and requests have no history for others.");
    const companyId = await companyRead(db, auth, request, user);
    const records: AuditRecord[] = [];
    for (const row of await readHistory(db, companyId, stores, collection, key)) {
      const patch = patchWithAccess(row.patch as AuditRecord['patch'], readAccess(rolesFor(user, row.storeId), collection));
      if (!patch) continue;
      const { storeId: _store, ...record } = row;
      records.push({ ...record, collection, key, patch });
    }
    if (records.length === 0) throw new ProblemError('notFound', notKept);
    return { collection, key, records };
  });
}
