import type { FastifyInstance, InjectOptions } from 'fastify';
import { activeStoreHeader, withApiVersion } from '../../src/contract/routes.ts';

/** Calls the API as the PWA does: api-version, bearer token and, when given, the active store. */
export function apiCall(
  app: FastifyInstance,
  options: {
    method: InjectOptions['method'];
    path: string;
    token?: string;
    store?: number | string;
    body?: unknown;
    headers?: Record<string, string>;
    /** The caller's address (limits per address are counted by it). */
    remoteAddress?: string;
  },
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.store !== undefined) headers[activeStoreHeader] = String(options.store);
  return app.inject({
    method: options.method,
    url: withApiVersion(options.path),
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}
