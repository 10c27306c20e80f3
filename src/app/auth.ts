import { ErrorResponse, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { signInEnded, type Renewal } from '../../workers/identity.ts';
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

/** The provider's word for a refresh token it will not honour (used up, revoked, expired, or its person disabled). */
const refusedGrant = 'invalid_grant';

/**
 * Renews the access token with the refresh token, once per browser profile at a time: under a lock, and not
 * at all when another tab already stored a newer token than the one to replace. The provider refusing the
 * refresh token ends the sign-in; no answer (offline, a server error) leaves it to be tried again.
 */
export function renewAccessToken(manager: UserManager, stale: string | null): Promise<Renewal> {
  return navigator.locks.request('alltrac-token-renewal', async (): Promise<Renewal> => {
    const stored = await manager.getUser();
    if (stored && !stored.expired && stored.access_token !== stale) return { token: stored.access_token };
    if (!stored?.refresh_token) return { refused: signInEnded };
    try {
      const renewed = await manager.signinSilent();
      return renewed ? { token: renewed.access_token } : { unanswered: 'The sign-in server gave no token.' };
    } catch (error) {
      if (error instanceof ErrorResponse && error.error === refusedGrant) return { refused: signInEnded };
      return { unanswered: error instanceof Error ? error.message : String(error) };
    }
  });
}
