import { createHash } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { hashPassword } from './passwords.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { identityMountPath, page } from './provider.ts';
import { transact } from '../db/transaction-guard.ts';

/** Under /identity: served by the server, never by the app's service worker (it leaves /identity alone). */
export const setPasswordPath = `${identityMountPath}/set-password`;
export const minimumPasswordLength = 10;

export const setPasswordMessages = {
  invalid: "This link does not work any more: it was used already, or it expired. Ask your store's Admin for a new invitation.",
  tooShort: `Use at least ${minimumPasswordLength} characters.`,
  different: 'The two passwords are not the same.',
  done: 'Your password is set. Sign in with your email and the new password.',
} as const;

/** Only this hash of a link's token is stored. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
const body = z.object({ token: z.string().max(200).default(''), password: z.string().max(1000).default(''), confirm: z.string().max(1000).default('') });

function form(token: string, email: string, error?: string): string {
  return page(
    'Set your password',
    `
<p>For <strong>${escapeHtml(email)}</strong>.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${setPasswordPath}" novalidate>
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <input type="text" name="username" autocomplete="username" value="${escapeHtml(email)}" hidden>
  <label for="password">New password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="${minimumPasswordLength}" required autofocus>
  <label for="confirm">The same password again</label>
  <input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
  <button type="submit">Set password</button>
</form>`,
  );
}

/** The one-time link of an invitation: the person chooses a password, then signs in as usual. */
export async function setPasswordRoutes(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }): Promise<void> {
  await app.register(formbody);
  const invite = (token: string) =>
    db
      .selectFrom('userInvites')
      .innerJoin('users', 'users.userId', 'userInvites.userId')
      .select(['userInvites.tokenHash', 'users.userId', 'users.email'])
      .where('userInvites.tokenHash', '=', tokenHash(token))
      .where('userInvites.usedAt', 'is', null)
      .where('userInvites.expiresAt', '>', clock.now().toISOString())
      .executeTakeFirst();
  const refused = () => page('Set your password', `<p class="error" role="alert">${setPasswordMessages.invalid}</p>`);

  app.get<{ Querystring: { token?: string } }>(setPasswordPath, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const found = token ? await invite(token) : undefined;
    if (!found) return reply.code(410).type('text/html').send(refused());
    return reply.type('text/html').send(form(token, found.email));
  });

  app.post(setPasswordPath, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const parsed = body.safeParse(request.body ?? {});
    const { token, password, confirm } = parsed.success ? parsed.data : { token: '', password: '', confirm: '' };
    const found = token ? await invite(token) : undefined;
    if (!found) return reply.code(410).type('text/html').send(refused());
    if (password.length < minimumPasswordLength)
      return reply
        .code(400)
        .type('text/html')
        .send(form(token, found.email, setPasswordMessages.tooShort));
    if (password !== confirm)
      return reply
        .code(400)
        .type('text/html')
        .send(form(token, found.email, setPasswordMessages.different));
    const passwordHash = await hashPassword(password);
    const used = await transact(db, async (trx) => {
      // Used once: of two posts of one link at the same moment, one sets the password.
      const claimed = await trx
        .updateTable('userInvites')
        .set({ usedAt: clock.now().toISOString() })
        .where('tokenHash', '=', found.tokenHash)
        .where('usedAt', 'is', null)
        .returning('tokenHash')
        .executeTakeFirst();
      if (!claimed) return false;
      // Any other link of the same person stops working too: the password is set.
      await trx.updateTable('userInvites').set({ usedAt: clock.now().toISOString() }).where('userId', '=', found.userId).where('usedAt', 'is', null).execute();
      await trx.updateTable('users').set({ passwordHash }).where('userId', '=', found.userId).execute();
      return true;
    });
    if (!used) return reply.code(410).type('text/html').send(refused());
    return reply
      .type('text/html')
      .send(page('Password set', `<p role="status">${setPasswordMessages.done}</p><p><a href="/">Open AllTrac and sign in</a></p>`));
  });
}
