import type { FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { activeStoreHeader } from '../../src/contract/routes.ts';
import { storeIdText, type CurrentUser } from '../../src/contract/user.ts';
import { mayUseStore } from '../../src/domain/roles.ts';
import type { Db } from '../db/connect.ts';
import { ProblemError } from '../http/problem.ts';

export type AuthUser = CurrentUser;

export interface Auth {
  /** The signed-in caller, or a 401 problem. */
  authenticate(request: FastifyRequest): Promise<AuthUser>;
  /** The user of a bearer access token, or a 401 problem (the hub authenticates its sockets with it). */
  userFromToken(token: string): Promise<AuthUser>;
  /**
   * The store named by the ActiveStoreLocation header, once the caller is known to hold a role there
   * (PointSAdmin: any store). Checked before anything is looked up, so a forbidden caller learns nothing.
   */
  activeStore(request: FastifyRequest, user: AuthUser): number;
}

const unauthorized = (detail: string) =>
  new ProblemError('unauthorized', detail, { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });

export async function loadUser(db: Db, userId: string): Promise<AuthUser | undefined> {
  const user = await db.selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.companyId')
    .select(['users.userId', 'users.companyId', 'companies.alltracCompanyId', 'users.name', 'users.email'])
    .where('users.userId', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await db.selectFrom('userRoles').select(['storeId', 'role']).where('userId', '=', userId)
    .orderBy('storeId').orderBy('role').execute();
  return { ...user, roles };
}

export function createAuth(options: { db: Db; publicJwks: { keys: JWK[] }; issuer: string; audience: string }): Auth {
  const keySet = createLocalJWKSet(options.publicJwks);

  const userFromToken = async (token: string): Promise<AuthUser> => {
    let subject: string | undefined;
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
      });
      subject = payload.sub;
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw unauthorized(expired ? 'The access token has expired; renew it or sign in again.' : 'The access token is not valid; sign in again.');
    }
    const user = subject ? await loadUser(options.db, subject) : undefined;
    if (!user) throw unauthorized('The account of this access token no longer exists.');
    return user;
  };

  return {
    userFromToken,
    async authenticate(request) {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw unauthorized('Sign in to use this call: send the access token as "Authorization: Bearer <token>".');
      return userFromToken(match[1]!);
    },

    activeStore(request, user) {
      const raw = request.headers[activeStoreHeader.toLowerCase()];
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (!value) throw new ProblemError('badRequest', `Choose a store: send its id in the ${activeStoreHeader} header.`, { errors: { [activeStoreHeader]: ['Required'] } });
      const parsed = storeIdText.safeParse(value);
      if (!parsed.success) throw new ProblemError('badRequest', `The ${activeStoreHeader} header must be a store id written in digits, such as 17.`, { errors: { [activeStoreHeader]: ['Must be a whole number'] } });
      const storeId = parsed.data;
      if (!mayUseStore(user.roles, storeId)) throw new ProblemError('forbidden', `You do not hold a role at store ${storeId}.`);
      return storeId;
    },
  };
}
