import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisUnavailable, redisUrl } from '../support/redis.ts';
import { TcpRelay } from '../support/tcp-relay.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe.skipIf(redisUnavailable !== null)('a server process whose Redis goes away', () => {
  let relay: TcpRelay;
  let t: TestApp;

  beforeAll(async () => {
    const redis = new URL(redisUrl);
    relay = await TcpRelay.start({ host: redis.hostname, port: Number(redis.port || 6379) });
    redis.host = `127.0.0.1:${relay.port}`;
    t = await createTestApp({ env: { REDIS_URL: redis.toString() } });
  });
  afterAll(async () => {
    await relay?.cut();
  });

  const readiness = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    return { status: answer.statusCode, body: answer.json() as { detail?: string; redis?: string } };
  };

  it('answers not ready naming Redis while it is away, ready again once it is back, and still closes while it is away', async () => {
    expect(await readiness()).toMatchObject({ status: 200, body: { redis: 'up' } });
    await relay.cut();
    await expect.poll(readiness, { timeout: 10_000 }).toMatchObject({ status: 503, body: { detail: 'Not ready: Redis (REDIS_URL) does not answer.' } });
    await relay.restore();
    await expect.poll(readiness, { timeout: 10_000 }).toMatchObject({ status: 200, body: { redis: 'up' } });
    await relay.cut();
    await expect.poll(readiness, { timeout: 10_000 }).toMatchObject({ status: 503 });
    // Closing waited for ever on the backplane's Redis connections (then failed on Fastify's plugin timeout).
    await t.close();
  });
});
