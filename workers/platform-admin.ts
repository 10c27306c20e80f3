import type { Operation } from 'fast-json-patch';
import { systemNotificationSchema, type SystemNotification } from '../src/contract/entities.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { createSystemNotificationSchema, type CreateSystemNotification } from '../src/contract/system-notices.ts';
import { companySchema, type Company } from '../src/contract/companies.ts';
import { storeLocationSchema, type CreateStoreLocation, type StoreLocation, type UpdateStoreLocation } from '../src/contract/store-location.ts';
import type { ApiClient } from '../src/http/api-client.ts';
import { onlineCall, Refused } from './online-call.ts';

/**
 * The platform's admin dashboard calls (issue 27): system notices, companies and their stores. Online, not
 * queued: a notice is for every store's devices at their next poll, and a store opened or closed changes who
 * works where; an admin needs to know it went through.
 */
const call = onlineCall;

export async function listSystemNotices(api: ApiClient): Promise<SystemNotification[]> {
  const { items } = (await call(api, 'GET', apiPaths.systemNotifications)) as { items: unknown[] };
  return items.map((item) => systemNotificationSchema.parse(item));
}

export async function createSystemNotice(api: ApiClient, input: CreateSystemNotification): Promise<SystemNotification> {
  const model = createSystemNotificationSchema.parse(input);
  // Keyed by the notice: a create sent again after a lost answer makes no second notice.
  return systemNotificationSchema.parse(await call(api, 'POST', apiPaths.systemNotifications, model, `notice-${model.systemNotificationId}`));
}

export async function patchSystemNotice(api: ApiClient, systemNotificationId: string, patch: Operation[]): Promise<SystemNotification> {
  return systemNotificationSchema.parse(await call(api, 'PATCH', fillPath(apiPaths.systemNotification, { systemNotificationId }), patch));
}

export async function listCompanies(api: ApiClient): Promise<Company[]> {
  const { items } = (await call(api, 'GET', apiPaths.companies)) as { items: unknown[] };
  return items.map((item) => companySchema.parse(item));
}

/** Every company's open stores, by company and number (a network of more than 500 stores pages: not yet needed). */
export async function listAllStores(api: ApiClient): Promise<StoreLocation[]> {
  const query = new URLSearchParams({ $orderby: 'alltracCompanyId asc,storeNumber asc', $top: '500' });
  const { items } = (await call(api, 'GET', `${apiPaths.storeLocations}?${query}`)) as { items: unknown[] };
  return items.map((item) => storeLocationSchema.parse(item));
}

/** Opens a store with every required field (spec section 5), or says what the server refused, field by field. */
export function createStore(api: ApiClient, model: CreateStoreLocation): Promise<StoreAnswer> {
  return storeAnswer(() => call(api, 'POST', apiPaths.storeLocations, model));
}

/** Closes a store: its devices leave it, and whoever had it as their current store moves to their next one. */
export async function closeStore(api: ApiClient, storeId: number): Promise<void> {
  await call(api, 'DELETE', fillPath(apiPaths.storeLocation, { id: storeId }));
}

/**
 * A store as the server saved it, or what it refused: its detail and each field's message, for the form to show
 * beside the field it names (an error crossing to the page keeps only its words).
 */
export type StoreAnswer = { store: StoreLocation } | { problem: string; fields: Record<string, string> };

async function storeAnswer(send: () => Promise<unknown>): Promise<StoreAnswer> {
  try {
    return { store: storeLocationSchema.parse(await send()) };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const fields = Object.fromEntries(Object.entries(error.problem.errors ?? {}).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
    return { problem: error.problem.detail ?? error.message, fields };
  }
}

/** A store's changed fields (spec section 7). */
export function updateStore(api: ApiClient, storeId: number, changes: UpdateStoreLocation): Promise<StoreAnswer> {
  return storeAnswer(() => call(api, 'PATCH', fillPath(apiPaths.storeLocation, { id: storeId }), changes));
}
