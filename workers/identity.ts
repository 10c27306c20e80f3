/**
 * Who the sync worker acts for: the user of the access token its tab holds (the token's subject), and when
 * the token expires. The worker reads only these claims; the server checks the signature.
 */
export interface Identity {
  userId: string;
  accessToken: string;
  /** Epoch ms. */
  issuedAt: number;
  expiresAt: number;
}

/** The identity in an access token (a JWT), or null when it is not one. */
export function identityOf(accessToken: string | null): Identity | null {
  if (!accessToken) return null;
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; exp?: unknown; iat?: unknown };
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    const expiresAt = claims.exp * 1000;
    return { userId: claims.sub, accessToken, expiresAt, issuedAt: typeof claims.iat === 'number' ? claims.iat * 1000 : expiresAt - 3_600_000 };
  } catch {
    return null;
  }
}

/** When to renew: with a quarter of the token's life left, so no call meets an expired token. */
export const renewalDueAt = (identity: Identity) => identity.expiresAt - Math.max(5_000, (identity.expiresAt - identity.issuedAt) / 4);

/**
 * What a renewal of the access token came to: a new token; the provider's refusal (the person was disabled, or
 * their sign-in was ended or ran out: only a new sign-in goes on, and the device signs them out); or no answer
 * (no network, a server error), after which the device keeps working on the token it has and tries again.
 */
export type Renewal = { token: string } | { refused: string } | { unanswered: string };

/** Why a device signs a person out when the provider will not renew their sign-in (it cannot tell them more). */
export const signInEnded =
  'Your sign-in on this device has ended: it was ended by an administrator or elsewhere, or it ran out. Sign in again; if you cannot, ask your administrator.';
