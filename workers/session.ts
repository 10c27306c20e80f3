import { apiPaths } from '../src/contract/routes.ts';
import { systemNotificationSchema } from '../src/contract/entities.ts';
import { storeLocationSchema, type StoreLocation } from '../src/contract/store-location.ts';
import { chooseActiveStore } from '../src/domain/store/active-store.ts';
import { currentUserSchema, userSettingsSchema, type UserSettings } from '../src/contract/user.ts';
import type { GlobalDb, SessionRow } from '../src/db/global-db.ts';
import { ApiError, type ApiClient } from '../src/http/api-client.ts';
import { problemOf } from '../src/http/problem-of.ts';
import { classifyUpload } from './upload-policy.ts';

export async function getJson(api: ApiClient, path: string): Promise<unknown> {
  const response = await api.request('GET', path);
  if (response.status !== 200) throw new ApiError(response.status, problemOf(response).detail ?? `The server answered ${response.status}`);
  return response.body;
}

/**
 * Loads "my user", the user's settings and the stores of the company into the user's session on the device,
 * so the app opens with them offline. Settings changed on this device and not yet saved win over the server's.
 * The token's user must be the session's: a device shared by staff never mixes one user's data with another's.
 */
export async function refreshSession(api: ApiClient, db: GlobalDb, userId: string): Promise<SessionRow> {
  const user = currentUserSchema.parse(await getJson(api, apiPaths.me));
  if (user.userId !== userId) throw new ApiError(401, 'The sign-in on this device belongs to another user; sign in again.');
  const settings = userSettingsSchema.parse(await getJson(api, apiPaths.userSettings));
  const query = new URLSearchParams({
    $orderby: 'storeNumber asc',
    $filter: `alltracCompanyId eq ${user.alltracCompanyId}`,
    $expand: 'specialStoreHours',
    $count: 'true',
  });
  const list = (await getJson(api, `${apiPaths.storeLocations}?${query}`)) as { items: unknown[] };
  const stores = list.items.map((item) => storeLocationSchema.parse(item));
  return db.transaction('rw', db.sessions, async () => {
    const previous = await db.sessions.get(userId);
    const pendingSettings = previous?.pendingSettings ?? null;
    const row: SessionRow = {
      ...previous,
      userId,
      user,
      settings: { ...settings, ...pendingSettings },
      pendingSettings,
      stores,
      loadedAt: new Date().toISOString(),
    };
    await db.sessions.put(row);
    return row;
  });
}

/**
 * Fetches the active system notifications into the global db, replacing the last ones. Polls are numbered and
 * only the last one begun writes: a slow answer for the store the user just left never replaces the new store's.
 */
export function systemNotificationPoller(db: GlobalDb): (api: ApiClient) => Promise<void> {
  let begun = 0;
  return async (api) => {
    const poll = ++begun;
    const { items } = (await getJson(api, apiPaths.systemNotificationsActive)) as { items: unknown[] };
    const notifications = items.map((item) => systemNotificationSchema.parse(item));
    if (poll !== begun) return;
    await db.transaction('rw', db.systemNotifications, async () => {
      await db.systemNotifications.clear();
      await db.systemNotifications.bulkPut(notifications);
    });
  };
}

/** The user's active store (spec section 4) from their session on the device; null when there is none. */
export async function activeStoreOnDevice(db: GlobalDb, userId: string): Promise<StoreLocation | null> {
  const session = await db.sessions.get(userId);
  return session ? chooseActiveStore(session.settings.allTracCurrentStoreLocation, session.user.roles, session.stores) : null;
}

/** Records a settings change on the device at once; saveSettings sends it when the server is reachable. */
export async function changeSettings(db: GlobalDb, userId: string, changes: Partial<UserSettings>): Promise<void> {
  await db.transaction('rw', db.sessions, async () => {
    const session = await db.sessions.get(userId);
    if (!session) throw new Error('Sign in before changing settings.');
    await db.sessions.put({
      ...session,
      settings: { ...session.settings, ...changes },
      pendingSettings: { ...session.pendingSettings, ...changes },
    });
  });
}

/** Sends the user's settings changed on this device, as a JSON patch, with that user's token only. */
export async function saveSettings(api: ApiClient, db: GlobalDb, userId: string): Promise<void> {
  const session = await db.sessions.get(userId);
  const pending = session?.pendingSettings;
  if (!session || !pending) return;
  const patch = Object.entries(pending).map(([name, value]) => ({ op: 'replace' as const, path: `/${name}`, value }));
  if (patch.length > 0) {
    const response = await api.request('PATCH', apiPaths.userSettings, { body: patch });
    if (classifyUpload(response.status) === 'fatal') {
      // The server refuses this choice (the role is gone): take its settings instead of retrying for ever.
      await db.sessions.update(userId, { pendingSettings: null });
      throw new ApiError(response.status, problemOf(response).detail ?? 'The settings were not saved.');
    }
    if (response.status !== 200) throw new ApiError(response.status, problemOf(response).detail ?? 'The settings were not saved.');
  }
  await db.transaction('rw', db.sessions, async () => {
    const now = await db.sessions.get(userId);
    // Only what was sent is settled; a change made meanwhile stays pending.
    if (now && JSON.stringify(now.pendingSettings) === JSON.stringify(pending)) await db.sessions.update(userId, { pendingSettings: null });
  });
}
