import { createHash } from 'node:crypto';

/**
 * The access token's claim naming the sign-in it came from: a digest of its grant, the same across the token's
 * renewals on one device and another for each new sign-in. Not the grant's id itself, which names a stored grant.
 */
export const signInClaim = 'sign_in';

export const signInDigest = (grantId: string): string => createHash('sha256').update(`sign-in:${grantId}`).digest('base64url').slice(0, 22);
