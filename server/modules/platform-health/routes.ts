import type { FastifyInstance, FastifyRequest } from 'fastify';
import packageJson from '../../../package.json' with { type: 'json' };
import {
  deviceWindowMs,
  failedMessagesWindowMs,
  platformDevicesQuerySchema,
  type FailedMessage,
  type PlatformDevice,
  type PlatformHealth,
} from '../../../src/contract/platform-health.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { isPlatformAdmin } from '../../../src/domain/people/roles.ts';
import { migrationNames } from '../../db/migrate.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import type { JobHealth } from '../../jobs/job-health.ts';
import type { ModuleContext } from '../context.ts';
import { appliedMigrations, databaseFacts, devicesByStore, failedMessageCount, storeNames } from './figures.ts';

/** The lists behind the figures are for reading on a screen: the newest this many. */
const listLimit = 500;

export interface PlatformHealthOptions {
  /** This process's live connections (server/hub/hub.ts). */
  hub: { readonly connectionCount: number; connectionsByStore(): Map<number, number> };
  jobs: JobHealth;
}

/**
 * The platform's health for its admins (issue 27; ours, docs/api.md): the figures in one answer, and the two
 * lists that grow with the network (devices, failed messages) on their own. The hub's connections and the jobs
 * are this process's: each server process holds its own sockets and runs its own jobs.
 */
export async function platformHealthRoutes(
  app: FastifyInstance,
  { db, auth, clock, config }: ModuleContext,
  { hub, jobs }: PlatformHealthOptions,
): Promise<void> {
  const platformAdmin = async (request: FastifyRequest) => {
    const user = await auth.authenticate(request);
    if (!isPlatformAdmin(user.roles)) throw new ProblemError('forbidden', "Only the platform's administrators (PointSAdmin) see the platform's health.");
  };

  app.get(apiPaths.platformHealth, async (request): Promise<PlatformHealth> => {
    await platformAdmin(request);
    const now = clock.now();
    const since = new Date(now.getTime() - failedMessagesWindowMs);
    const connections = hub.connectionsByStore();
    const [database, applied, devices, failed] = await Promise.all([
      databaseFacts(db),
      appliedMigrations(db),
      devicesByStore(db, new Date(now.getTime() - deviceWindowMs)),
      failedMessageCount(db, since),
    ]);
    const named = await storeNames(db, [...new Set([...connections.keys(), ...devices.stores.map((d) => d.storeId)])]);
    return {
      checkedAt: now.toISOString(),
      server: { version: packageJson.version },
      database,
      migrations: { known: migrationNames.length, applied },
      hub: {
        connections: hub.connectionCount,
        stores: [...connections].map(([storeId, count]) => ({ storeId, ...named(storeId), connections: count })).sort(byStore),
      },
      devices: {
        count: devices.count,
        backlog: devices.stores.reduce((sum, d) => sum + d.backlog, 0),
        stores: devices.stores.map((d) => ({ ...d, ...named(d.storeId) })).sort(byStore),
      },
      failedMessages: { since: since.toISOString(), count: failed },
      providers: { sms: config.sms.twilio ? 'live' : 'sink', email: config.mail.smtpUrl ? 'live' : 'sink' },
      jobs: jobs.list(),
    };
  });

  app.get(apiPaths.platformDevices, async (request): Promise<{ items: PlatformDevice[] }> => {
    await platformAdmin(request);
    const { storeId } = parseOrProblem(platformDevicesQuerySchema, request.query, 'The query');
    let query = db
      .selectFrom('devices')
      .leftJoin('storeLocations', 'storeLocations.id', 'devices.storeId')
      .leftJoin('companies', 'companies.id', 'storeLocations.companyId')
      .leftJoin('users', 'users.userId', 'devices.userId')
      .select([
        'devices.deviceId',
        'devices.storeId',
        'storeLocations.storeNumber',
        'storeLocations.name as storeName',
        'companies.name as companyName',
        'devices.userId',
        'users.name as userName',
        'devices.outboxBacklog',
        'devices.lastSyncAt',
        'devices.userAgent',
      ])
      .orderBy('devices.lastSyncAt', 'desc')
      .limit(listLimit);
    if (storeId !== undefined) query = query.where('devices.storeId', '=', storeId);
    query = query.where('devices.lastSyncAt', '>=', new Date(clock.now().getTime() - deviceWindowMs).toISOString());
    return { items: await query.execute() };
  });

  app.get(apiPaths.platformFailedMessages, async (request): Promise<{ since: string; items: FailedMessage[] }> => {
    await platformAdmin(request);
    const since = new Date(clock.now().getTime() - failedMessagesWindowMs).toISOString();
    const rows = await db
      .selectFrom('outboundMessages')
      .leftJoin('storeLocations', 'storeLocations.id', 'outboundMessages.storeId')
      .leftJoin('companies', 'companies.id', 'storeLocations.companyId')
      .select([
        'outboundMessages.storeMessageId',
        'outboundMessages.storeId',
        'storeLocations.storeNumber',
        'storeLocations.name as storeName',
        'companies.name as companyName',
        'outboundMessages.channel',
        'outboundMessages.toAddress',
        'outboundMessages.handedAt',
        'outboundMessages.attempts',
        'outboundMessages.problem',
      ])
      .where('outboundMessages.status', '=', 'failed')
      .where('outboundMessages.handedAt', '>=', since)
      .orderBy('outboundMessages.handedAt', 'desc')
      .limit(listLimit)
      .execute();
    return { since, items: rows.map(({ handedAt, ...row }) => ({ ...row, failedAt: handedAt! })) };
  });
}

type Named = { storeId: number; storeNumber: number | null; companyName: string | null };
/** By company and store number (numbers repeat across companies), stores no longer known last. */
const byStore = (a: Named, b: Named) =>
  (a.companyName === null ? 1 : 0) - (b.companyName === null ? 1 : 0) ||
  (a.companyName ?? '').localeCompare(b.companyName ?? '') ||
  (a.storeNumber ?? 0) - (b.storeNumber ?? 0) ||
  a.storeId - b.storeId;
