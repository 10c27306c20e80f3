import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  invitePersonSchema,
  peopleListLimit,
  peopleMessages,
  peopleQuerySchema,
  personAccessSchema,
  type PeopleList,
  type PlatformPerson,
} from '../../../src/contract/platform-people.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { staffRoleSchema } from '../../../src/contract/writes.ts';
import { isPlatformAdmin } from '../../../src/domain/people/roles.ts';
import type { AuthUser } from '../../auth/auth.ts';
import type { Db } from '../../db/connect.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import type { Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { invitePerson } from '../users/invite-person.ts';
import { holdsNoRole, rolesChanged, setRoleAtStore, voidInvites } from '../users/staff-roles.ts';

const personParams = z.object({ userId: z.uuid("The person's id must be a UUID") });
const storeRoleParams = personParams.extend({
  storeId: z.coerce.number().int().min(1, 'No store has such an id').max(2_147_483_647, 'No store has such an id'),
});

/**
 * People of every company, for the platform's admins (the dashboard's People tab, issue 27; ours, docs/api.md):
 * find a person, give or take their role at a store, make them a platform admin, invite one, disable one. A
 * disabled person keeps their roles (enabling gives them back) but not their way in: their refresh tokens are
 * deleted with the disabling, and every request and renewal of theirs is refused from then on.
 */
export async function platformPeopleRoutes(app: FastifyInstance, context: ModuleContext): Promise<void> {
  const { db, auth, writes, clock } = context;
  const platformAdmin = async (request: FastifyRequest): Promise<AuthUser> => {
    const user = await auth.authenticate(request);
    if (!isPlatformAdmin(user.roles)) throw new ProblemError('forbidden', "Only the platform's administrators (PointSAdmin) manage people across companies.");
    return user;
  };
  /** The person's company: every write about them runs in it, so their locks and staff rows are the store admins' own. */
  const companyOf = async (userId: string): Promise<number> => {
    const person = await db.selectFrom('users').select('companyId').where('userId', '=', userId).executeTakeFirst();
    if (!person) throw new ProblemError('notFound', 'Nobody has this id: search again.');
    return person.companyId;
  };
  const answer = async (userId: string): Promise<PlatformPerson> => (await readPeople(db, clock.now(), { userId })).items[0]!;

  app.get(apiPaths.platformPeople, async (request): Promise<PeopleList> => {
    await platformAdmin(request);
    return readPeople(db, clock.now(), parseOrProblem(peopleQuerySchema, request.query, 'The search'));
  });

  app.post(apiPaths.platformPeople, async (request, reply) => {
    const user = await platformAdmin(request);
    const model = parseOrProblem(invitePersonSchema, request.body, 'The invitation');
    if (model.role === 'PointSAdmin') throw new ProblemError('validation', peopleMessages.storeRoleOnly, { errors: { role: [peopleMessages.storeRoleOnly] } });
    const store = await db.selectFrom('storeLocations').select('companyId').where('id', '=', model.storeId).where('deleted', '=', false).executeTakeFirst();
    if (!store) throw new ProblemError('validation', `Store ${model.storeId} does not exist.`, { errors: { storeId: ['Choose an open store'] } });
    const result = await invitePerson(context, request, { user, companyId: store.companyId, storeId: model.storeId }, model, peopleMessages.otherCompany);
    return reply.code(result.status).send(result.body);
  });

  app.put(apiPaths.platformPersonStoreRole, async (request) => {
    const user = await platformAdmin(request);
    const { userId, storeId } = parseOrProblem(storeRoleParams, request.params, 'The path');
    const { role } = parseOrProblem(staffRoleSchema, request.body, 'The role');
    if (role === 'PointSAdmin') throw new ProblemError('validation', peopleMessages.storeRoleOnly, { errors: { role: [peopleMessages.storeRoleOnly] } });
    const companyId = await companyOf(userId);
    await writes.run(request, { user, companyId, storeId }, async (w) => {
      await storeOfCompany(w, storeId);
      await setRoleAtStore(w, userId, storeId, role);
      return { status: 200, body: null };
    });
    return answer(userId);
  });

  app.delete(apiPaths.platformPersonStoreRole, async (request) => {
    const user = await platformAdmin(request);
    const { userId, storeId } = parseOrProblem(storeRoleParams, request.params, 'The path');
    const companyId = await companyOf(userId);
    await writes.run(request, { user, companyId, storeId }, async (w) => {
      await storeOfCompany(w, storeId, { closedToo: true });
      await setRoleAtStore(w, userId, storeId, null);
      if (await holdsNoRole(w, userId)) await voidInvites(w, userId);
      return { status: 200, body: null };
    });
    return answer(userId);
  });

  app.put(apiPaths.platformPersonAdminRole, async (request) => {
    const user = await platformAdmin(request);
    const { userId } = parseOrProblem(personParams, request.params, 'The path');
    const companyId = await companyOf(userId);
    await writes.run(request, { user, companyId, storeId: null }, async (w) => {
      await w.lockOn('roles-of-user', userId);
      await w.trx
        .insertInto('userRoles')
        .values({ userId, storeId: null, role: 'PointSAdmin' })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { status: 200, body: null };
    });
    return answer(userId);
  });

  app.delete(apiPaths.platformPersonAdminRole, async (request) => {
    const user = await platformAdmin(request);
    const { userId } = parseOrProblem(personParams, request.params, 'The path');
    if (userId === user.userId) throw new ProblemError('conflict', peopleMessages.notOwnPlatformAdmin);
    const companyId = await companyOf(userId);
    await writes.run(request, { user, companyId, storeId: null }, async (w) => {
      await keepsAPlatformAdmin(w, userId);
      await w.lockOn('roles-of-user', userId);
      await w.trx.deleteFrom('userRoles').where('userId', '=', userId).where('role', '=', 'PointSAdmin').execute();
      rolesChanged(w, userId);
      if (await holdsNoRole(w, userId)) await voidInvites(w, userId);
      return { status: 200, body: null };
    });
    return answer(userId);
  });

  app.patch(apiPaths.platformPerson, async (request) => {
    const user = await platformAdmin(request);
    const { userId } = parseOrProblem(personParams, request.params, 'The path');
    const { disabled } = parseOrProblem(personAccessSchema, request.body, 'The change');
    if (disabled && userId === user.userId) throw new ProblemError('conflict', peopleMessages.notSelf);
    const companyId = await companyOf(userId);
    await writes.run(request, { user, companyId, storeId: null }, async (w) => {
      if (disabled) await keepsAPlatformAdmin(w, userId);
      await w.lockOn('roles-of-user', userId);
      const person = await w.trx.selectFrom('users').select('disabledAt').where('userId', '=', userId).forUpdate().executeTakeFirstOrThrow();
      // Disabling twice keeps the first time; enabling an enabled person changes nothing.
      if (disabled === (person.disabledAt !== null)) return { status: 200, body: null };
      await w.trx
        .updateTable('users')
        .set({ disabledAt: disabled ? w.now.toISOString() : null })
        .where('userId', '=', userId)
        .execute();
      if (disabled) await signOutEverywhere(w, userId);
      return { status: 200, body: null };
    });
    if (disabled) context.events.disconnectUser(userId);
    return answer(userId);
  });
}

/**
 * Ends the person's sign-ins: their refresh tokens, grants and provider sessions go, so no device of theirs can
 * renew; their unused invitation links stop working.
 */
async function signOutEverywhere(w: Writer, userId: string): Promise<void> {
  await w.trx
    .deleteFrom('oidcPayloads')
    .where('model', 'in', ['RefreshToken', 'Grant', 'Session', 'AuthorizationCode', 'AccessToken'])
    .where(sql<string>`payload->>'accountId'`, '=', userId)
    .execute();
  await voidInvites(w, userId);
}

/**
 * Platform admins change each other one at a time, and never so that none is left: two admins taking each other's
 * role at once would otherwise both succeed. The caller must still be one (another may just have removed them).
 */
async function keepsAPlatformAdmin(w: Writer, leaving: string): Promise<void> {
  await w.lockAcrossCompanies('platform-admins');
  const admins = await w.trx
    .selectFrom('userRoles')
    .innerJoin('users', 'users.userId', 'userRoles.userId')
    .select('users.userId')
    .where('userRoles.role', '=', 'PointSAdmin')
    .where('users.disabledAt', 'is', null)
    .execute();
  if (!admins.some((a) => a.userId === w.scope.user.userId)) throw new ProblemError('forbidden', 'You are no longer a platform administrator.');
  const leavingIsAdmin = admins.some((a) => a.userId === leaving);
  if (leavingIsAdmin && admins.length <= 1) throw new ProblemError('conflict', peopleMessages.lastPlatformAdmin);
}

/** A role is given at (or taken from, `closedToo`) a store of the person's own company only. */
async function storeOfCompany(w: Writer, storeId: number, { closedToo = false } = {}): Promise<void> {
  let query = w.trx.selectFrom('storeLocations').select('id').where('id', '=', storeId).where('companyId', '=', w.scope.companyId);
  if (!closedToo) query = query.where('deleted', '=', false);
  const store = await query.executeTakeFirst();
  if (!store)
    throw new ProblemError('validation', `Store ${storeId} is not an open store of this person's company.`, {
      errors: { storeId: ["Choose an open store of the person's company"] },
    });
}

/**
 * People matching a search (part of a name or email) or one person, by name, with their roles and how many
 * devices they are signed in on now: their refresh tokens not used up or ended, one per grant (a device).
 */
async function readPeople(db: Db, now: Date, where: { q?: string; alltracCompanyId?: number | undefined; userId?: string }): Promise<PeopleList> {
  let query = db.selectFrom('users').innerJoin('companies', 'companies.id', 'users.companyId');
  if (where.userId) query = query.where('users.userId', '=', where.userId);
  if (where.alltracCompanyId !== undefined) query = query.where('companies.alltracCompanyId', '=', where.alltracCompanyId);
  const q = where.q?.toLowerCase();
  if (q) query = query.where((eb) => eb.or([sql<boolean>`strpos(lower(users.name), ${q}) > 0`, sql<boolean>`strpos(lower(users.email), ${q}) > 0`]));
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const items = await query
    .select([
      'users.userId',
      'users.name',
      'users.email',
      'companies.alltracCompanyId',
      'companies.name as companyName',
      'users.disabledAt',
      'users.lastSignInAt',
    ])
    .select(
      sql<PlatformPerson['roles']>`coalesce((select json_agg(json_build_object('storeId', r.store_id, 'role', r.role) order by r.store_id nulls first, r.role)
      from user_roles r where r.user_id = users.user_id), '[]'::json)`.as('roles'),
    )
    .orderBy('users.name')
    .orderBy('users.email')
    .limit(peopleListLimit)
    .execute();
  const devices = new Map<string, number>();
  if (items.length > 0) {
    const { rows } = await sql<{ userId: string; devices: number }>`select o.payload->>'accountId' as "userId", count(distinct o.grant_id) as devices
      from oidc_payloads o where o.payload->>'accountId' in (${sql.join(items.map((p) => p.userId))}) and o.model = 'RefreshToken'
      and o.consumed_at is null and o.expires_at > ${now.toISOString()} group by 1`.execute(db);
    for (const row of rows) devices.set(row.userId, Number(row.devices));
  }
  return { items: items.map((p) => ({ ...p, signedInDevices: devices.get(p.userId) ?? 0 })), count: Number(count) };
}
