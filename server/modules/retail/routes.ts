import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { retailPriceCatalogSchema, retailStoreSettingsSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { createRetailStoreSettingsSchema, retailStoreSettingsPatchableFields } from '../../../src/contract/writes.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import type { Db } from '../../db/connect.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { searchText, wordsBegin } from '../../http/search.ts';
import { readScope, storeScope, type StoreScope } from '../../sync/scope.ts';
import { findRow, type RowSpec, type Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';

export const retailStoreSettings: RowSpec<typeof retailStoreSettingsSchema> = {
  table: 'retailStoreSettings',
  schema: retailStoreSettingsSchema,
  scope: 'store',
  notFound: 'This store has no retail settings yet: create them first.',
  exists: 'This store has its retail settings already: change them with a patch.',
};

const catalogColumns = Object.keys(retailPriceCatalogSchema.shape) as (keyof typeof retailPriceCatalogSchema.shape)[];
const catalogResource: ODataResource = { fields: Object.fromEntries(catalogColumns.map((c) => [c, c])), schema: retailPriceCatalogSchema };

/**
 * The catalogues a store of the company may subscribe to: every catalogue offered for subscription (that is
 * what subscribable means), and the company's own, offered or not. Another company's own catalogue is never one.
 */
export function subscribable(db: Db | Writer['trx'], companyId: number) {
  return db
    .selectFrom('retailPriceCatalogs')
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('companyId', '=', companyId), eb('isSubscribable', '=', true)]));
}

async function catalogProblems(db: Db | Writer['trx'], scope: StoreScope, retailPriceCatalogId: string | null): Promise<Record<string, string[]>> {
  if (retailPriceCatalogId === null) return {};
  const found = await subscribable(db, scope.companyId)
    .select('retailPriceCatalogId')
    .where('retailPriceCatalogId', '=', retailPriceCatalogId)
    .executeTakeFirst();
  return found ? {} : { retailPriceCatalogId: ['Choose one of the catalogues this store may subscribe to'] };
}

/**
 * Retail (spec section 7): the price catalogues a store may subscribe to, and the active store's retail
 * settings. The front counter reads them; the store's admins (Retail Management) make and change the settings.
 * Answers carry the store's id with the settings (a store has one row, keyed by the store).
 */
export async function retailRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.retailPriceCatalog, async (request) => {
    const scope = await readScope(db, auth, request, 'retailPriceCatalogs');
    const { search, ...rest } = request.query as Record<string, unknown>;
    const text = searchText({ search });
    let base = subscribable(db, scope.companyId).select(catalogColumns);
    if (text) base = base.where(wordsBegin(sql.ref('name'), text));
    return runODataList(base, withDefaultOrder(parseODataQuery(rest, catalogResource), 'name'), catalogResource, 'retailPriceCatalogId');
  });

  app.get(apiPaths.retailStoreSettings, async (request) => {
    const scope = await readScope(db, auth, request, 'retailStoreSettings');
    return { storeId: scope.storeId, ...(await findRow(db, retailStoreSettings, scope, { storeId: scope.storeId })) };
  });

  app.post(apiPaths.retailStoreSettings, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, "the store's retail settings");
    const model = parseOrProblem(createRetailStoreSettingsSchema, request.body, 'The retail settings');
    refuseProblems(await catalogProblems(db, scope, model.retailPriceCatalogId), 'The retail settings');
    const result = await writes.run(request, scope, async (w) => {
      // Read under the row's lock: of two creates at once, the second finds the first's row.
      if (await w.read(retailStoreSettings, { storeId: scope.storeId })) throw new ProblemError('conflict', retailStoreSettings.exists);
      const row = await w.create(retailStoreSettings, model);
      w.event(retailStoreSettings, row, 'ReplicaChanged', ['retailStoreSettings', String(scope.storeId)]);
      return { status: 201, body: { storeId: scope.storeId, ...row } };
    });
    return reply.code(result.status).send(result.body);
  });

  app.patch(apiPaths.retailStoreSettings, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, "the store's retail settings");
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(retailStoreSettings, { storeId: scope.storeId }, request.body, retailStoreSettingsPatchableFields, {
        problems: (current, next) =>
          next.retailPriceCatalogId === current.retailPriceCatalogId ? {} : catalogProblems(w.trx, scope, next.retailPriceCatalogId),
      });
      if (changed) w.event(retailStoreSettings, row, 'ReplicaChanged', ['retailStoreSettings', String(scope.storeId)]);
      return { status: 200, body: { storeId: scope.storeId, ...row } };
    });
    return reply.code(result.status).send(result.body);
  });
}
