import type { Operation } from 'fast-json-patch';
import { systemNotificationSchema, type SystemNotification } from '../src/contract/entities.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { createSystemNotificationSchema, type CreateSystemNotification } from '../src/contract/system-notices.ts';
import { NetworkError, problemOf, type ApiClient } from '../src/http/api-client.ts';

/**
 * The platform's system notices, as its admins manage them (issue 27). Online, not queued: a notice is for every
 * store's devices at their next poll, and an admin announcing a maintenance window needs to know it went out.
 */
async function call(api: ApiClient, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<unknown> {
  try {
    const response = await api.request(method, path, { ...(body !== undefined ? { body } : {}), ...(method === 'GET' ? {} : { idempotencyKey: `notice-${crypto.randomUUID()}` }) });
    if (response.status === 200 || response.status === 201) return response.body;
    const problem = problemOf(response);
    const first = Object.values(problem.errors ?? {})[0]?.[0];
    throw new Error(first ?? problem.detail ?? `The server answered ${response.status}.`);
  } catch (error) {
    if (error instanceof NetworkError) throw new Error('System notices need a connection: connect and try again.', { cause: error });
    throw error;
  }
}

export async function listSystemNotices(api: ApiClient): Promise<SystemNotification[]> {
  const { items } = await call(api, 'GET', apiPaths.systemNotifications) as { items: unknown[] };
  return items.map((item) => systemNotificationSchema.parse(item));
}

export async function createSystemNotice(api: ApiClient, input: CreateSystemNotification): Promise<SystemNotification> {
  return systemNotificationSchema.parse(await call(api, 'POST', apiPaths.systemNotifications, createSystemNotificationSchema.parse(input)));
}

export async function patchSystemNotice(api: ApiClient, systemNotificationId: string, patch: Operation[]): Promise<SystemNotification> {
  return systemNotificationSchema.parse(await call(api, 'PATCH', apiPaths.systemNotification.replace(':systemNotificationId', encodeURIComponent(systemNotificationId)), patch));
}
