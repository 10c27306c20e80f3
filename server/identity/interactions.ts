import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { peopleMessages } from '../../src/contract/platform-people.ts';
import type { Db } from '../db/connect.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { identityMountPath, page } from './provider.ts';
import type { Clock } from '../clock.ts';
import { clearFailures, recordFailure, waitBeforeAttempt } from './sign-in-throttle.ts';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export const signInMessages = {
  incorrect: 'Incorrect email or password.',
  empty: 'Enter your email and your password.',
  throttled: (seconds: number) =>
    `Too many failed sign-in attempts. For your security, sign-in is paused; try again in ${seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute')}.`,
  expired: 'This sign-in page has expired. Go back to the app and sign in again.',
} as const;

function loginForm(uid: string, email = '', error?: string): string {
  const action = `${identityMountPath}/interaction/${encodeURIComponent(uid)}/login`;
  return page(
    'Sign in',
    `
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}" autocomplete="on" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" ${email ? '' : 'autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required ${email ? 'autofocus' : ''}>
  <button type="submit">Sign in</button>
</form>`,
  );
}

const loginBody = z.object({ email: z.string().trim().max(254).default(''), password: z.string().max(1000).default('') });

/** The login page the provider sends users to, and its form post. */
export async function interactionRoutes(app: FastifyInstance, opts: { provider: Provider; db: Db; clock: Clock }): Promise<void> {
  const { provider, db, clock } = opts;
  // An interaction that expired or was finished in another tab has no details: the page says so.
  const interactionOf = (request: FastifyRequest, reply: FastifyReply) => provider.interactionDetails(request.raw, reply.raw).catch(() => null);
  await app.register(formbody);

  app.get<{ Params: { uid: string } }>(`${identityMountPath}/interaction/:uid`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const details = await interactionOf(request, reply);
    if (!details)
      return reply
        .code(400)
        .type('text/html')
        .send(page('Sign in', `<p class="error" role="alert">${signInMessages.expired}</p>`));
    if (details.prompt.name === 'login' || !details.session) {
      return reply.type('text/html').send(loginForm(details.uid));
    }
    // Consent is implied for our own client (loadExistingGrant makes the grant).
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, { consent: {} }, { mergeWithLastSubmission: true });
    return reply.redirect(redirectTo, 303);
  });

  app.post<{ Params: { uid: string } }>(`${identityMountPath}/interaction/:uid/login`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const details = await interactionOf(request, reply);
    if (!details)
      return reply
        .code(400)
        .type('text/html')
        .send(page('Sign in', `<p class="error" role="alert">${signInMessages.expired}</p>`));
    const parsed = loginBody.safeParse(request.body ?? {});
    const { email, password } = parsed.success ? parsed.data : { email: '', password: '' };
    // An empty form is a form to finish, not a failed attempt.
    if (!email || !password)
      return reply
        .code(400)
        .type('text/html')
        .send(loginForm(details.uid, email, signInMessages.empty));

    const user = await db
      .selectFrom('users')
      .select(['userId', 'passwordHash', 'disabledAt'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    const attempt = { email, address: request.ip };
    const waitSeconds = await waitBeforeAttempt(db, attempt, clock.now());
    if (waitSeconds > 0) {
      return reply
        .code(429)
        .header('retry-after', String(waitSeconds))
        .type('text/html')
        .send(loginForm(details.uid, email, signInMessages.throttled(waitSeconds)));
    }
    // Check against a decoy when the account does not exist, so timing tells nothing either.
    const ok = (await verifyPassword(password, user?.passwordHash ?? decoyHash)) && !!user;
    if (!ok) {
      await recordFailure(db, attempt, clock.now());
      return reply
        .code(401)
        .type('text/html')
        .send(loginForm(details.uid, email, signInMessages.incorrect));
    }
    await clearFailures(db, attempt);
    // Said only to whoever knows the password: a disabled account is no secret to its owner.
    if (user.disabledAt)
      return reply
        .code(403)
        .type('text/html')
        .send(loginForm(details.uid, email, peopleMessages.disabled));
    await db.updateTable('users').set({ lastSignInAt: clock.now().toISOString() }).where('userId', '=', user.userId).execute();
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.userId } }, { mergeWithLastSubmission: false });
    return reply.redirect(redirectTo, 303);
  });
}
