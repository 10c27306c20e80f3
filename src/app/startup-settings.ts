import type { AppSettings } from '../contract/app-settings.ts';
import { apiPaths } from '../contract/routes.ts';
import type { DeviceStateRow } from '../db/global-db.ts';
import { missingSettingsError, readStartupSettings } from '../domain/app/startup-settings.ts';

/**
 * Loads the startup settings the server serves and checks them (spec section 5); a missing one fails the
 * start with the spec's "Missing required environment settings: " message naming each.
 */
export async function loadStartupSettings(fetchImpl: typeof fetch = fetch): Promise<AppSettings> {
  const response = await fetchImpl(apiPaths.appSettings, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The app settings could not be loaded (HTTP ${response.status}). Check your connection and reload.`);
  const read = readStartupSettings(await response.json());
  if ('missing' in read) throw missingSettingsError(read.missing);
  return read.settings;
}

/** Where the device keeps the last good startup settings (the global db). */
export interface SettingsKeeper {
  get(): Promise<DeviceStateRow | undefined>;
  put(row: DeviceStateRow): Promise<unknown>;
}

/**
 * The startup settings to start with. A device that has started before starts from the last good settings it
 * kept, with no network on the way (a bay with no signal, a reload the moment the connection drops), and
 * fetches fresh ones behind for the next start; a device that never started needs the server once.
 */
export async function startupSettingsForBoot(
  keeper: SettingsKeeper,
  fetchImpl: typeof fetch = fetch,
  now: () => Date = () => new Date(),
): Promise<AppSettings> {
  const keep = async (settings: AppSettings) => {
    await keeper.put({ name: 'startupSettings', value: settings, savedAt: now().toISOString() });
  };
  const kept = await keeper.get().catch(() => undefined);
  const read = kept ? readStartupSettings(kept.value) : null;
  if (read && 'settings' in read) {
    // Offline, or a server missing a setting for now: the kept ones stay until good ones arrive.
    void loadStartupSettings(fetchImpl).then(keep, () => undefined);
    return read.settings;
  }
  const settings = await loadStartupSettings(fetchImpl);
  await keep(settings).catch(() => undefined);
  return settings;
}
