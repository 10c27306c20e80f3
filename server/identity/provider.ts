import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/connect.ts';
import { databaseAdapter } from './adapter.ts';
import type { ServerKeys } from './keys.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { signInClaim, signInDigest } from '../auth/sign-in-claim.ts';

export const identityMountPath = '/identity';
/** Submits the sign-out form of the app's own sign-out (an external script: the pages allow no inline script). */
export const signOutScriptPath = '/identity-sign-out.js';
export const apiScope = 'api';
const scopes = ['openid', 'profile', 'email', 'offline_access', apiScope];

export interface IdentityOptions {
  db: Db;
  keys: ServerKeys;
  publicUrl: string;
  clientId: string;
  production: boolean;
  /** Lifetime of an access token in seconds (an hour by default). */
  accessTokenTtl: number;
  /** Whether forwarded headers come from a trusted proxy (TRUST_PROXY). */
  behindProxy: boolean;
}

/** The audience of access tokens for this API. */
export const apiAudience = (publicUrl: string) => `${publicUrl}/api`;
export const issuerFor = (publicUrl: string) => `${publicUrl}${identityMountPath}`;

/**
 * The OpenID provider at /identity: one public client (the PWA) with authorization code + PKCE and
 * refresh tokens; access tokens are JWTs for the API audience. Sign-in is the login page of
 * ./interactions.ts; consent is implied for our own client.
 */
export function createProvider(options: IdentityOptions): Provider {
  const { db, keys, publicUrl, clientId, accessTokenTtl } = options;
  const audience = apiAudience(publicUrl);

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    jwks: { keys: keys.jwks.keys as never },
    cookies: { keys: keys.cookieKeys, long: { signed: true }, short: { signed: true } },
    clients: [
      {
        client_id: clientId,
        client_name: 'AllTrac staff app',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/signin-callback`, `${publicUrl}/signin-silent`],
        post_logout_redirect_uris: [`${publicUrl}/`, `${publicUrl}/signed-out`],
      },
    ],
    scopes,
    claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
    findAccount: async (_ctx, accountId) => {
      // A disabled person has no account here: their refresh tokens are refused (invalid_grant) at the next renewal.
      const user = await db
        .selectFrom('users')
        .select(['userId', 'name', 'email'])
        .where('userId', '=', accountId)
        .where('disabledAt', 'is', null)
        .executeTakeFirst();
      if (!user) return undefined;
      return { accountId: user.userId, claims: async () => ({ sub: user.userId, name: user.name, email: user.email }) };
    },
    // The PWA is served from the same origin; no other site may call the provider from a browser.
    clientBasedCORS: (_ctx, origin) => origin === new URL(publicUrl).origin,
    interactions: { url: (_ctx, interaction) => `${identityMountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Signing out revokes the device's refresh token: only the app's own request (with the signed-in
        // user's id token as hint) goes through by itself; any other link asks the person first.
        logoutSource: async (ctx, form) => {
          const hint = (ctx.oidc.entities as { IdTokenHint?: { payload?: { sub?: unknown } } }).IdTokenHint;
          const fromTheApp = hint?.payload?.sub !== undefined && hint.payload.sub === ctx.oidc.session?.accountId;
          ctx.body = fromTheApp
            ? page(
                'Signing out',
                `${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}<p>Signing you out…</p><noscript><button form="op.logoutForm">Sign out</button></noscript><script src="${signOutScriptPath}"></script>`,
              )
            : page(
                'Sign out?',
                `${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}<p>Do you want to sign out of AllTrac on this device?</p><button form="op.logoutForm">Sign out</button><p><a href="${escapeHtml(publicUrl)}/">Stay signed in</a></p>`,
              );
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = page('Signed out', `<p>You are signed out.</p><p><a href="${escapeHtml(publicUrl)}/">Back to the app</a></p>`);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new Error('unknown resource');
          return { scope: apiScope, audience, accessTokenTTL: accessTokenTtl, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
    // Our only client is first-party: the grant is implied, so no consent screen is shown.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope(scopes.join(' '));
      grant.addOIDCClaims(['name', 'email']);
      grant.addResourceScope(audience, apiScope);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // The sign-in a token comes from (its grant, as a digest): a device's health report is tied to it.
    extraTokenClaims: async (_ctx, token) =>
      'grantId' in token && typeof token.grantId === 'string' ? { [signInClaim]: signInDigest(token.grantId) } : undefined,
    pkce: { required: () => true },
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 60 * 60 * 24 * 30,
      Session: 60 * 60 * 24 * 30,
      // Long enough for a device that stays offline over a holiday; rotated on each use.
      RefreshToken: 60 * 60 * 24 * 30,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in problem',
        `<p>${escapeHtml(out.error_description ?? out.error)}</p><p><a href="${escapeHtml(publicUrl)}/">Back to the app</a></p>`,
      );
    },
  };

  const provider = new Provider(issuerFor(publicUrl), configuration);
  provider.proxy = options.behindProxy;
  return provider;
}

/** The small HTML frame shared by the identity pages. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · AllTrac</title>
<link rel="icon" href="/favicon.svg">
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f1f3f5; margin: 0; color: #1a1b1e; }
  main { max-width: 380px; margin: 10vh auto; background: #fff; padding: 32px; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { color: #004C98; font-size: 1.4rem; margin: 0 0 24px; }
  label { display: block; font-weight: 600; margin: 16px 0 6px; }
  input { width: 100%; box-sizing: border-box; padding: 10px; font-size: 1rem; border: 1px solid #adb5bd; border-radius: 4px; }
  input:focus { outline: 2px solid #004C98; outline-offset: 1px; }
  button { margin-top: 24px; width: 100%; padding: 12px; font-size: 1rem; font-weight: 600; color: #fff; background: #004C98; border: 0; border-radius: 4px; cursor: pointer; }
  button:focus-visible { outline: 3px solid #2CB249; outline-offset: 2px; }
  .error { color: #D90B0B; background: #fdecec; padding: 10px 12px; border-radius: 4px; margin: 0 0 8px; }
  a { color: #004C98; }
</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
