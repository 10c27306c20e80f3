import {
  failedMessageSchema,
  platformDeviceSchema,
  platformHealthSchema,
  type FailedMessage,
  type PlatformDevice,
  type PlatformHealth,
} from '../src/contract/platform-health.ts';
import { apiPaths } from '../src/contract/routes.ts';
import type { ApiClient } from '../src/http/api-client.ts';
import { onlineCall } from './online-call.ts';

/** The platform's health for the admin dashboard (issue 27): read online, as it is now; nothing of it is kept on the device. */
export async function platformHealth(api: ApiClient): Promise<PlatformHealth> {
  return platformHealthSchema.parse(await onlineCall(api, 'GET', apiPaths.platformHealth));
}

/** Devices as they last pulled, the latest first: every store's, or one store's. */
export async function platformDevices(api: ApiClient, storeId: number | null): Promise<PlatformDevice[]> {
  const query = storeId === null ? '' : `?${new URLSearchParams({ storeId: String(storeId) })}`;
  const { items } = (await onlineCall(api, 'GET', `${apiPaths.platformDevices}${query}`)) as { items: unknown[] };
  return items.map((item) => platformDeviceSchema.parse(item));
}

/** The texts and emails given up in the last day, the latest first. */
export async function failedMessages(api: ApiClient): Promise<FailedMessage[]> {
  const { items } = (await onlineCall(api, 'GET', apiPaths.platformFailedMessages)) as { items: unknown[] };
  return items.map((item) => failedMessageSchema.parse(item));
}
