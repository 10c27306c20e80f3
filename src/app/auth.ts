import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { AppSettings } from '../contract/app-settings.ts';
import { signInCallbackPath } from './sign-in-basics.ts';

/**
 * The sign-in client: authorization code + PKCE against the authority of the startup settings, tokens kept
 * in localStorage so a reload or an offline start still knows the user. Tokens are never renewed on a
 * timer in every tab: the provider rotates refresh tokens and revokes the grant when one is used twice, so
 * only the sync leader renews (renewAccessToken), and every tab's worker hears of the new token. This module is
 * loaded after the first paint (src/main.tsx), which reads the stored user itself (sign-in-basics.ts).
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
    automaticSilentRenew: false,
    monitorSession: false,
  });
}

/**
 * Renews the access token with the refresh token, once per browser profile at a time: under a lock, and not
 * at all when another tab already stored a newer token than the one to replace.
 */
export function renewAccessToken(manager: UserManager, stale: string | null): Promise<string | null> {
  return navigator.locks.request('alltrac-token-renewal', async () => {
    const stored = await manager.getUser();
    if (stored && !stored.expired && stored.access_token !== stale) return stored.access_token;
    if (!stored?.refresh_token) return null;
    try {
      return (await manager.signinSilent())?.access_token ?? null;
    } catch {
      return null;
    }
  });
}
