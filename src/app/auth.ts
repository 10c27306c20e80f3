import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { AppSettings } from '../contract/app-settings.ts';
import { apiPaths, withApiVersion } from '../contract/routes.ts';
import { currentUserSchema, type CurrentUser } from '../contract/user.ts';

export const signInCallbackPath = '/signin-callback';

/**
 * The sign-in client: authorization code + PKCE against the authority of the startup settings, tokens kept
 * in localStorage so a reload or an offline start still knows the user.
 */
export function createUserManager(settings: AppSettings, origin = window.location.origin): UserManager {
  return new UserManager({
    authority: settings.authority,
    client_id: settings.signInClientName,
    redirect_uri: `${origin}${signInCallbackPath}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email offline_access api',
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    monitorSession: false,
  });
}

/** "My user" (spec section 7), called once the user is signed in. */
export async function fetchCurrentUser(settings: AppSettings, user: User): Promise<CurrentUser> {
  const response = await fetch(`${settings.centralApi}${withApiVersion(apiPaths.me)}`, {
    headers: { authorization: `Bearer ${user.access_token}` },
  });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { detail?: string } | null;
    throw new Error(problem?.detail ?? `Your account could not be loaded (HTTP ${response.status}).`);
  }
  return currentUserSchema.parse(await response.json());
}
