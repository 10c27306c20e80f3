import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPaths } from '../../../src/contract/routes.ts';
import type { Role } from '../../../src/contract/enums.ts';
import { inviteStaffSchema, staffRoleSchema, type InviteAnswer } from '../../../src/contract/writes.ts';
import { storeAdmins } from '../../../src/domain/roles.ts';
import { grantableRoles, removesOwnLastAdmin, staffMessages } from '../../../src/domain/staff-rules.ts';
import { ProblemError, parseOrProblem } from '../../http/problem.ts';
import { setPasswordPath, tokenHash } from '../../identity/set-password.ts';
import { storeScope, type StoreScope } from '../../sync/scope.ts';
import type { Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { refreshStoreStaff } from './store-staff.ts';

/** How long an invitation link works. */
const inviteDays = 7;
const userParams = z.object({ userId: z.uuid() });

function mayGrant(scope: StoreScope, role: Role): void {
  if (!grantableRoles(scope.user.roles).includes(role)) throw new ProblemError('forbidden', staffMessages.cannotGrant(role), { errors: { role: [staffMessages.cannotGrant(role)] } });
}

/** Gives `userId` exactly `role` at the store (PointSAdmin is held at every store), or no role there. */
async function setRoleAtStore(w: Writer, userId: string, storeId: number, role: Role | null): Promise<void> {
  await w.lockOn('roles-of-user', userId);
  await w.trx.deleteFrom('userRoles').where('userId', '=', userId).where('storeId', '=', storeId).execute();
  if (role === 'PointSAdmin') {
    await w.trx.insertInto('userRoles').values({ userId, storeId: null, role }).onConflict((oc) => oc.doNothing()).execute();
  } else if (role) {
    await w.trx.insertInto('userRoles').values({ userId, storeId, role }).execute();
  }
  await refreshStoreStaff(w.trx, w.scope.companyId, { userId: w.scope.user.userId, name: w.scope.user.name, at: w.now.toISOString() }, [userId]);
  w.events.push({ companyId: w.scope.companyId, storeId, name: 'ReplicaChanged', args: ['storeStaff', `${storeId}/${userId}`] });
}

/** The store's people and their roles (settings, users): invite, change a role, remove from the store. */
export async function staffRoutes(app: FastifyInstance, { db, auth, writes, config, mailer }: ModuleContext): Promise<void> {
  const admin = (request: Parameters<typeof storeScope>[2]) => storeScope(db, auth, request, storeAdmins, 'who works at this store');

  app.post(apiPaths.storeUsers, async (request, reply) => {
    const scope = await admin(request);
    const model = parseOrProblem(inviteStaffSchema, request.body, 'The invitation');
    mayGrant(scope, model.role);
    // Set only on the first run: a replay answers without the link (the stored answer never holds a token).
    let token: string | null = null;
    let created = false;
    const result = await writes.run(request, scope, async (w) => {
      // Two invitations of one address at once: the second finds the account the first made.
      await w.lockOn('user-email', model.email.toLowerCase());
      const existing = await w.trx.selectFrom('users').select(['userId', 'companyId', 'passwordHash'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', model.email)).executeTakeFirst();
      // Said alike whatever the reason: whether an address has an account elsewhere is not this company's business.
      if (existing && existing.companyId !== scope.companyId) throw new ProblemError('conflict', staffMessages.cannotInvite, { errors: { email: [staffMessages.cannotInvite] } });
      const userId = existing?.userId ?? randomUUID();
      created = !existing;
      if (!existing) await w.trx.insertInto('users').values({ userId, companyId: scope.companyId, email: model.email, name: model.name, passwordHash: '' }).execute();
      await setRoleAtStore(w, userId, scope.storeId, model.role);
      if (!existing?.passwordHash) {
        token = randomBytes(32).toString('base64url');
        await voidInvites(w, userId);
        await w.trx.insertInto('userInvites').values({
          tokenHash: tokenHash(token), userId, invitedBy: scope.user.userId,
          createdAt: w.now.toISOString(), expiresAt: new Date(w.now.getTime() + inviteDays * 86_400_000).toISOString(), usedAt: null,
        }).execute();
      }
      const answer: InviteAnswer = { userId, setPasswordUrl: null, emailed: false };
      return { status: existing ? 200 : 201, body: answer };
    });
    if (!token) return reply.code(result.status).send(result.body);
    const link = `${config.publicUrl}${setPasswordPath}?token=${token}`;
    const delivery = await mailer.send({
      to: model.email,
      subject: 'Your AllTrac account',
      text: `${scope.user.name} invited you to AllTrac.\n\nSet your password within ${inviteDays} days: ${link}\n\nThen sign in with ${model.email}.`,
    }).catch((error: unknown) => { request.log.warn({ err: error }, 'The invitation was not mailed'); return null; });
    // The link is shown only to the admin who made the account: an account someone else made (and may
    // manage elsewhere) gets its new link by email alone, so no admin can take over another's invitee.
    return reply.code(result.status).send({ ...result.body, setPasswordUrl: created ? link : null, emailed: delivery === 'sent' } satisfies InviteAnswer);
  });

  app.patch(apiPaths.storeUser, async (request, reply) => {
    const scope = await admin(request);
    const { userId } = parseOrProblem(userParams, request.params, 'The path');
    const { role } = parseOrProblem(staffRoleSchema, request.body, 'The role');
    mayGrant(scope, role);
    if (removesOwnLastAdmin(scope.user.userId, scope.user.roles, userId, scope.storeId, role)) throw new ProblemError('conflict', staffMessages.ownLastAdmin);
    const result = await writes.run(request, scope, async (w) => {
      await staffMember(w, userId);
      await setRoleAtStore(w, userId, scope.storeId, role);
      return { status: 200, body: { userId, role } };
    });
    return reply.code(result.status).send(result.body);
  });

  app.delete(apiPaths.storeUser, async (request, reply) => {
    const scope = await admin(request);
    const { userId } = parseOrProblem(userParams, request.params, 'The path');
    if (removesOwnLastAdmin(scope.user.userId, scope.user.roles, userId, scope.storeId, null)) throw new ProblemError('conflict', staffMessages.ownLastAdmin);
    const result = await writes.run(request, scope, async (w) => {
      await staffMember(w, userId);
      await setRoleAtStore(w, userId, scope.storeId, null);
      // Someone with no role left anywhere keeps no way in: their unused links stop working.
      const left = await w.trx.selectFrom('userRoles').select('role').where('userId', '=', userId).executeTakeFirst();
      if (!left) await voidInvites(w, userId);
      return { status: 204, body: null };
    });
    return reply.code(result.status).send();
  });
}

/** Ends every unused link of the person (a new one replaces them; a removed person keeps none). */
async function voidInvites(w: Writer, userId: string): Promise<void> {
  await w.trx.updateTable('userInvites').set({ usedAt: w.now.toISOString() }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
}

/** The person, when they are of the caller's company; otherwise as if they did not exist. */
async function staffMember(w: Writer, userId: string): Promise<void> {
  const user = await w.trx.selectFrom('users').select('userId').where('userId', '=', userId).where('companyId', '=', w.scope.companyId).executeTakeFirst();
  if (!user) throw new ProblemError('notFound', 'This store has no such person.');
}
