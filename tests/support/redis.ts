import { Redis } from 'ioredis';

export const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

async function probe(): Promise<string | null> {
  const client = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    client.disconnect();
  }
}

/** Why Redis tests cannot run here, or null when they can. */
export const redisUnavailable = await probe();
if (redisUnavailable) {
  // A machine meant to have Redis (CI sets REQUIRE_SERVICES) fails here instead of passing with its tests skipped.
  if (process.env.REQUIRE_SERVICES) throw new Error(`Redis is required here (REQUIRE_SERVICES) but cannot be reached at ${redisUrl}: ${redisUnavailable}`);
  console.warn(`Redis tests skipped: cannot connect to ${redisUrl} (${redisUnavailable}). Set REDIS_TEST_URL to a Redis server.`);
}
