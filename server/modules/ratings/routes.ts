import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ratingSchema, type Rating } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { ratingPatchableFields } from '../../../src/contract/writes.ts';
import type { Db } from '../../db/connect.ts';
import { takeVersions } from '../../db/versions.ts';
import { frontCounter } from '../../../src/domain/roles.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { patchRow, storeScope, type StoreScope } from '../../sync/scope.ts';
import { idempotentWrite } from '../../sync/write.ts';
import type { ModuleContext } from '../context.ts';

const columns = Object.keys(ratingSchema.shape) as (keyof Rating)[];
const params = z.object({ ratingId: z.uuid('The rating id must be a UUID') });

async function findRating(db: Db, scope: StoreScope, ratingId: string): Promise<Rating> {
  const row = await db.selectFrom('ratings').select(columns).where('ratingId', '=', ratingId).where('storeId', '=', scope.storeId).where('deleted', '=', false).executeTakeFirst();
  if (!row) throw new ProblemError('notFound', 'This rating does not exist at this store.');
  return row;
}

/** A rating of the active store, and marking it read (spec section 4 "Rating"). */
export async function ratingRoutes(app: FastifyInstance, { db, auth, events }: ModuleContext): Promise<void> {
  app.get(apiPaths.rating, async (request) => {
    const scope = await storeScope(db, auth, request, frontCounter);
    const { ratingId } = parseOrProblem(params, request.params, 'The path');
    return findRating(db, scope, ratingId);
  });

  app.patch(apiPaths.rating, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounter);
    const { ratingId } = parseOrProblem(params, request.params, 'The path');
    const result = await idempotentWrite(db, events, request, scope.user, async (trx) => {
      const current = await findRating(trx, scope, ratingId);
      const { next, changed } = patchRow(current, request.body, ratingPatchableFields, ratingSchema);
      if (!changed) return { status: 200, body: current, events: [] };
      const version = await takeVersions(trx, scope.companyId);
      await trx.updateTable('ratings').set({ isRead: next.isRead, version }).where('ratingId', '=', ratingId).execute();
      return { status: 200, body: next, events: [{ companyId: scope.companyId, storeId: scope.storeId, name: 'RatingViewedMessage', args: [ratingId] }] };
    });
    return reply.code(result.status).send(result.body);
  });
}
