import { startupSettingNames, type AppSettings, type StartupSettingName } from '../../contract/app-settings.ts';

export const missingSettingsPrefix = 'Missing required environment settings: ';

/** The startup settings that are absent or blank, in the spec's order. */
function missingStartupSettings(values: Partial<Record<StartupSettingName, unknown>>): StartupSettingName[] {
  return startupSettingNames.filter((name) => {
    const value = values[name];
    return typeof value !== 'string' || value.trim() === '';
  });
}

/**
 * The startup settings out of what the server served or the device kept, or the names of those absent or blank:
 * each a non-blank string, other keys left behind.
 */
export function readStartupSettings(values: unknown): { settings: AppSettings } | { missing: StartupSettingName[] } {
  const given = typeof values === 'object' && values !== null ? (values as Partial<Record<StartupSettingName, unknown>>) : {};
  const missing = missingStartupSettings(given);
  if (missing.length > 0) return { missing };
  return { settings: Object.fromEntries(startupSettingNames.map((name) => [name, given[name]])) as AppSettings };
}

/** The error of spec section 8 for a start with missing settings, naming each one. */
export function missingSettingsError(names: readonly string[]): Error {
  return new Error(missingSettingsPrefix + names.join(', '));
}
