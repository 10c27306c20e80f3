import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { storeTireServiceSchema, storeTireWarrantySchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import type { CollectionName } from '../../../src/contract/sync.ts';
import { storeTireServicePatchableFields, storeTireWarrantyPatchableFields } from '../../../src/contract/writes.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import { tireOptionProblems } from '../../../src/domain/tires/tire-option-rules.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem } from '../../http/problem.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import type { RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

/** A store's tire services (TireStudding) or warranties (PromisePlus and its variants): one row per type, switched on and priced. */
interface TireOption<S extends typeof storeTireServiceSchema | typeof storeTireWarrantySchema> {
  collection: CollectionName & ('storeTireServices' | 'storeTireWarranties');
  spec: RowSpec<S>;
  idField: 'storeTireServiceId' | 'storeTireWarrantyId';
  listPath: string;
  itemPath: string;
  editable: readonly string[];
  words: string;
}

export const storeTireServices: TireOption<typeof storeTireServiceSchema> = {
  collection: 'storeTireServices',
  idField: 'storeTireServiceId',
  words: "the store's tire services",
  spec: { table: 'storeTireServices', schema: storeTireServiceSchema, scope: 'store', notFound: 'This store has no such tire service.' },
  listPath: apiPaths.storeTireServices,
  itemPath: apiPaths.storeTireService,
  editable: storeTireServicePatchableFields,
};
export const storeTireWarranties: TireOption<typeof storeTireWarrantySchema> = {
  collection: 'storeTireWarranties',
  idField: 'storeTireWarrantyId',
  words: "the store's tire warranties",
  spec: { table: 'storeTireWarranties', schema: storeTireWarrantySchema, scope: 'store', notFound: 'This store has no such tire warranty.' },
  listPath: apiPaths.storeTireWarranties,
  itemPath: apiPaths.storeTireWarranty,
  editable: storeTireWarrantyPatchableFields,
};

/**
 * Store tire services and warranties (spec section 7, under /api/product-information): the front counter reads
 * the active store's list to quote; its admins (Retail Management) change them with a JSON patch document of
 * isEnabled and priceInCents. The type, ids and store are nobody's to change (a 400); an empty patch changes nothing;
 * one switched on with no price is refused (tireOptionProblems).
 */
export async function storeTireOptionRoutes(app: FastifyInstance, context: ModuleContext): Promise<void> {
  tireOptionRoutes(app, context, storeTireServices);
  tireOptionRoutes(app, context, storeTireWarranties);
}

function tireOptionRoutes<S extends typeof storeTireServiceSchema | typeof storeTireWarrantySchema>(
  app: FastifyInstance,
  { db, auth, writes }: ModuleContext,
  option: TireOption<S>,
): void {
  const { spec, idField } = option;
  const columns = Object.keys(spec.schema.shape);
  const resource: ODataResource = { fields: Object.fromEntries(columns.map((c) => [c, c])), schema: spec.schema };
  const params = z.object({ [idField]: z.uuid(`The ${idField} must be a UUID`) });

  app.get(option.listPath, async (request) => {
    const scope = await readScope(db, auth, request, option.collection);
    // The table is the option's; Kysely's types cannot follow a table held in a value.
    const base = db
      .selectFrom(spec.table as 'storeTireWarranties')
      .select(columns as (keyof typeof storeTireWarrantySchema.shape)[])
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('deleted', '=', false);
    return runODataList(base, withDefaultOrder(parseODataQuery(request.query as Record<string, unknown>, resource), 'type'), resource, idField);
  });

  app.patch(option.itemPath, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, option.words);
    const key = parseOrProblem(params, request.params, 'The path');
    const result = await writes.run(request, scope, async (w) => {
      // Switched on, it needs a price: without one the quote would never offer it (a 400, nothing stored).
      const { row, changed } = await w.patch(spec, key, request.body, option.editable, { problems: (_, next) => tireOptionProblems(next) });
      if (changed) w.event(spec, row, 'ReplicaChanged', [option.collection, key[idField]]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });
}
