import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { apiPaths } from '../src/contract/routes.ts';
import { problemTypes } from '../src/contract/problem.ts';
import { createAuth } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { requireApiVersion } from './http/api-version.ts';
import { localBackplane, redisBackplane } from './hub/backplane.ts';
import { Hub } from './hub/hub.ts';
import { dataEpoch } from './sync/changes.ts';
import { ProblemError, sendProblem } from './http/problem.ts';
import { interactionRoutes } from './identity/interactions.ts';
import { loadServerKeys } from './identity/keys.ts';
import { apiAudience, createProvider, identityMountPath, issuerFor } from './identity/provider.ts';
import type { ModuleContext } from './modules/context.ts';
import { storeLocationRoutes } from './modules/store-locations/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { notificationPreferenceRoutes } from './modules/notifications/preference-routes.ts';
import { systemNotificationRoutes } from './modules/notifications/system-routes.ts';
import { ratingRoutes } from './modules/ratings/routes.ts';
import { storeMessageRoutes } from './modules/store-messages/routes.ts';
import { storeServiceRoutes } from './modules/store-services/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { userRoutes } from './modules/users/routes.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: boolean;
}

/** Builds the whole server: identity, API, and the built PWA. main.ts listens; tests use inject. */
export async function buildApp({ config, db, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.production ? 'info' : 'warn' } : false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });

  app.setErrorHandler((error: FastifyError | ProblemError, request, reply) => {
    if (error instanceof ProblemError) return sendProblem(reply, error.problem, error.headers);
    // PostgreSQL data exceptions (SQLSTATE class 22): a value that does not fit its column, such as text
    // compared with a number in a $filter. The request is at fault, not the server.
    if (/^22/.test(String((error as { code?: unknown }).code ?? ''))) {
      return sendProblem(reply, { ...problemTypes.badRequest, detail: `A value in the request does not fit the field it is compared with or stored in (${error.message}).` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, { ...problemTypes.internal, detail: 'The server could not complete the request. Try again; if it keeps failing, contact support.' });
    }
    const detail = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
      ? 'The body is not valid JSON.'
      : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The body is too large.' : error.message;
    const base = status === 429 ? problemTypes.tooManyRequests : status === 415 ? { ...problemTypes.badRequest, status: 415, title: 'Unsupported media type' } : { ...problemTypes.badRequest, status };
    return sendProblem(reply, { ...base, detail });
  });

  const keys = await loadServerKeys(db);
  const auth = createAuth({ db, publicJwks: keys.publicJwks, issuer: issuerFor(config.publicUrl), audience: apiAudience(config.publicUrl) });
  const provider = createProvider({ db, keys, publicUrl: config.publicUrl, clientId: config.appSettings.signInClientName, production: config.production });
  const backplane = config.redisUrl
    ? await redisBackplane(config.redisUrl, await dataEpoch(db), (message, error) => app.log.error({ err: error }, message))
    : localBackplane();
  const hub = new Hub({ db, auth, backplane, log: app.log });
  hub.attach(app);
  app.addHook('preClose', async () => { await hub.close(); });
  const context: ModuleContext = { db, auth, config, events: hub };

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get(apiPaths.appSettings, async (_request, reply) => reply.header('cache-control', 'no-cache').send(config.appSettings));

  await app.register(interactionRoutes, { provider, db });
  await app.register(async (identity) => {
    // oidc-provider reads its own request bodies: leave the stream untouched for it.
    identity.removeAllContentTypeParsers();
    identity.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = provider.callback();
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(identityMountPath.length) || '/';
      reply.hijack();
      handle(raw, reply.raw);
    };
    identity.all(identityMountPath, forward);
    identity.all(`${identityMountPath}/*`, forward);
  });

  await app.register(async (api) => {
    requireApiVersion(api);
    await userRoutes(api, context);
    await storeLocationRoutes(api, context);
    await storeServiceRoutes(api, context);
    await syncRoutes(api, context);
    await customerRoutes(api, context);
    await ratingRoutes(api, context);
    await storeMessageRoutes(api, context);
    await notificationRoutes(api, context);
    await notificationPreferenceRoutes(api, context);
    await supportRoutes(api, context);
    await systemNotificationRoutes(api, context);
  });

  await servePwa(app, config.staticDir);
  return app;
}

/**
 * The built PWA: hashed assets cached for a year, the shell and service worker always revalidated, and
 * every other path that is not an API answered with index.html so client routes load.
 */
async function servePwa(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const indexHtml = staticDir ? path.join(staticDir, 'index.html') : null;
  const hasBuild = !!indexHtml && fs.existsSync(indexHtml);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir!,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith(identityMountPath) || request.url.startsWith('/hubs/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexHtml!));
    }
    return sendProblem(reply, { ...problemTypes.notFound, detail: `Nothing is found at ${request.method} ${request.url.split('?')[0]}.` });
  });
}
