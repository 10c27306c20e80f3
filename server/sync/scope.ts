import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import jsonpatch, { type Operation } from 'fast-json-patch';
import type { z } from 'zod';
import type { Role } from '../../src/contract/enums.ts';
import { jsonPatchSchema } from '../../src/contract/user.ts';
import type { CollectionName } from '../../src/contract/sync.ts';
import { hasRole, rolesAtStore } from '../../src/domain/people/roles.ts';
import { collectionWords, readAccess, withAccess, type ReadAccess } from '../../src/domain/app/visibility.ts';
import type { Auth, AuthUser } from '../auth/auth.ts';
import type { Db } from '../db/connect.ts';
import { parseOrProblem, ProblemError } from '../http/problem.ts';
import { inVisitScope, type VisitScopedCollection } from './visit-scope.ts';

export interface StoreScope {
  user: AuthUser;
  storeId: number;
  companyId: number;
}

/** The scope of a user's own rows (notifications, preferences): their company, no store. */
export const ownScope = (user: AuthUser) => ({ user, companyId: user.companyId, storeId: null });

/** The caller's active store (of the header) and its company, or a 404 when it no longer exists. */
async function activeStore(db: Db, user: AuthUser, storeId: number): Promise<StoreScope> {
  const store = await db.selectFrom('storeLocations').select('companyId').where('id', '=', storeId).where('deleted', '=', false).executeTakeFirst();
  if (!store) throw new ProblemError('notFound', `Store ${storeId} does not exist.`);
  return { user, storeId, companyId: store.companyId };
}

/** The caller, their active store and its company, once they hold one of `roles` there (`what` they change, in words). */
export async function storeScope(db: Db, auth: Auth, request: FastifyRequest, roles: readonly Role[], what = 'this'): Promise<StoreScope> {
  const user = await auth.authenticate(request);
  const storeId = auth.activeStore(request, user);
  if (!hasRole(user.roles, storeId, roles)) throw new ProblemError('forbidden', `Your role at this store does not allow changing ${what}.`);
  return activeStore(db, user, storeId);
}

/**
 * The caller and their active store, once the visibility policy (src/domain/app/visibility.ts) lets their roles
 * there read `collection`, with what they may read of it: the same rule the change feed follows.
 */
export async function readScope(db: Db, auth: Auth, request: FastifyRequest, collection: CollectionName): Promise<StoreScope & { access: ReadAccess }> {
  const user = await auth.authenticate(request);
  const scope = await activeStore(db, user, auth.activeStore(request, user));
  const access = readAccess(rolesAtStore(scope.user.roles, scope.storeId), collection);
  if (access.kind === 'none') throw new ProblemError('forbidden', `Your role at this store does not allow reading ${collectionWords(collection)}.`);
  return { ...scope, access };
}

/**
 * The rows of a visit-scoped collection the reader may see, as SQL on the row's id column `key`: all of them, or
 * under the bay's access only those the store's calendar names (the same rule as the change feed's).
 */
export function readableRows(scope: StoreScope & { access: ReadAccess }, collection: VisitScopedCollection, key: RawBuilder<unknown>): RawBuilder<boolean> {
  if (scope.access.kind !== 'limited' || scope.access.rows !== 'visited') return sql<boolean>`true`;
  return inVisitScope(scope.companyId, scope.storeId, collection, key);
}

/**
 * A row read under a limited access: only if the store's calendar names it (a customer or vehicle of one of
 * its visits), with the fields the access grants; otherwise as if it did not exist.
 */
export async function asAccessAllows<T extends object>(
  db: Db,
  scope: StoreScope & { access: ReadAccess },
  key: 'customerId' | 'vehicleId',
  row: T,
  notFound: string,
): Promise<T> {
  if (scope.access.kind !== 'limited') return row;
  const collection = key === 'customerId' ? 'customers' : 'customerVehicles';
  const { rows } = await sql<{
    named: boolean;
  }>`select ${readableRows(scope, collection, sql`${String((row as Record<string, unknown>)[key])}::uuid`)} as named`.execute(db);
  if (!rows[0]?.named) throw new ProblemError('notFound', notFound);
  return withAccess(row as Record<string, unknown>, scope.access) as T;
}

/**
 * A row of `collection` as the caller's roles at the store let them read it (fields withheld are null), for
 * answers that carry rows to callers with a limited access: the bay's own writes answer the row without the
 * fields the feed withholds from it.
 */
export function asReadBy<T extends object>(scope: StoreScope, collection: CollectionName, row: T): T {
  return withAccess(row as Record<string, unknown>, readAccess(rolesAtStore(scope.user.roles, scope.storeId), collection)) as T;
}

/** Why a patch could not be applied, in our words (the library's message quotes the whole row). */
function patchProblem(error: { name?: string; index?: number }, patch: { op: string; path: string }[]): ProblemError {
  const op = error.index !== undefined ? patch[error.index] : undefined;
  const field = op?.path.split('/')[1] || '(row)';
  if (error.name === 'TEST_OPERATION_FAILED') {
    return new ProblemError(
      'conflict',
      `The patch tests ${op?.path ?? 'a field'} for a value it no longer has: the row changed since. Load it again and redo the change.`,
      { errors: { [field]: ['Not the value the patch expected'] } },
    );
  }
  if (error.name === 'OPERATION_PATH_UNRESOLVABLE' || error.name === 'OPERATION_FROM_UNRESOLVABLE') {
    return new ProblemError('validation', `The patch names ${op?.path ?? 'a path'}, which this row does not have.`, { errors: { [field]: ['No such field'] } });
  }
  return new ProblemError('validation', `The patch cannot be applied${op ? ` (its operation ${op.op} of ${op.path})` : ''}.`, {
    errors: { [field]: ['Cannot be applied'] },
  });
}

/**
 * Applies a JSON patch to a row, allowing only the listed top-level fields, and checks the result against
 * the contract. Returns the new row and whether anything changed.
 */
export function patchRow<S extends z.ZodObject>(
  current: z.infer<S>,
  body: unknown,
  editable: readonly string[],
  schema: S,
): { next: z.infer<S>; changed: boolean } {
  const patch = parseOrProblem(jsonPatchSchema, body, 'The JSON patch document');
  for (const op of patch) {
    // A move empties its `from` and a copy reads it: both are held to the editable fields, as `path` is.
    for (const pointer of 'from' in op ? [op.path, op.from] : [op.path]) {
      const field = pointer.split('/')[1] ?? '';
      if (!editable.includes(field)) {
        throw new ProblemError('validation', `The field "${field}" cannot be changed here.`, { errors: { [field || pointer]: ['Cannot be changed'] } });
      }
    }
  }
  if (patch.length === 0) return { next: current, changed: false };
  let next: unknown;
  try {
    next = jsonpatch.applyPatch(structuredClone(current), patch as Operation[], true, false).newDocument;
  } catch (error) {
    throw patchProblem(error as { name?: string; index?: number }, patch);
  }
  const parsed = parseOrProblem(schema, next, 'The changed row');
  return { next: parsed, changed: jsonpatch.compare(current as object, parsed as object).length > 0 };
}
