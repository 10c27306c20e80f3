import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/connect.ts';
import { testPublicUrl } from './test-app.ts';

const clientId = 'alltrac-staff-pwa';

/** What the flow reads of an answer, whether an app in this process gave it or a server over the network. */
export type SignInResponse = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'json' | 'cookies'>;
type Cookie = SignInResponse['cookies'][number];

/** Sends one request of the sign-in flow. */
export type SignInTransport = (request: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; payload?: string }) => Promise<SignInResponse>;

const parseSetCookie = (header: string): Cookie => {
  const [pair = '', ...attributes] = header.split(';');
  const at = pair.indexOf('=');
  const cookie: Cookie = { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  for (const attribute of attributes) {
    const [name = '', value = ''] = attribute.split('=').map((part) => part.trim());
    if (name.toLowerCase() === 'expires') cookie.expires = new Date(value);
    if (name.toLowerCase() === 'max-age') cookie.maxAge = Number(value);
  }
  return cookie;
};

/**
 * The flow's requests over the network to running server processes, each to the next in turn, as a
 * round-robin load balancer without sticky sessions would send them. The caller's address is the socket's.
 */
export function overNetwork(...baseUrls: string[]): SignInTransport {
  let next = 0;
  return async ({ method, url, headers, payload }) => {
    const response = await fetch(`${baseUrls[next++ % baseUrls.length]!}${url}`, { method, headers, body: payload, redirect: 'manual' });
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      json: () => JSON.parse(body),
      cookies: response.headers.getSetCookie().map(parseSetCookie),
    };
  };
}

/** Cookies as a browser would keep them for one host (paths are ignored: every cookie here is the provider's). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: SignInResponse) {
    for (const c of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const pathOf = (location: string) => {
  const url = new URL(location, 'http://placeholder');
  return url.pathname + url.search;
};

export interface SignInAttempt {
  /** The response of the login form post. */
  loginResponse: SignInResponse;
  /** The provider's cookies after the sign-in (its session). */
  jar?: CookieJar;
  tokens?: { access_token: string; refresh_token?: string; id_token: string; expires_in: number };
}

/**
 * Signs in through the real OpenID flow, as the PWA does: authorization request with PKCE, the login page,
 * the form post, the redirect with a code, and the token request. Into an app in this process (from
 * remoteAddress), or over the network (overNetwork).
 */
export async function signInWithPassword(
  app: FastifyInstance | SignInTransport,
  email: string,
  password: string,
  remoteAddress = '127.0.0.1',
  publicUrl = testPublicUrl,
  headers: Record<string, string> = {},
): Promise<SignInAttempt> {
  const send: SignInTransport = 'inject' in app ? (request) => app.inject({ ...request, remoteAddress }) : app;
  const redirectUri = `${publicUrl}/signin-callback`;
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const get = async (url: string) => {
    const response = await send({ method: 'GET', url, headers: { ...headers, cookie: jar.header() } });
    jar.store(response);
    return response;
  };

  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  let response = await get(`/identity/auth?${query}`);
  const interactionUrl = pathOf(String(response.headers.location));
  response = await get(interactionUrl);
  if (response.statusCode !== 200) throw new Error(`login page answered ${response.statusCode}`);

  const loginResponse = await send({
    method: 'POST',
    url: `${interactionUrl}/login`,
    headers: { ...headers, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password }).toString(),
  });
  jar.store(loginResponse);
  if (loginResponse.statusCode !== 303) return { loginResponse };

  let location = String(loginResponse.headers.location);
  for (let hops = 0; !location.startsWith(redirectUri); hops++) {
    if (hops > 6) throw new Error(`sign-in did not come back to the app; last redirect ${location}`);
    response = await get(pathOf(location));
    location = String(response.headers.location);
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);

  const tokenResponse = await send({
    method: 'POST',
    url: '/identity/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  });
  if (tokenResponse.statusCode !== 200) throw new Error(`token request answered ${tokenResponse.statusCode}: ${tokenResponse.body}`);
  return { loginResponse, jar, tokens: tokenResponse.json() };
}

/** An access token for a demo account, or the test fails. */
export async function accessTokenFor(app: FastifyInstance, email: string, password = 'demo1234', publicUrl = testPublicUrl): Promise<string> {
  const { tokens, loginResponse } = await signInWithPassword(app, email, password, '127.0.0.1', publicUrl);
  if (!tokens) throw new Error(`sign-in of ${email} failed with ${loginResponse.statusCode}`);
  return tokens.access_token;
}

/**
 * An access token for the admin of another company's store (admin@rival.test, the demo's password), made for a
 * tenancy test: whatever that admin sends, the demo company's rows must stay out of reach.
 */
export async function rivalAdminToken(app: FastifyInstance, db: Db, companyId: number, storeId: number): Promise<string> {
  const { passwordHash } = await db.selectFrom('users').select('passwordHash').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
  const userId = randomUUID();
  await db.insertInto('users').values({ userId, companyId, email: 'admin@rival.test', name: 'Rita Rival', passwordHash }).execute();
  await db.insertInto('userRoles').values({ userId, storeId, role: 'AllTracAdmin' }).execute();
  return accessTokenFor(app, 'admin@rival.test');
}
