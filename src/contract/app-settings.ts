/**
 * The startup settings of spec section 5, served to the browser at /app-settings.json.
 * Keys are the browser's names; `env` is the server's environment variable for each.
 */
export const startupSettings = {
  mapsKey: { env: 'MAPS_KEY', label: 'maps key' },
  supportPhone: { env: 'SUPPORT_PHONE', label: 'support phone' },
  authority: { env: 'AUTHORITY', label: 'authority' },
  centralApi: { env: 'CENTRAL_API', label: 'central API' },
  applicationPath: { env: 'APPLICATION_PATH', label: 'application path' },
  baseUrl: { env: 'BASE_URL', label: 'base URL' },
  environmentMode: { env: 'ENVIRONMENT_MODE', label: 'environment mode' },
  signInClientName: { env: 'SIGN_IN_CLIENT_NAME', label: 'sign-in client name' },
} as const;

/** The maps key of a server set up without one (development and the demo): no map is shown. */
export const noMapsKey = 'development-no-maps';

export type StartupSettingName = keyof typeof startupSettings;
export const startupSettingNames = Object.keys(startupSettings) as StartupSettingName[];

export type AppSettings = Record<StartupSettingName, string>;
