import { z } from 'zod';
import { inventorySummarySchema } from '../src/contract/entities.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { NetworkError, type ApiClient } from '../src/http/api-client.ts';
import { getJson } from './session.ts';

const stockPage = z.object({ items: z.array(inventorySummarySchema.extend({ storeId: z.number().int() })) });
export type StoreStock = z.infer<typeof stockPage>['items'][number];

/**
 * Every store's stock of one tire (GET /api/logistics/summary?allStores=true). A device keeps only its own
 * store's stock, so this needs the network; offline, the counter is told so in words.
 */
export async function stockElsewhere(api: ApiClient, tireId: string): Promise<StoreStock[]> {
  const query = new URLSearchParams({ allStores: 'true', $filter: `tireId eq '${z.uuid().parse(tireId)}'` });
  try {
    return stockPage.parse(await getJson(api, `${apiPaths.logisticsSummary}?${query}`)).items;
  } catch (error) {
    if (error instanceof NetworkError) throw new Error('Other stores\' stock shows when this device is online.', { cause: error });
    throw error;
  }
}
