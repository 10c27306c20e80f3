import { ApiClient } from '../../../workers/api-client.ts';

/**
 * The public pages' way to the API (DESIGN.md: customers use them online, so they call it directly): no
 * token, no store. Set once at start from the startup settings.
 */
let client: ApiClient | null = null;

export function startPublicApi(baseUrl: string): void {
  client = new ApiClient({ baseUrl, storeId: null, accessToken: () => null });
}

export function publicApi(): ApiClient {
  if (!client) throw new Error('The public pages\' API is used before the app started it.');
  return client;
}
