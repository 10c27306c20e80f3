import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inventorySummarySchema, logisticsTransferSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { isOpenFields, weekdayHoursFields } from '../../../src/contract/store-week.ts';
import { transferStoreDaysAhead, transferStoreSchema, type TransferStoreRow } from '../../../src/contract/transfer-stores.ts';
import { parseODataQuery, runODataList, withDefaultOrder, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem } from '../../http/problem.ts';
import { readScope } from '../../sync/scope.ts';
import type { ModuleContext } from '../context.ts';

const transferColumns = Object.keys(logisticsTransferSchema.shape) as (keyof typeof logisticsTransferSchema.shape)[];
const transferResource: ODataResource = { fields: Object.fromEntries(transferColumns.map((c) => [c, c])), schema: logisticsTransferSchema };
const stockSchema = inventorySummarySchema.extend({ storeId: z.number().int() });
const stockColumns = ['storeId', ...Object.keys(inventorySummarySchema.shape)] as (keyof z.infer<typeof stockSchema>)[];
const stockResource: ODataResource = { fields: Object.fromEntries(stockColumns.map((c) => [c, c])), schema: stockSchema };
const weekColumns = [...isOpenFields, ...weekdayHoursFields.flatMap((d) => [d.open, d.close])];
const storeResource: ODataResource = {
  fields: { storeId: 'id', storeNumber: 'storeNumber', name: 'name' },
  schema: transferStoreSchema.pick({ storeId: true, storeNumber: true, name: true }),
  maxTop: 100,
};
const summaryOptions = z.object({
  /** true: every store of the company ("Store #102 has 6"), each row naming its store. */
  allStores: z
    .enum(['true', 'false'], 'allStores is true or false')
    .default('false')
    .transform((v) => v === 'true'),
});

/**
 * Logistics (spec section 7, under /api/logistics): the company's transfer paths between its stores (with their
 * transit days) and the stock of tires, for the front counter (the bay sees no retail data). Both are pages of
 * the company's or the store's rows, never another company's.
 */
export async function logisticsRoutes(app: FastifyInstance, { db, auth, clock }: ModuleContext): Promise<void> {
  app.get(apiPaths.logisticsTransfers, async (request) => {
    const scope = await readScope(db, auth, request, 'logisticsTransfers');
    const base = db.selectFrom('logisticsTransfers').select(transferColumns).where('companyId', '=', scope.companyId).where('deleted', '=', false);
    const query = parseODataQuery(request.query as Record<string, unknown>, transferResource);
    const ordered =
      query.orderBy.length > 0
        ? query
        : {
            ...query,
            orderBy: [
              { field: 'fromStoreId', direction: 'asc' as const },
              { field: 'toStoreId', direction: 'asc' as const },
            ],
          };
    return runODataList(base, ordered, transferResource, 'logisticsTransferId');
  });

  /** The active store's stock, or with allStores=true every live store's of the company, by store then tire. */
  app.get(apiPaths.logisticsSummary, async (request) => {
    const scope = await readScope(db, auth, request, 'inventorySummaries');
    const { allStores: all, ...rest } = request.query as Record<string, unknown>;
    const { allStores } = parseOrProblem(summaryOptions, { allStores: all }, 'The summary options');
    const base = db
      .selectFrom('inventorySummaries')
      .select(stockColumns)
      .where('companyId', '=', scope.companyId)
      .where('deleted', '=', false)
      .$if(!allStores, (q) => q.where('storeId', '=', scope.storeId))
      .$if(allStores, (q) =>
        q.where('storeId', 'in', db.selectFrom('storeLocations').select('id').where('companyId', '=', scope.companyId).where('deleted', '=', false)),
      );
    const query = parseODataQuery(rest, stockResource);
    // A row is a store's tire: pages are stable when the order ends with both.
    const ordered = { ...query, orderBy: [...query.orderBy, { field: 'storeId', direction: 'asc' as const }] };
    return runODataList(base, ordered, stockResource, 'tireId');
  });

  /**
   * The company's live stores as a transfer from or to them needs them (ours, issue 46): number, name, zone, week
   * and special days ahead, by store number, a page at a time (`$filter=storeId eq 7 or storeId eq 9`). For whoever
   * may read the transfer paths: what the counter reads to say when another store's tires arrive.
   */
  app.get(apiPaths.logisticsStores, async (request) => {
    const scope = await readScope(db, auth, request, 'logisticsTransfers');
    const base = db
      .selectFrom('storeLocations')
      .select(['id as storeId', 'storeNumber', 'name', 'timeZone', ...weekColumns])
      .where('companyId', '=', scope.companyId)
      .where('deleted', '=', false);
    const query = parseODataQuery(request.query as Record<string, unknown>, storeResource);
    const page = await runODataList(base, withDefaultOrder(query, 'storeNumber'), storeResource, 'id');
    // A day either side of the server's date covers every store's today, whatever its zone.
    const today = clock.now();
    const from = new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(today.getTime() + transferStoreDaysAhead * 86_400_000).toISOString().slice(0, 10);
    const ids = page.items.map((s) => s.storeId);
    const days =
      ids.length === 0
        ? []
        : await db
            .selectFrom('specialStoreHours')
            .select(['storeLocationId', 'date', 'isClosed', 'openTime', 'closeTime'])
            .where('companyId', '=', scope.companyId)
            .where('deleted', '=', false)
            .where('storeLocationId', 'in', ids)
            .where('date', '>=', from)
            .where('date', '<=', to)
            .orderBy('date')
            .execute();
    const items: TransferStoreRow[] = page.items.map((s) => ({
      ...s,
      specialDays: days.filter((d) => d.storeLocationId === s.storeId).map(({ storeLocationId: _, ...day }) => day),
    }));
    return { ...page, items };
  });
}
