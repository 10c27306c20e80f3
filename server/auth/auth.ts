import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { peopleMessages } from '../../src/contract/platform-people.ts';
import { activeStoreHeader } from '../../src/contract/routes.ts';
import { storeIdText, type CurrentUser } from '../../src/contract/user.ts';
import { mayUseStore } from '../../src/domain/people/roles.ts';
import type { Db } from '../db/connect.ts';
import { ProblemError } from '../http/problem.ts';
import { signInClaim } from './sign-in-claim.ts';

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
  /**
   * The sign-in (a digest of its grant) whose token authenticated `request`, or null for a token without one: a
   * device's report is tied to it (server/modules/platform-health/device-report.ts).
   */
  signInOf(request: FastifyRequest): string | null;
}

const unauthorized = (detail: string) => new ProblemError('unauthorized', detail, { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });

/** The user with their company and roles, in one round trip (every request asks it); none when disabled. */
export async function loadUser(db: Db, userId: string): Promise<AuthUser | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.companyId')
    .select(['users.userId', 'users.companyId', 'companies.alltracCompanyId', 'users.name', 'users.email'])
    .select(
      sql<AuthUser['roles']>`coalesce((select json_agg(json_build_object('storeId', r.store_id, 'role', r.role) order by r.store_id, r.role)
      from user_roles r where r.user_id = users.user_id), '[]'::json)`.as('roles'),
    )
    .where('users.userId', '=', userId)
    .where('users.disabledAt', 'is', null)
    .executeTakeFirst();
}

/** How many verified tokens are remembered: far more than the devices one process serves in a token's life. */
const verifiedTokensKept = 5000;

export function createAuth(options: { db: Db; publicJwks: { keys: JWK[] }; issuer: string; audience: string }): Auth {
  const keySet = createLocalJWKSet(options.publicJwks);

  /**
   * Tokens already verified, with their subject and end: a device sends one token for many requests, and an RS256
   * check costs a quarter of a millisecond each. A token's signature and end are all that is remembered: its
   * person is looked up on every request, so one disabled meanwhile is refused at once.
   */
  const verified = new Map<string, { subject: string | undefined; signIn: string | null; endsAt: number }>();
  /** The sign-in of each authenticated request, for signInOf. */
  const signIns = new WeakMap<FastifyRequest, string | null>();

  const verify = async (token: string): Promise<{ user: AuthUser; signIn: string | null }> => {
    let subject: string | undefined;
    let signIn: string | null;
    const known = verified.get(token);
    try {
      if (known && Date.now() < known.endsAt) {
        subject = known.subject;
        signIn = known.signIn;
      } else {
        verified.delete(token);
        const { payload } = await jwtVerify(token, keySet, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ['RS256'],
          typ: 'at+jwt',
        });
        subject = payload.sub;
        signIn = typeof payload[signInClaim] === 'string' ? payload[signInClaim] : null;
        if (payload.exp !== undefined) {
          if (verified.size >= verifiedTokensKept) verified.delete(verified.keys().next().value!);
          verified.set(token, { subject, signIn, endsAt: payload.exp * 1000 });
        }
      }
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw unauthorized(expired ? 'The access token has expired; renew it or sign in again.' : 'The access token is not valid; sign in again.');
    }
    const user = subject ? await loadUser(options.db, subject) : undefined;
    if (user) return { user, signIn };
    // A disabled person's token is refused at once, not when it ends: they are told why.
    const disabled =
      subject && (await options.db.selectFrom('users').select('userId').where('userId', '=', subject).where('disabledAt', 'is not', null).executeTakeFirst());
    throw unauthorized(disabled ? peopleMessages.disabled : 'The account of this access token no longer exists.');
  };

  return {
    userFromToken: async (token) => (await verify(token)).user,
    async authenticate(request) {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw unauthorized('Sign in to use this call: send the access token as "Authorization: Bearer <token>".');
      const { user, signIn } = await verify(match[1]!);
      signIns.set(request, signIn);
      return user;
    },

    signInOf: (request) => signIns.get(request) ?? null,

    activeStore(request, user) {
      const raw = request.headers[activeStoreHeader.toLowerCase()];
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (!value)
        throw new ProblemError('badRequest', `Choose a store: send its id in the ${activeStoreHeader} header.`, {
          errors: { [activeStoreHeader]: ['Required'] },
        });
      const parsed = storeIdText.safeParse(value);
      if (!parsed.success)
        throw new ProblemError('badRequest', `The ${activeStoreHeader} header must be a store id written in digits, such as 17.`, {
          errors: { [activeStoreHeader]: ['Must be a whole number'] },
        });
      const storeId = parsed.data;
      if (!mayUseStore(user.roles, storeId)) throw new ProblemError('forbidden', `You do not hold a role at store ${storeId}.`);
      return storeId;
    },
  };
}
