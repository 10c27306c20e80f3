import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPaths } from '../../../src/contract/routes.ts';
import type { Role } from '../../../src/contract/enums.ts';
import { inviteStaffSchema, staffRoleSchema } from '../../../src/contract/writes.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import { grantableRoles, removesOwnLastAdmin, staffMessages } from '../../../src/domain/people/staff-rules.ts';
import { ProblemError, parseOrProblem } from '../../http/problem.ts';
import { storeScope, type StoreScope } from '../../sync/scope.ts';
import type { Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { invitePerson } from './invite-person.ts';
import { holdsNoRole, setRoleAtStore, voidInvites } from './staff-roles.ts';

const userParams = z.object({ userId: z.uuid() });

function mayGrant(scope: StoreScope, role: Role): void {
  if (!grantableRoles(scope.user.roles).includes(role))
    throw new ProblemError('forbidden', staffMessages.cannotGrant(role), { errors: { role: [staffMessages.cannotGrant(role)] } });
}

/** The store's people and their roles (settings, users): invite, change a role, remove from the store. */
export async function staffRoutes(app: FastifyInstance, context: ModuleContext): Promise<void> {
  const { db, auth, writes } = context;
  const admin = (request: Parameters<typeof storeScope>[2]) => storeScope(db, auth, request, storeAdmins, 'who works at this store');

  app.post(apiPaths.storeUsers, async (request, reply) => {
    const scope = await admin(request);
    const model = parseOrProblem(inviteStaffSchema, request.body, 'The invitation');
    mayGrant(scope, model.role);
    const result = await invitePerson(context, request, scope, model);
    return reply.code(result.status).send(result.body);
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
      if (await holdsNoRole(w, userId)) await voidInvites(w, userId);
      return { status: 204, body: null };
    });
    return reply.code(result.status).send();
  });
}

/** The person, when they are of the caller's company; otherwise as if they did not exist. */
async function staffMember(w: Writer, userId: string): Promise<void> {
  const user = await w.trx.selectFrom('users').select('userId').where('userId', '=', userId).where('companyId', '=', w.scope.companyId).executeTakeFirst();
  if (!user) throw new ProblemError('notFound', 'This store has no such person.');
}
