import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeStoreHeader, withApiVersion } from '../../src/contract/routes.ts';
import { openPostgres, type DatabaseHandle } from '../../server/db/connect.ts';
import { demoStoreIds } from '../support/demo.ts';
import { connectHub, nextEvent } from '../support/hub-client.ts';
import { freePort } from '../support/ports.ts';
import { createTestDatabase, postgresUnavailable } from '../support/postgres.ts';
import { redisUnavailable, redisUrl } from '../support/redis.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { mintAccessToken } from '../support/tokens.ts';

describe.skipIf(postgresUnavailable !== null || redisUnavailable !== null)('two server processes on one PostgreSQL and one Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let publicUrl: string;
  const connections: HubConnection[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    // Behind a load balancer both answer for one public address.
    publicUrl = `http://127.0.0.1:${portA}`;
    const env = { NODE_ENV: 'test', DATABASE_URL: database.url, REDIS_URL: redisUrl, PUBLIC_URL: publicUrl };
    // Started together: migrations and the demo seed must cope with a second process doing the same.
    [a, b] = await Promise.all([startServerProcess(env, portA), startServerProcess(env, portB)]);
    handle = await openPostgres(database.url);
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.stop()));
    await Promise.all([a?.stop(), b?.stop()]);
    await handle?.close();
    await database?.drop();
  });

  it('migrate and seed once between them', async () => {
    const companies = await handle.db.selectFrom('companies').select('id').execute();
    expect(companies).toHaveLength(1);
    expect([a.output(), b.output()].filter((out) => out.includes('demo data seeded now'))).toHaveLength(1);
  });

  it('deliver a change written through one process to a device connected to the other', async () => {
    const stores = await demoStoreIds(handle.db);
    const token = await mintAccessToken(handle.db, 'user@demo.test', publicUrl);
    const onA = await connectHub(a.url, token);
    connections.push(onA);
    await onA.invoke('joinAlltracStore', stores[101]);
    const rating = await handle.db.selectFrom('ratings').select('ratingId').where('storeId', '=', stores[101]!).where('isRead', '=', false).executeTakeFirstOrThrow();
    const seen = nextEvent(onA, 'RatingViewedMessage', 3000);
    const response = await fetch(`${b.url}${withApiVersion(`/api/alltrac/ratings/${rating.ratingId}`)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, [activeStoreHeader]: String(stores[101]), 'content-type': 'application/json' },
      body: JSON.stringify([{ op: 'replace', path: '/isRead', value: true }]),
    });
    expect(response.status).toBe(200);
    expect(await seen).toEqual([rating.ratingId]);
  });
});
