import { z } from 'zod';
import { supportRequestListItemSchema, type SupportRequestListItem } from '../src/contract/entities.ts';
import { NetworkError, type ApiClient } from '../src/http/api-client.ts';
import { getJson } from './session.ts';

const listSchema = z.object({ items: z.array(supportRequestListItemSchema), count: z.number().int() });

/** One page of support requests from the server; they are not replicated, so this needs the network. */
export async function supportRequestList(api: ApiClient, path: string): Promise<{ items: SupportRequestListItem[]; count: number }> {
  try {
    return listSchema.parse(await getJson(api, path));
  } catch (error) {
    if (error instanceof NetworkError) throw new Error('The support requests can only be loaded online. Connect and try again.', { cause: error });
    throw error;
  }
}
