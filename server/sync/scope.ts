import type { FastifyRequest } from 'fastify';
import jsonpatch, { type Operation } from 'fast-json-patch';
import type { z } from 'zod';
import type { Role } from '../../src/contract/enums.ts';
import { jsonPatchSchema } from '../../src/contract/user.ts';
import { hasRole } from '../../src/domain/roles.ts';
import type { Auth, AuthUser } from '../auth/auth.ts';
import type { Db } from '../db/connect.ts';
import { parseOrProblem, ProblemError } from '../http/problem.ts';

export interface StoreScope {
  user: AuthUser;
  storeId: number;
  companyId: number;
}

/** The caller, their active store and its company, once they hold one of `roles` there. */
export async function storeScope(db: Db, auth: Auth, request: FastifyRequest, roles: readonly Role[]): Promise<StoreScope> {
  const user = await auth.authenticate(request);
  const storeId = auth.activeStore(request, user);
  if (!hasRole(user.roles, storeId, roles)) throw new ProblemError('forbidden', 'Your role at this store does not allow this change.');
  const store = await db.selectFrom('storeLocations').select('companyId').where('id', '=', storeId).where('deleted', '=', false).executeTakeFirst();
  if (!store) throw new ProblemError('notFound', `Store ${storeId} does not exist.`);
  return { user, storeId, companyId: store.companyId };
}

/**
 * Applies a JSON patch to a row, allowing only the listed top-level fields, and checks the result against
 * the contract. Returns the new row and whether anything changed.
 */
export function patchRow<S extends z.ZodObject>(current: z.infer<S>, body: unknown, editable: readonly string[], schema: S): { next: z.infer<S>; changed: boolean } {
  const patch = parseOrProblem(jsonPatchSchema, body, 'The JSON patch document');
  for (const op of patch) {
    const field = op.path.split('/')[1] ?? '';
    if (!editable.includes(field)) {
      throw new ProblemError('validation', `The field "${field}" cannot be changed here.`, { errors: { [field || op.path]: ['Cannot be changed'] } });
    }
  }
  if (patch.length === 0) return { next: current, changed: false };
  let next: unknown;
  try {
    next = jsonpatch.applyPatch(structuredClone(current), patch as Operation[], true, false).newDocument;
  } catch (error) {
    throw new ProblemError('validation', `The patch cannot be applied: ${(error as Error).message}`);
  }
  const parsed = parseOrProblem(schema, next, 'The changed row');
  return { next: parsed, changed: jsonpatch.compare(current as object, parsed as object).length > 0 };
}

export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
