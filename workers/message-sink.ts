import { messageSinkSchema, type MessageSink } from '../src/contract/message-sink.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { NetworkError, type ApiClient } from '../src/http/api-client.ts';
import { getJson } from './session.ts';

/** What the server's sinks kept for the active store; it is not replicated (a demo and developer aid), so this needs the network. */
export async function messageSink(api: ApiClient): Promise<MessageSink> {
  try {
    return messageSinkSchema.parse(await getJson(api, apiPaths.messageSink));
  } catch (error) {
    if (error instanceof NetworkError) throw new Error('The message sink can only be read online. Connect and try again.', { cause: error });
    throw error;
  }
}
