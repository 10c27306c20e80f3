import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { escapeHtml, identityMountPath, page } from './provider.ts';
import { clearFailures, lockedForMinutes, recordFailure, subjectsFor } from './sign-in-throttle.ts';

export const signInMessages = {
  incorrect: 'Incorrect email or password.',
  throttled: (minutes: number) =>
    `Too many failed sign-in attempts. For your security, sign-in is paused; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  expired: 'This sign-in page has expired. Go back to the app and sign in again.',
} as const;

function loginForm(uid: string, email = '', error?: string): string {
  const action = `${identityMountPath}/interaction/${encodeURIComponent(uid)}/login`;
  return page('Sign in', `
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}" autocomplete="on" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" ${email ? '' : 'autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required ${email ? 'autofocus' : ''}>
  <button type="submit">Sign in</button>
</form>`);
}

const loginBody = z.object({ email: z.string().trim().max(254).default(''), password: z.string().max(1000).default('') });

/** The login page the provider sends users to, and its form post. */
export async function interactionRoutes(app: FastifyInstance, opts: { provider: Provider; db: Db }): Promise<void> {
  const { provider, db } = opts;
  // An interaction that expired or was finished in another tab has no details: the page says so.
  const interactionOf = (request: FastifyRequest, reply: FastifyReply) =>
    provider.interactionDetails(request.raw, reply.raw).catch(() => null);
  await app.register(formbody);

  app.get<{ Params: { uid: string } }>(`${identityMountPath}/interaction/:uid`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const details = await interactionOf(request, reply);
    if (!details) return reply.code(400).type('text/html').send(page('Sign in', `<p class="error" role="alert">${signInMessages.expired}</p>`));
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
    if (!details) return reply.code(400).type('text/html').send(page('Sign in', `<p class="error" role="alert">${signInMessages.expired}</p>`));
    const parsed = loginBody.safeParse(request.body ?? {});
    const { email, password } = parsed.success ? parsed.data : { email: '', password: '' };
    const [accountSubject, addressSubject] = subjectsFor(email, request.ip);

    const waitMinutes = await lockedForMinutes(db, [accountSubject!, addressSubject!]);
    if (waitMinutes > 0) {
      return reply.code(429).header('retry-after', String(waitMinutes * 60)).type('text/html')
        .send(loginForm(details.uid, email, signInMessages.throttled(waitMinutes)));
    }

    const user = email
      ? await db.selectFrom('users').select(['userId', 'passwordHash']).where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())).executeTakeFirst()
      : undefined;
    // Check against a decoy when the account does not exist, so timing tells nothing either.
    const ok = await verifyPassword(password, user?.passwordHash ?? decoyHash) && !!user;
    if (!ok) {
      await recordFailure(db, [accountSubject!, addressSubject!]);
      return reply.code(401).type('text/html').send(loginForm(details.uid, email, signInMessages.incorrect));
    }
    await clearFailures(db, [accountSubject!]);
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.userId } }, { mergeWithLastSubmission: false });
    return reply.redirect(redirectTo, 303);
  });
}
