import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/connect.ts';

export interface ServerKeys {
  /** Private signing keys for oidc-provider (tokens signed with the first). */
  jwks: { keys: JWK[] };
  /** Public halves, for verifying access tokens in this process. */
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

/**
 * Signing and cookie keys live in the database, so tokens and sessions survive a restart and every
 * server process of a scaled-out deployment signs and verifies with the same keys.
 */
export async function loadServerKeys(db: Db): Promise<ServerKeys> {
  const existing = await db.selectFrom('serverKeys').select('value').where('name', '=', 'identity').executeTakeFirst();
  let stored = existing?.value as { jwks: { keys: JWK[] }; cookieKeys: string[] } | undefined;
  if (!stored) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    const candidate = { jwks: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('base64url')] };
    // A second process starting at the same moment keeps the first one's keys.
    await db
      .insertInto('serverKeys')
      .values({ name: 'identity', value: JSON.stringify(candidate) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('serverKeys').select('value').where('name', '=', 'identity').executeTakeFirstOrThrow();
    stored = row.value as typeof candidate;
  }
  const publicJwks = {
    keys: stored.jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }) as JWK),
  };
  return { jwks: stored.jwks, publicJwks, cookieKeys: stored.cookieKeys };
}
