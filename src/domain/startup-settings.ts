import { startupSettingNames, type StartupSettingName } from '../contract/app-settings.ts';

export const missingSettingsPrefix = 'Missing required environment settings: ';

/** The startup settings that are absent or blank, in the spec's order. */
export function missingStartupSettings(values: Partial<Record<StartupSettingName, unknown>>): StartupSettingName[] {
  return startupSettingNames.filter((name) => {
    const value = values[name];
    return typeof value !== 'string' || value.trim() === '';
  });
}

/** The error of spec section 8 for a start with missing settings, naming each one. */
export function missingSettingsError(names: readonly string[]): Error {
  return new Error(missingSettingsPrefix + names.join(', '));
}
