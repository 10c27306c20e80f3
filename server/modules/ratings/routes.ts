import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ratingSchema, type Rating } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { ratingPatchableFields } from '../../../src/contract/writes.ts';
import { takeVersions } from '../../db/versions.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { frontCounterRoles, patchRow, storeScope } from '../../sync/scope.ts';
import { idempotentWrite } from '../../sync/write.ts';
import type { ModuleContext } from '../context.ts';

const columns = Object.keys(ratingSchema.shape) as (keyof Rating)[];
const params = z.object({ ratingId: z.uuid('The rating id must be a UUID') });

/** A rating of the active store, and marking it read (spec section 4 "Rating"). */
export async function ratingRoutes(app: FastifyInstance, { db, auth, events }: ModuleContext): Promise<void> {
  app.get(apiPaths.rating, async (request) => {
    const scope = await storeScope(db, auth, request, frontCounterRoles);
    const { ratingId } = parseOrProblem(params, request.params, 'The path');
    const row = await db.selectFrom('ratings').select(columns).where('ratingId', '=', ratingId).where('storeId', '=', scope.storeId).where('deleted', '=', false).executeTakeFirst();
    if (!row) throw new ProblemError('notFound', 'This rating does not exist at this store.');
    return row;
  });

  app.patch(apiPaths.rating, async (request, reply) => {
    const scope = await storeScope(db, auth, request, frontCounterRoles);
    const { ratingId } = parseOrProblem(params, request.params, 'The path');
    const result = await idempotentWrite(db, events, request, scope.user, async (trx) => {
      const current = await trx.selectFrom('ratings').select(columns).where('ratingId', '=', ratingId).where('storeId', '=', scope.storeId).where('deleted', '=', false).executeTakeFirst();
      if (!current) throw new ProblemError('notFound', 'This rating does not exist at this store.');
      const { next, changed } = patchRow(current, request.body, ratingPatchableFields, ratingSchema);
      if (!changed) return { status: 200, body: current, events: [] };
      const version = await takeVersions(trx, scope.companyId);
      await trx.updateTable('ratings').set({ isRead: next.isRead, version }).where('ratingId', '=', ratingId).execute();
      return { status: 200, body: next, events: [{ companyId: scope.companyId, storeId: scope.storeId, name: 'RatingViewedMessage', args: [ratingId] }] };
    });
    return reply.code(result.status).send(result.body);
  });
}
