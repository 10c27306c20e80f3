import { SignJWT, importJWK, type JWK } from 'jose';
import type { Db } from '../../server/db/connect.ts';
import { loadServerKeys } from '../../server/identity/keys.ts';
import { apiAudience, issuerFor } from '../../server/identity/provider.ts';

/**
 * An access token signed with the server's own key (read from its database), as the provider would issue it.
 * For servers a test reaches only over the network, where the sign-in page flow would add nothing.
 */
export async function mintAccessToken(db: Db, email: string, publicUrl: string, claims: { aud?: string; iss?: string; exp?: number; typ?: string } = {}): Promise<string> {
  const user = await db.selectFrom('users').select('userId').where('email', '=', email).executeTakeFirstOrThrow();
  const { jwks } = await loadServerKeys(db);
  const jwk = jwks.keys[0]! as JWK & { kid: string };
  return new SignJWT({ scope: 'openid api' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: claims.typ ?? 'at+jwt' })
    .setSubject(user.userId)
    .setIssuer(claims.iss ?? issuerFor(publicUrl))
    .setAudience(claims.aud ?? apiAudience(publicUrl))
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? '1h')
    .sign(await importJWK(jwk, 'RS256'));
}
