import { ApiClient } from '../../http/api-client.ts';

/**
 * The public pages' way to the API (DESIGN.md: customers use them online, so they call it directly): no
 * token, no store. Set once at start from the startup settings.
 */
let client: ApiClient | null = null;
let base = '';

export function startPublicApi(baseUrl: string): void {
  base = baseUrl.replace(/\/$/, '');
  client = new ApiClient({ baseUrl: base, storeId: null, accessToken: () => null });
}

/** Where the API is, for what the browser fetches by itself (a photo in an image). */
export const publicApiBase = () => base;

export function publicApi(): ApiClient {
  if (!client) throw new Error("The public pages' API is used before the app started it.");
  return client;
}
