import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../../src/contract/enums.ts';
import { peopleMessages } from '../../../src/contract/platform-people.ts';
import type { InviteAnswer } from '../../../src/contract/writes.ts';
import { staffMessages } from '../../../src/domain/people/staff-rules.ts';
import { ProblemError } from '../../http/problem.ts';
import { setPasswordPath, tokenHash } from '../../identity/set-password.ts';
import type { StoreScope } from '../../sync/scope.ts';
import type { ModuleContext } from '../context.ts';
import { setRoleAtStore, voidInvites } from './staff-roles.ts';

/** How long an invitation link works. */
const inviteDays = 7;

export interface Invitation {
  email: string;
  name: string;
  role: Role;
}

/**
 * Gives a person `role` at the scope's store, making their account when the address has none, and mails them
 * a link to set their password when they have none yet. `elsewhere` words the refusal of an address that
 * belongs to another company (a store's admin learns nothing of it; a platform admin may be told where).
 */
export async function invitePerson(
  { writes, config, mailer }: Pick<ModuleContext, 'writes' | 'config' | 'mailer'>,
  request: FastifyRequest,
  scope: StoreScope,
  model: Invitation,
  elsewhere: (companyName: string) => string = () => staffMessages.cannotInvite,
): Promise<{ status: number; body: InviteAnswer }> {
  // Set only on the first run: a replay answers without the link (the stored answer never holds a token).
  let token: string | null = null;
  let created = false;
  const result = await writes.run(request, scope, async (w) => {
    // Two invitations of one address at once, even from two companies: the second finds the account the first made.
    await w.lockAcrossCompanies('user-email', model.email.toLowerCase());
    const existing = await w.trx
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.companyId')
      .select(['users.userId', 'users.companyId', 'users.passwordHash', 'users.disabledAt', 'companies.name as companyName'])
      .where((eb) => eb(eb.fn('lower', ['users.email']), '=', model.email))
      .executeTakeFirst();
    if (existing && existing.companyId !== scope.companyId) {
      const message = elsewhere(existing.companyName);
      throw new ProblemError('conflict', message, { errors: { email: [message] } });
    }
    // A role given to a disabled person would look like a welcome they cannot use.
    if (existing?.disabledAt) throw new ProblemError('conflict', peopleMessages.inviteDisabled, { errors: { email: [peopleMessages.inviteDisabled] } });
    const userId = existing?.userId ?? randomUUID();
    created = !existing;
    if (!existing)
      await w.trx.insertInto('users').values({ userId, companyId: scope.companyId, email: model.email, name: model.name, passwordHash: '' }).execute();
    await setRoleAtStore(w, userId, scope.storeId, model.role);
    if (!existing?.passwordHash) {
      token = randomBytes(32).toString('base64url');
      await voidInvites(w, userId);
      await w.trx
        .insertInto('userInvites')
        .values({
          tokenHash: tokenHash(token),
          userId,
          invitedBy: scope.user.userId,
          createdAt: w.now.toISOString(),
          expiresAt: new Date(w.now.getTime() + inviteDays * 86_400_000).toISOString(),
          usedAt: null,
        })
        .execute();
    }
    const answer: InviteAnswer = { userId, setPasswordUrl: null, emailed: false };
    return { status: existing ? 200 : 201, body: answer };
  });
  if (!token) return result;
  const link = `${config.publicUrl}${setPasswordPath}?token=${token}`;
  const delivery = await mailer
    .send({
      to: model.email,
      subject: 'Your AllTrac account',
      text: `${scope.user.name} invited you to AllTrac.\n\nSet your password within ${inviteDays} days: ${link}\n\nThen sign in with ${model.email}.`,
    })
    .catch((error: unknown) => {
      request.log.warn({ err: error }, 'The invitation was not mailed');
      return null;
    });
  // The link is shown only to the admin who made the account: an account someone else made (and may
  // manage elsewhere) gets its new link by email alone, so no admin can take over another's invitee.
  return { status: result.status, body: { ...result.body, setPasswordUrl: created ? link : null, emailed: delivery === 'sent' } };
}
