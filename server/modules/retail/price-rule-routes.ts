import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { retailPriceCatalogSchema } from '../../../src/contract/entities.ts';
import {
  putRetailPriceCatalogPriceSchema,
  retailPriceCatalogPatchableFields,
  retailPriceCatalogPriceSchema,
} from '../../../src/contract/retail-price-rules.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import type { Db } from '../../db/connect.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { readScope, storeScope, type StoreScope } from '../../sync/scope.ts';
import type { RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { subscribable } from './routes.ts';

export const retailPriceCatalogs: RowSpec<typeof retailPriceCatalogSchema> = {
  table: 'retailPriceCatalogs',
  schema: retailPriceCatalogSchema,
  scope: 'company',
  notFound: 'There is no such retail price catalogue: choose one from the list of catalogues.',
};
export const retailPriceCatalogPrices: RowSpec<typeof retailPriceCatalogPriceSchema> = {
  table: 'retailPriceCatalogPrices',
  schema: retailPriceCatalogPriceSchema,
  scope: 'company',
  notFound: 'This catalogue has no fixed price for this tire.',
};

const catalogParams = z.object({ retailPriceCatalogId: z.uuid('The catalogue id must be a UUID') });
const priceParams = catalogParams.extend({ tireId: z.uuid('The tire id must be a UUID') });
const priceColumns = Object.keys(retailPriceCatalogPriceSchema.shape) as (keyof typeof retailPriceCatalogPriceSchema.shape)[];
const priceResource: ODataResource = { fields: Object.fromEntries(priceColumns.map((c) => [c, c])), schema: retailPriceCatalogPriceSchema };
const what = "the company's retail price catalogues";
const rowKey = (key: { retailPriceCatalogId: string; tireId: string }) => `${key.retailPriceCatalogId}/${key.tireId}`;

/**
 * The catalogue a write names must be one of the caller's company's own. A catalogue another company offers for
 * subscription is read-only here (403, saying whose it is to change); one the company may not even subscribe to
 * is not found, as if it did not exist (another company's own catalogue is none of its business).
 */
async function ownCatalogue(db: Db, scope: StoreScope, retailPriceCatalogId: string): Promise<void> {
  const found = await subscribable(db, scope.companyId).select('companyId').where('retailPriceCatalogId', '=', retailPriceCatalogId).executeTakeFirst();
  if (!found) throw new ProblemError('notFound', retailPriceCatalogs.notFound);
  if (found.companyId !== scope.companyId) {
    throw new ProblemError(
      'forbidden',
      "This catalogue is offered by another company: only that company changes its margin and prices. Subscribe the store to one of your company's own catalogues to set your own.",
    );
  }
}

/**
 * A retail price catalogue's rule (ours, issue 26; docs/api.md): its margin over cost and price ending (a JSON
 * patch), and its fixed prices per tire (a PUT and a DELETE each, a list to read them). The front counter reads;
 * the store's admins (Retail Management) change the catalogues their company owns, through the one write path,
 * with a ReplicaChanged event to every device of the company (the rows are company-wide).
 */
export async function retailPriceRuleRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.patch(apiPaths.retailPriceCatalogRule, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const key = parseOrProblem(catalogParams, request.params, 'The path');
    await ownCatalogue(db, scope, key.retailPriceCatalogId);
    const result = await writes.run(request, scope, async (w) => {
      const { row, changed } = await w.patch(retailPriceCatalogs, key, request.body, retailPriceCatalogPatchableFields);
      if (changed) w.event(retailPriceCatalogs, row, 'ReplicaChanged', ['retailPriceCatalogs', row.retailPriceCatalogId]);
      return { status: 200, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /** A catalogue's fixed prices, by tire: of the company's own catalogues and of those offered to it. */
  app.get(apiPaths.retailPriceCatalogPrices, async (request) => {
    const scope = await readScope(db, auth, request, 'retailPriceCatalogPrices');
    const key = parseOrProblem(catalogParams, request.params, 'The path');
    const catalogue = await subscribable(db, scope.companyId)
      .select('companyId')
      .where('retailPriceCatalogId', '=', key.retailPriceCatalogId)
      .executeTakeFirst();
    if (!catalogue) throw new ProblemError('notFound', retailPriceCatalogs.notFound);
    const base = db
      .selectFrom('retailPriceCatalogPrices')
      .select(priceColumns)
      .where('companyId', '=', catalogue.companyId)
      .where('retailPriceCatalogId', '=', key.retailPriceCatalogId)
      .where('deleted', '=', false);
    const { 'api-version': _version, ...odata } = request.query as Record<string, unknown>;
    return runODataList(base, withDefaultOrder(parseODataQuery(odata, priceResource), 'tireId'), priceResource, 'tireId');
  });

  /** Sets a tire's fixed price in the catalogue: 201 when the tire had none, 200 when it replaces one (or is the same). */
  app.put(apiPaths.retailPriceCatalogPrice, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const key = parseOrProblem(priceParams, request.params, 'The path');
    const { priceInCents } = parseOrProblem(putRetailPriceCatalogPriceSchema, request.body, 'The fixed price');
    await ownCatalogue(db, scope, key.retailPriceCatalogId);
    const tire = await db.selectFrom('tires').select('tireId').where('tireId', '=', key.tireId).where('deleted', '=', false).executeTakeFirst();
    if (!tire) throw new ProblemError('notFound', 'The tire catalogue has no such tire: find the tire again by its size.');
    const result = await writes.run(request, scope, async (w) => {
      const current = await w.read(retailPriceCatalogPrices, key);
      if (current) {
        const row = await w.update(retailPriceCatalogPrices, key, current, { ...key, priceInCents });
        if (row.version !== current.version) w.event(retailPriceCatalogPrices, row, 'ReplicaChanged', ['retailPriceCatalogPrices', rowKey(key)]);
        return { status: 200, body: row };
      }
      // A price removed before comes back with the new amount (the key is the catalogue and tire: one row each).
      const revived = await w.revive(retailPriceCatalogPrices, key);
      const row = revived
        ? await w.update(retailPriceCatalogPrices, key, revived, { ...key, priceInCents })
        : await w.create(retailPriceCatalogPrices, { ...key, priceInCents });
      w.event(retailPriceCatalogPrices, row, 'ReplicaChanged', ['retailPriceCatalogPrices', rowKey(key)]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  /** The tire follows the catalogue's margin (or its list price) again. 204, and 204 again once gone. */
  app.delete(apiPaths.retailPriceCatalogPrice, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, what);
    const key = parseOrProblem(priceParams, request.params, 'The path');
    await ownCatalogue(db, scope, key.retailPriceCatalogId);
    const result = await writes.run(request, scope, async (w) => {
      const removed = await w.remove(retailPriceCatalogPrices, key);
      if (removed) {
        w.event(retailPriceCatalogPrices, removed, 'ReplicaChanged', ['retailPriceCatalogPrices', rowKey(key)]);
        return { status: 204, body: null };
      }
      // Removing twice (a replay, two admins) ends in the same place; a tire the catalogue never priced is not found.
      const gone = await w.trx
        .selectFrom('retailPriceCatalogPrices')
        .select('tireId')
        .where('companyId', '=', scope.companyId)
        .where('retailPriceCatalogId', '=', key.retailPriceCatalogId)
        .where('tireId', '=', key.tireId)
        .executeTakeFirst();
      if (!gone) throw new ProblemError('notFound', retailPriceCatalogPrices.notFound);
      return { status: 204, body: null };
    });
    return reply.code(result.status).send();
  });
}
