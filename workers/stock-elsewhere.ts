import { z } from 'zod';
import { apiPaths } from '../src/contract/routes.ts';
import { storeStockSchema, transferStoreSchema, type StockElsewhere, type TransferStoreRow } from '../src/contract/transfer-stores.ts';
import { NetworkError, type ApiClient } from '../src/http/api-client.ts';
import { getJson } from './session.ts';

const stockPage = z.object({ items: z.array(storeStockSchema) });
const storesPage = z.object({ items: z.array(transferStoreSchema) });

/** Stores named in one $filter: well inside its length limit (about 22 characters a store). */
const storesPerCall = 50;

/**
 * Every store's stock of one tire (GET /api/logistics/summary?allStores=true) and, for the stores that have some
 * and this one, their clocks, weeks and special days (GET /api/logistics/stores), asked of the server when the
 * counter asks. Not replicated: a device keeps its own store's stock, and the company's stock at every store would
 * be stores × tires rows changing all day for a question asked now and then. Offline, the counter is told so in words.
 */
export async function stockElsewhere(api: ApiClient, tireId: string, here: number): Promise<StockElsewhere> {
  const query = new URLSearchParams({ allStores: 'true', $filter: `tireId eq '${z.uuid().parse(tireId)}'` });
  try {
    const stock = stockPage.parse(await getJson(api, `${apiPaths.logisticsSummary}?${query}`)).items;
    const wanted = [...new Set([here, ...stock.filter((s) => s.quantityOnHand > 0).map((s) => s.storeId)])];
    const stores: TransferStoreRow[] = [];
    for (let i = 0; i < wanted.length; i += storesPerCall) {
      const ids = wanted.slice(i, i + storesPerCall);
      const filter = new URLSearchParams({ $filter: ids.map((id) => `storeId eq ${id}`).join(' or '), $top: String(storesPerCall) });
      stores.push(...storesPage.parse(await getJson(api, `${apiPaths.logisticsStores}?${filter}`)).items);
    }
    return { stock, stores };
  } catch (error) {
    if (error instanceof NetworkError) throw new Error("Other stores' stock shows when this device is online.", { cause: error });
    throw error;
  }
}
