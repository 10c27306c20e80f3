import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { storeServiceSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { parseODataQuery, runODataList, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import type { ModuleContext } from '../context.ts';

const columns = Object.keys(storeServiceSchema.shape) as (keyof typeof storeServiceSchema.shape)[];
const resource: ODataResource = { fields: Object.fromEntries(columns.map((c) => [c, c])), schema: storeServiceSchema };
const hashParams = z.object({ storeServiceHashId: z.string().min(1).max(64) });

/** The active store's services (spec section 7 "Store services"), read side. */
export async function storeServiceRoutes(app: FastifyInstance, { db, auth }: ModuleContext): Promise<void> {
  app.get(apiPaths.storeServices, async (request) => {
    const user = await auth.authenticate(request);
    const storeId = auth.activeStore(request, user);
    const query = parseODataQuery(request.query as Record<string, unknown>, resource);
    const base = db.selectFrom('storeServices').select(columns).where('storeId', '=', storeId).where('deleted', '=', false);
    return runODataList(base, query, resource, 'storeServiceId');
  });

  app.get(apiPaths.storeService, async (request) => {
    const user = await auth.authenticate(request);
    const storeId = auth.activeStore(request, user);
    const { storeServiceHashId } = parseOrProblem(hashParams, request.params, 'The path');
    const service = await db.selectFrom('storeServices').select(columns)
      .where('storeId', '=', storeId).where('storeServiceHashId', '=', storeServiceHashId).where('deleted', '=', false)
      .executeTakeFirst();
    if (!service) throw new ProblemError('notFound', 'This store has no such service.');
    return service;
  });
}
