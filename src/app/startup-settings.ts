import { appSettingsSchema, type AppSettings } from '../contract/app-settings.ts';
import { apiPaths } from '../contract/routes.ts';
import { missingSettingsError, missingStartupSettings } from '../domain/startup-settings.ts';

/**
 * Loads the startup settings the server serves and checks them (spec section 5); a missing one fails the
 * start with the spec's "Missing required environment settings: " message naming each.
 */
export async function loadStartupSettings(fetchImpl: typeof fetch = fetch): Promise<AppSettings> {
  const response = await fetchImpl(apiPaths.appSettings, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The app settings could not be loaded (HTTP ${response.status}). Check your connection and reload.`);
  const values = (await response.json()) as Record<string, unknown>;
  const missing = missingStartupSettings(values);
  if (missing.length > 0) throw missingSettingsError(missing);
  return appSettingsSchema.parse(values);
}
