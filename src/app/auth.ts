import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { AppSettings } from '../contract/app-settings.ts';

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
