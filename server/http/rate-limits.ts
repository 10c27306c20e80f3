import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../db/connect.ts';
import { dataEpoch } from '../sync/changes.ts';
import { ProblemError } from './problem.ts';

/**
 * The limits public calls (no sign-in) set on how often an address may call them, answered as a 429 problem
 * detail. With REDIS_URL the counts live in Redis, so a limit holds for all server processes together (in each
 * process's memory, N processes would allow N times it); without it, in memory, as one process needs no more.
 *
 * If Redis stops answering, calls go through unlimited rather than fail: the customers' pages and Twilio's
 * webhooks keep working through an outage, and sign-in throttling, which guards passwords, is counted in the
 * database and holds regardless (server/identity/sign-in-throttle.ts).
 */
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | null, db: Db): Promise<void> {
  const redis = redisUrl ? await connectRedis(app, redisUrl) : null;
  await app.register(rateLimit, {
    global: false,
    // Keyed by the data epoch, like the hub's channel: deployments (and test runs) sharing one Redis never
    // count each other's calls.
    ...(redis && { redis, nameSpace: `alltrac:rate-limit:${await dataEpoch(db)}:`, skipOnError: true }),
    errorResponseBuilder: (_request, context) =>
      new ProblemError('tooManyRequests', `Too many requests from this address; try again in ${Math.ceil(context.ttl / 1000)} seconds.`, {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });
}

/**
 * ioredis, as the hub's backplane: the plugin's Redis store defines its counting script with ioredis's
 * defineCommand and supports no other client. Its own connection, as the plugin advises (below).
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // As the plugin advises: a command fails at once while Redis is away instead of waiting in a queue, so a
  // public call is not held up by an outage.
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  client.on('error', (error: unknown) => app.log.error({ err: error }, 'Redis connection error (rate limits)'));
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw error;
  }
  // quit() waits for answers already asked for; a connection that is down has none to wait for.
  app.addHook('onClose', async () => {
    await client.quit().catch(() => client.disconnect());
  });
  return client;
}
