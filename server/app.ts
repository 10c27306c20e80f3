import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { apiPaths } from '../src/contract/routes.ts';
import { problemTypes } from '../src/contract/problem.ts';
import { isPublicPath, publicPageFile } from '../src/contract/public-pages.ts';
import { createAuth } from './auth/auth.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { requireApiVersion } from './http/api-version.ts';
import { healthRoutes } from './http/health.ts';
import { nextPageLinks } from './http/odata.ts';
import { localBackplane, redisBackplane } from './hub/backplane.ts';
import { Hub } from './hub/hub.ts';
import { dataEpoch } from './sync/changes.ts';
import { WritePath } from './sync/write-path.ts';
import { sendProblem } from './http/problem.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { clientErrorHandler, installErrorHandling } from './http/error-handler.ts';
import { archiveAssets, archivedAsset, assetArchiveDir, hostingRules } from './http/hosting-rules.ts';
import { securityHeaders } from './http/security-headers.ts';
import { installGracefulStop } from './http/shutdown.ts';
import { refuseUnstorableText } from './http/text-checks.ts';
import { interactionRoutes } from './identity/interactions.ts';
import { setPasswordRoutes } from './identity/set-password.ts';
import { loadServerKeys } from './identity/keys.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { apiAudience, createProvider, identityMountPath, issuerFor, signOutScriptPath } from './identity/provider.ts';
import type { ModuleContext } from './modules/context.ts';
import { storeLocationRoutes } from './modules/store-locations/routes.ts';
import { companyRoutes } from './modules/companies/routes.ts';
import { platformPeopleRoutes } from './modules/platform-people/routes.ts';
import { platformHealthRoutes } from './modules/platform-health/routes.ts';
import { storeFigureRoutes } from './modules/store-figures/routes.ts';
import { JobHealth } from './jobs/job-health.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { customerLookupRoutes } from './modules/customers/lookups.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { notificationPreferenceRoutes } from './modules/notifications/preference-routes.ts';
import { systemNotificationRoutes } from './modules/notifications/system-routes.ts';
import { ratingRoutes } from './modules/ratings/routes.ts';
import { ratingRequestRoutes } from './modules/ratings/rating-request-routes.ts';
import { storeMessageRoutes } from './modules/store-messages/routes.ts';
import { storeMessageListRoutes } from './modules/store-messages/list-routes.ts';
import { contactFormRoutes } from './modules/contact-form/routes.ts';
import { onlineBookingRoutes } from './modules/booking/routes.ts';
import { messageSinkRoutes } from './modules/store-messages/sink-routes.ts';
import { inspectionReportRoutes } from './modules/inspections/report-routes.ts';
import { inspectionPhotoRoutes } from './modules/inspections/photo-routes.ts';
import { inspectionReportPublicRoutes } from './modules/inspections/public-routes.ts';
import { tractionOrderRoutes } from './modules/traction-orders/routes.ts';
import { workOrderRoutes } from './modules/work-orders/routes.ts';
import { schedulerResourceRoutes } from './modules/scheduler-resources/routes.ts';
import { blockedTimeRoutes } from './modules/scheduler/block-routes.ts';
import { unconfirmedVisitRoutes } from './modules/scheduler/unconfirmed-routes.ts';
import { scheduledVisitRoutes } from './modules/scheduler/visit-routes.ts';
import { inspectionTemplateRoutes } from './modules/inspection-templates/routes.ts';
import { messageTemplateRoutes } from './modules/message-templates/routes.ts';
import { storeContactRoutes } from './modules/store-contacts/routes.ts';
import { sendMessageRoutes } from './modules/store-messages/send-routes.ts';
import { OutboundDispatcher } from './messaging/dispatcher.ts';
import { twilioWebhookPaths, twilioWebhookRoutes } from './messaging/twilio-webhooks.ts';
import { VisitMessagesJob } from './messaging/visit-messages-job.ts';
import { IdempotencyKeyPruning } from './jobs/idempotency-key-pruning.ts';
import { AuditTrailPruning } from './jobs/audit-trail-pruning.ts';
import { historyRoutes } from './modules/history/routes.ts';
import { createSmsSender, type SmsSender } from './messaging/sms.ts';
import { storeServiceRoutes } from './modules/store-services/routes.ts';
import { retailRoutes } from './modules/retail/routes.ts';
import { tirePurchaseAddOnRoutes } from './modules/retail/add-on-routes.ts';
import { storeTireOptionRoutes } from './modules/retail/tire-option-routes.ts';
import { tireInstallPackageRoutes } from './modules/retail/install-package-routes.ts';
import { tireFeeRoutes } from './modules/retail/tire-fee-routes.ts';
import { retailPriceRuleRoutes } from './modules/retail/price-rule-routes.ts';
import { tireQuoteRoutes } from './modules/tire-quotes/routes.ts';
import { visitTireRoutes } from './modules/scheduler/visit-tire-routes.ts';
import { tireQuotePublicRoutes } from './modules/tire-quotes/public-routes.ts';
import { productInformationRoutes } from './modules/product-information/routes.ts';
import { logisticsRoutes } from './modules/product-information/logistics-routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { staffRoutes } from './modules/users/staff-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The send queue's dispatcher of this app (its idle() is what tests and shutdown wait on). */
    outbound: OutboundDispatcher;
  }
}
export interface AppOptions {
  config: Config;
  db: Db;
  logger?: boolean;
  clock?: Clock;
  /** Where mail goes; by default SMTP_URL's server, or the mail sink. */
  mailer?: Mailer;
  /** Where texts go; by default Twilio with its credentials set, or the SMS sink. */
  sms?: SmsSender;
  /** Told of every route as it is registered (scripts/api-doc.ts lists the API from them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole server: identity, API, and the built PWA. main.ts listens; tests use inject. */
export async function buildApp({
  config,
  db,
  logger = true,
  clock = systemClock,
  mailer = createMailer(config.mail),
  sms = createSmsSender(config.sms, `${config.publicUrl}${twilioWebhookPaths.status}`),
  onRoute,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Query strings stay out of the logs: they carry one-time tokens (set-password links) and searched names.
    logger: logger
      ? {
          level: config.production ? 'info' : 'warn',
          serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }) },
        }
      : false,
    // Forwarded headers name the caller's address only when they come from a proxy we were told of.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    // A malformed address (bad percent-encoding) or body type Fastify refuses before any route: our problem details too.
    frameworkErrors: (error, _request, reply) =>
      sendProblem(reply, {
        ...problemTypes.badRequest,
        detail: error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: it has a malformed percent-encoding.' : error.message,
      }),
  });

  if (onRoute) app.addHook('onRoute', onRoute);
  installErrorHandling(app);
  // First: a redirect needs no headers, limits nor work.
  hostingRules(app, config);
  await securityHeaders(app, config);
  await registerRateLimits(app, config.redisUrl, db);

  const keys = await loadServerKeys(db);
  const auth = createAuth({ db, publicJwks: keys.publicJwks, issuer: issuerFor(config.publicUrl), audience: apiAudience(config.publicUrl) });
  const provider = createProvider({
    db,
    keys,
    publicUrl: config.publicUrl,
    clientId: config.appSettings.signInClientName,
    production: config.production,
    accessTokenTtl: config.accessTokenTtl,
    behindProxy: config.trustProxy !== false,
  });
  const redis = config.redisUrl ? await redisBackplane(config.redisUrl, await dataEpoch(db), (message, error) => app.log.error({ err: error }, message)) : null;
  const hub = new Hub({ db, auth, backplane: redis ?? localBackplane(), log: app.log, secret: keys.cookieKeys[0]! });
  hub.attach(app);
  installGracefulStop(app, hub);
  const writes = new WritePath(db, hub, clock, config.messageLimits);
  const jobs = new JobHealth();
  const outbound = new OutboundDispatcher({ db, writes, clock, sms, mailer, log: (message, error) => app.log.error({ err: error }, message), health: jobs });
  outbound.start();
  app.decorate('outbound', outbound);
  app.addHook('preClose', async () => {
    await outbound.stop();
  });
  const visitMessages = new VisitMessagesJob({
    db,
    writes,
    clock,
    outbound,
    publicUrl: config.publicUrl,
    log: (message, error) => app.log.error({ err: error }, message),
    health: jobs,
  });
  visitMessages.start();
  app.addHook('preClose', async () => {
    await visitMessages.stop();
  });
  const keyPruning = new IdempotencyKeyPruning({ db, clock, log: (message, error) => app.log.error({ err: error }, message) });
  keyPruning.start();
  app.addHook('preClose', async () => {
    await keyPruning.stop();
  });
  const auditPruning = new AuditTrailPruning({
    db,
    clock,
    retentionDays: config.auditRetentionDays,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  auditPruning.start();
  app.addHook('preClose', async () => {
    await auditPruning.stop();
  });
  // After the jobs, whose last sends still announce their changes through the hub's backplane.
  app.addHook('preClose', async () => {
    await hub.close();
  });
  const context: ModuleContext = { db, auth, config, events: hub, clock, writes, mailer, outbound, secret: keys.cookieKeys[0]! };

  await healthRoutes(app, { db, redis, connections: () => hub.connectionCount });
  app.get(signOutScriptPath, async (_request, reply) =>
    reply.type('text/javascript').header('cache-control', 'no-cache').send("document.getElementById('op.logoutForm').submit();\n"),
  );
  app.get(apiPaths.appSettings, async (_request, reply) => reply.header('cache-control', 'no-cache').send(config.appSettings));

  await app.register(interactionRoutes, { provider, db, clock });
  await app.register(setPasswordRoutes, { db, clock });
  await app.register(async (identity) => {
    // oidc-provider reads its own request bodies: leave the stream untouched for it.
    identity.removeAllContentTypeParsers();
    identity.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = provider.callback();
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(identityMountPath.length) || '/';
      // The provider writes its own answers: give them the security headers Fastify set for this request.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string);
      reply.hijack();
      handle(raw, reply.raw);
    };
    identity.all(identityMountPath, forward);
    identity.all(`${identityMountPath}/*`, forward);
  });

  await app.register(async (api) => {
    // Answers of a kilobyte or more go compressed to a browser that takes it (brotli at a quick level, else gzip): a
    // first sync's pages and the lists shrink about eightfold. Request bodies are read as sent (a compressed one is no JSON).
    await api.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
    requireApiVersion(api);
    refuseUnstorableText(api);
    nextPageLinks(api);
    // The API takes JSON only: any other body type is a 415, not text handed to a route.
    api.removeContentTypeParser('text/plain');
    await userRoutes(api, context);
    await storeLocationRoutes(api, context);
    await companyRoutes(api, context);
    await platformPeopleRoutes(api, context);
    await platformHealthRoutes(api, context, { hub, jobs });
    await storeFigureRoutes(api, context);
    await schedulerResourceRoutes(api, context);
    await scheduledVisitRoutes(api, context);
    await blockedTimeRoutes(api, context);
    await unconfirmedVisitRoutes(api, context);
    await staffRoutes(api, context);
    await storeContactRoutes(api, context);
    await inspectionTemplateRoutes(api, context);
    await messageTemplateRoutes(api, context);
    await storeServiceRoutes(api, context);
    await syncRoutes(api, context);
    await customerRoutes(api, context);
    await customerLookupRoutes(api, context);
    await ratingRoutes(api, context);
    await ratingRequestRoutes(api, context);
    await storeMessageRoutes(api, context);
    await storeMessageListRoutes(api, context);
    await contactFormRoutes(api, context);
    await onlineBookingRoutes(api, context);
    await messageSinkRoutes(api, context);
    await inspectionReportRoutes(api, context);
    await inspectionPhotoRoutes(api, context);
    await inspectionReportPublicRoutes(api, context);
    await tractionOrderRoutes(api, context);
    await workOrderRoutes(api, context);
    await sendMessageRoutes(api, context);
    await notificationRoutes(api, context);
    await notificationPreferenceRoutes(api, context);
    await supportRoutes(api, context);
    await systemNotificationRoutes(api, context);
    await retailRoutes(api, context);
    await tirePurchaseAddOnRoutes(api, context);
    await storeTireOptionRoutes(api, context);
    await tireInstallPackageRoutes(api, context);
    await tireFeeRoutes(api, context);
    await retailPriceRuleRoutes(api, context);
    await tireQuoteRoutes(api, context);
    await visitTireRoutes(api, context);
    await tireQuotePublicRoutes(api, context);
    await productInformationRoutes(api, context);
    await logisticsRoutes(api, context);
    await historyRoutes(api, context);
  });

  await twilioWebhookRoutes(app, context);
  await servePwa(app, config.staticDir, config.production, assetArchiveDir(config));
  return app;
}

/**
 * The built PWA: hashed assets cached for a year, the shell and service worker always revalidated, and
 * every other path that is not an API or a file answered with index.html so client routes load. Source maps
 * (the full sources) are not served in production. Earlier builds' assets come from the archive
 * (server/http/hosting-rules.ts), so a page loaded before a deploy still gets its chunks.
 */
async function servePwa(app: FastifyInstance, staticDir: string | null, production: boolean, archiveDir: string): Promise<void> {
  const indexHtml = staticDir ? path.join(staticDir, 'index.html') : null;
  const publicHtml = staticDir ? path.join(staticDir, publicPageFile) : null;
  const hasBuild = !!indexHtml && fs.existsSync(indexHtml);
  if (hasBuild) {
    try {
      archiveAssets(path.join(staticDir!, 'assets'), archiveDir);
    } catch (error) {
      // Only earlier builds' chunks go missing (404, as without the archive): no reason to stay down.
      app.log.warn({ err: error }, `Earlier builds' assets could not be archived in ${archiveDir}`);
    }
    await app.register(fastifyStatic, {
      root: staticDir!,
      wildcard: false,
      index: false,
      // The build's .br and .gz copies (build/precompress.ts), by the browser's Accept-Encoding.
      preCompressed: true,
      allowedPath: (pathName) => !(production && pathName.endsWith('.map')),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`) || filePath.startsWith(`${archiveDir}${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = pathname.startsWith('/api/') || pathname.startsWith(identityMountPath) || pathname.startsWith('/hubs/');
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    // An earlier build's chunk, missing from dist since the deploy (or deleted under this process): from the archive.
    const archived = hasBuild && isGet ? archivedAsset(archiveDir, pathname) : null;
    if (archived && !(production && archived.endsWith('.map'))) return reply.sendFile(archived, archiveDir);
    // A missing file (a chunk no build had for 30 days, a source map in production) is a 404, not the app's page.
    const isFile = /\/[^/]+\.[a-z0-9]+$/i.test(pathname);
    if (!isApi && !isFile && hasBuild && isGet) {
      // A customer's page starts from its own page, with none of the staff app's code.
      const page = isPublicPath(pathname) && fs.existsSync(publicHtml!) ? publicHtml! : indexHtml!;
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(page));
    }
    return sendProblem(reply, { ...problemTypes.notFound, detail: `Nothing is found at ${request.method} ${pathname}.` });
  });
}
