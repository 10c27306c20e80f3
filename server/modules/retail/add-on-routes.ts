import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { tirePurchaseAddOnSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { createTirePurchaseAddOnSchema, tirePurchaseAddOnPatchableFields } from '../../../src/contract/writes.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import { parseODataQuery, runODataList, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { searchText, wordsBegin } from '../../http/search.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import { findRow, type RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { lockPackagesOf, unbundleAddOn } from './install-package-routes.ts';

export const tirePurchaseAddOns: RowSpec<typeof tirePurchaseAddOnSchema> = {
  table: 'tirePurchaseAddOns',
  schema: tirePurchaseAddOnSchema,
  scope: 'store',
  notFound: 'This store has no such tire purchase add-on.',
  exists: 'An add-on with this id already exists.',
};

const columns = Object.keys(tirePurchaseAddOnSchema.shape) as (keyof typeof tirePurchaseAddOnSchema.shape)[];
const resource: ODataResource = { fields: Object.fromEntries(columns.map((c) => [c, c])), schema: tirePurchaseAddOnSchema };
const params = z.object({ tirePurchaseAddOnId: z.uuid('The add-on id must be a UUID') });
const what = "the store's tire purchase add-ons";

/** A name of spaces only names nothing (the schema counts characters). */
const nameProblems = (addOn: { name: string }): Record<string, string[]> => (addOn.name.trim() === '' ? { name: ['Name the add-on'] } : {});

/**
 * Tire purchase add-ons (spec section 7): what a tire sale adds per tire or per job (mounting, balancing, valve
 * stems/TPMS service, disposal, tire tax, shop expenses, other items). The front counter reads the active
 * store's list to quote; its admins (Retail Management) add, change and remove them. Rows carry the device-made
 * id; a removed add-on is a tombstone, so every device drops it.
 */
export async function tirePurchaseAddOnRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.tirePurchaseAddOns, async (request) => {
    const scope = await readScope(db, auth, request, 'tirePurchaseAddOns');
    const { search, ...rest } = request.query as Record<string, unknown>;
    const text = searchText({ search });
    let base = db
      .selectFrom('tirePurchaseAddOns')
      .select(columns)
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    if (text) base = base.where(wordsBegin(sql.ref('name'), text));
    const query = parseODataQuery(rest, resource);
    // By category, then name: the order of the Retail Management list and of a quote's lines.
    const ordered =
      query.orderBy.length > 0
        ? query
        : {
            ...query,
            orderBy: [
              { field: 'category', direction: 'asc' as const },
              { field: 'name', direction: 'asc' as const },
            ],
          };
    return runODataList(base, ordered, resource, 'tirePurchaseAddOnId');
  });

  app.get(apiPaths.tirePurchaseAddOn, async (request) => {
    const scope = await readScope(db, auth, request, 'tirePurchaseAddOns');
    return findRow(db, tirePurchaseAddOns, scope, parseOrProblem(params, request.params, 'The path'));
  });

  app.post(apiPaths.tirePurchaseAddOns, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const model = parseOrProblem(createTirePurchaseAddOnSchema, request.body, 'The add-on');
    refuseProblems(nameProblems(model), 'The add-on');
    const result = await writes.run(request, scope, async (w) => {
      const row = await w.create(tirePurchaseAddOns, { ...model, name: model.name.trim() });
      w.event(tirePurchaseAddOns, row, 'ReplicaChanged', ['tirePurchaseAddOns', row.tirePurchaseAddOnId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.tirePurchaseAddOn, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const key = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(tirePurchaseAddOns, key, request.body, tirePurchaseAddOnPatchableFields, {
        normalize: (next) => ({ ...next, name: next.name.trim() }),
        problems: (_current, next) => nameProblems(next),
      });
      if (changed) w.event(tirePurchaseAddOns, row, 'ReplicaChanged', ['tirePurchaseAddOns', row.tirePurchaseAddOnId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.delete(apiPaths.tirePurchaseAddOn, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const key = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      // The packages' lock first, as every package write takes it: none can bundle the add-on as it goes.
      await lockPackagesOf(w, scope);
      const removed = await w.remove(tirePurchaseAddOns, key);
      if (removed) {
        w.event(tirePurchaseAddOns, removed, 'ReplicaChanged', ['tirePurchaseAddOns', removed.tirePurchaseAddOnId]);
        await unbundleAddOn(w, scope, removed.tirePurchaseAddOnId);
        return { status: 204, body: null };
      }
      // Removing twice (a replay from an outbox, two admins) ends in the same place: no add-on. An id the store
      // never had (another store's, another company's) is not found.
      const gone = await w.trx
        .selectFrom('tirePurchaseAddOns')
        .select('tirePurchaseAddOnId')
        .where('companyId', '=', scope.companyId)
        .where('storeId', '=', scope.storeId)
        .where('tirePurchaseAddOnId', '=', key.tirePurchaseAddOnId)
        .executeTakeFirst();
      if (!gone) throw new ProblemError('notFound', tirePurchaseAddOns.notFound);
      return { status: 204, body: null };
    });
    return reply.code(result.status).send();
  });
}
