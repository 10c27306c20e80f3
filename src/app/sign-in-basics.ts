import type { AppSettings } from '../contract/app-settings.ts';

/*
 * What boot needs of the sign-in before the sign-in client's code (oidc-client-ts, auth.ts) loads: the address
 * the provider sends the browser back to, and who is signed in on this browser.
 */

export const signInCallbackPath = '/signin-callback';

/** localStorage key of the signed-in user (oidc-client-ts's own): another tab signing in or out changes it. */
export const storedUserKey = (settings: AppSettings) => `oidc.user:${settings.authority}:${settings.signInClientName}`;

/** Who a stored user is: the subject and the access token oidc-client-ts kept, expired or not. */
export interface StoredUser {
  sub: string;
  accessToken: string;
}

/** The user a stored value names (oidc-client-ts's JSON), or null when there is none or it does not read as one. */
export function parseStoredUser(value: string | null): StoredUser | null {
  if (!value) return null;
  try {
    const user = JSON.parse(value) as { profile?: { sub?: unknown }; access_token?: unknown };
    const sub = user.profile?.sub;
    return typeof sub === 'string' && typeof user.access_token === 'string' ? { sub, accessToken: user.access_token } : null;
  } catch {
    return null;
  }
}

/**
 * The user signed in on this browser, read straight from oidc-client-ts's storage: the first paint needs only who
 * it is and the token to hand the worker, so the sign-in client's code loads after it.
 */
export const storedUser = (settings: AppSettings) => parseStoredUser(window.localStorage.getItem(storedUserKey(settings)));
