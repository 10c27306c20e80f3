import { randomUUID } from 'node:crypto';
import { SignJWT, importJWK, type JWK } from 'jose';
import { signInClaim, signInDigest } from '../../server/auth/sign-in-claim.ts';
import type { Db } from '../../server/db/connect.ts';
import { loadServerKeys } from '../../server/identity/keys.ts';
import { apiAudience, issuerFor } from '../../server/identity/provider.ts';

/**
 * An access token signed with the server's own key (read from its database), as the provider would issue it.
 * For servers a test reaches only over the network, where the sign-in page flow would add nothing.
 */
export async function mintAccessToken(
  db: Db,
  email: string,
  publicUrl: string,
  claims: { aud?: string; iss?: string; exp?: number; typ?: string; signIn?: string | null } = {},
): Promise<string> {
  const user = await db.selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow();
  const { jwks } = await loadServerKeys(db);
  const jwk = jwks.keys[0]! as JWK & { kid: string };
  // Each token stands for a sign-in of its own, as the provider's would (null: a token from before they named one).
  const signIn = claims.signIn === undefined ? signInDigest(randomUUID()) : claims.signIn;
  return new SignJWT({ scope: 'openid api', ...(signIn === null ? {} : { [signInClaim]: signIn }) })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: claims.typ ?? 'at+jwt' })
    .setSubject(user.userId)
    .setIssuer(claims.iss ?? issuerFor(publicUrl))
    .setAudience(claims.aud ?? apiAudience(publicUrl))
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? '1h')
    .sign(await importJWK(jwk, 'RS256'));
}
