/**
 * npm run bench:hub (PostgreSQL): how fast a change reaches a store's devices. BENCH_CLIENTS (500) live hub
 * connections of store #101, opened with the official SignalR client as the app does (access token, WebSockets,
 * joinAlltracStore) in batches, then BENCH_EVENTS (10) changes to one of the store's visits through the API
 * (PATCH of its staff notes, as the front counter makes it): each connection's time from just before the
 * write's request to its VisitChanged. With one server process, and with two on one database and Redis (half the
 * connections on each, the write through the first: the event crosses the Redis backplane). Every connection
 * must get every event: one missing is an error. The clients all run in this process, so their own handling
 * of 500 messages is part of the time measured.
 * PG_TEST_URL and REDIS_TEST_URL name the servers (defaults 127.0.0.1); it makes and drops its own database.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { HubConnection } from '@microsoft/signalr';
import { openPostgres } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { hubMethods } from '../src/contract/hub.ts';
import { activeStoreHeader, apiPaths, withApiVersion } from '../src/contract/routes.ts';
import { connectHub } from '../tests/support/hub-client.ts';
import { freePort } from '../tests/support/ports.ts';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { redisUnavailable, redisUrl } from '../tests/support/redis.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';

const clients = Number(process.env.BENCH_CLIENTS ?? 500);
const events = Number(process.env.BENCH_EVENTS ?? 10);
/** Connections opened at once: the server and this process each take them a batch at a time. */
const batchSize = 50;
/** How long a connection may take to get an event before it counts as lost. */
const deliveryTimeoutMs = 10_000;
const targetP95 = 250;
const log = (message: string) => console.log(`[bench] ${message}`);
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

const database = await createTestDatabase();
const handle = await openPostgres(database.url);
const servers: ServerProcess[] = [];
const connections: HubConnection[] = [];

/** Stops the connections, a batch at a time. */
async function closeAll(): Promise<void> {
  while (connections.length > 0) await Promise.all(connections.splice(0, batchSize).map((c) => c.stop().catch(() => undefined)));
}

try {
  log('migrating and seeding the demo company…');
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  const db = handle.db;
  const [portA, portB] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${portA}`;
  const store = (await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow()).id;
  const token = await mintAccessToken(db, 'user@demo.test', publicUrl);
  const visit = (
    await db
      .selectFrom('scheduledVisits')
      .select('scheduledVisitId')
      .where('storeId', '=', store)
      .where('deleted', '=', false)
      .orderBy('scheduledVisitId')
      .executeTakeFirstOrThrow()
  ).scheduledVisitId;
  const table: string[][] = [];

  const phase = async (processes: 1 | 2) => {
    const label = processes === 1 ? 'one process' : 'two processes (Redis)';
    const env = { NODE_ENV: 'test', DATABASE_URL: database.url, PUBLIC_URL: publicUrl, ...(processes === 2 ? { REDIS_URL: redisUrl } : {}) };
    const started = await Promise.all([portA, portB].slice(0, processes).map((port) => startServerProcess(env, port)));
    servers.push(...started);

    // Per connection, when it got the event now awaited (ms after the write's request was sent).
    let eventStart = 0;
    let received: (number | undefined)[] = [];
    let allReceived: () => void = () => undefined;
    let count = 0;
    const opening = performance.now();
    for (let i = 0; i < clients; i += batchSize) {
      await Promise.all(
        Array.from({ length: Math.min(batchSize, clients - i) }, async (_, j) => {
          const index = i + j;
          const connection = await connectHub(started[index % processes]!.url, token);
          connections.push(connection);
          await connection.invoke(hubMethods.joinStore, store);
          connection.on('VisitChanged', (id: unknown) => {
            if (id !== visit || received[index] !== undefined) return;
            received[index] = performance.now() - eventStart;
            if (++count === clients) allReceived();
          });
        }),
      );
    }
    const openSeconds = (performance.now() - opening) / 1000;
    log(`${label}: ${clients} connections open and joined to store #101 in ${openSeconds.toFixed(1)} s`);

    const deliveries: number[] = [];
    const lastDeliveries: number[] = [];
    const writes: number[] = [];
    for (let e = 0; e < events; e++) {
      received = Array.from({ length: clients }, () => undefined);
      count = 0;
      const all = new Promise<void>((resolve) => {
        allReceived = resolve;
      });
      eventStart = performance.now();
      const response = await fetch(`${started[0]!.url}${withApiVersion(apiPaths.scheduledVisit.replace(':scheduledVisitId', visit))}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          [activeStoreHeader]: String(store),
          'content-type': 'application/json',
          'idempotency-key': `fan-out-${randomUUID()}`,
        },
        body: JSON.stringify([{ op: 'replace', path: '/staffNotes', value: `Fan-out ${e} ${randomUUID()}` }]),
      });
      writes.push(performance.now() - eventStart);
      if (response.status !== 200) throw new Error(`the write answered ${response.status}: ${await response.text()}`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        all,
        new Promise((resolve) => {
          timer = setTimeout(resolve, deliveryTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      const got = received.filter((t): t is number => t !== undefined);
      if (got.length < clients)
        throw new Error(`${label}, event ${e + 1}: ${clients - got.length} of ${clients} connections did not get VisitChanged within ${deliveryTimeoutMs} ms`);
      deliveries.push(...got);
      lastDeliveries.push(Math.max(...got));
      // A pause between events, as changes come: the next is not queued behind this one's sends.
      await new Promise((resolve) => {
        setTimeout(resolve, 200);
      });
    }
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const p95 = percentile(deliveries, 95);
    log(`${label}: delivery p50 ${ms(percentile(deliveries, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...deliveries))}`);
    table.push(
      [`${label}: delivery to ${clients} connections, p50`, ms(percentile(deliveries, 50)), ''],
      [`${label}: delivery, p95`, ms(p95), `≤ ${targetP95} ms${p95 <= targetP95 ? ' (met)' : ' (missed)'}`],
      [`${label}: delivery, max`, ms(Math.max(...deliveries)), ''],
      [`${label}: last connection of an event, p50 / max`, `${ms(percentile(lastDeliveries, 50))} / ${ms(Math.max(...lastDeliveries))}`, ''],
      [`${label}: the write's own answer (PATCH), p50`, ms(percentile(writes, 50)), ''],
      [`${label}: opening and joining ${clients} connections`, `${openSeconds.toFixed(1)} s`, ''],
    );
    await closeAll();
    for (const server of started) {
      servers.splice(servers.indexOf(server), 1);
      await server.stop();
    }
  };

  await phase(1);
  if (redisUnavailable) log(`two processes skipped: Redis is not reachable at ${redisUrl} (${redisUnavailable})`);
  else await phase(2);

  const header = ['metric', 'value', 'target'];
  const widths = header.map((_, i) => Math.max(...[header, ...table].map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    [
      '',
      `Hub fan-out, PostgreSQL, ${os.cpus().length} cores (load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )} at the end): ${clients} SignalR connections of store #101 (user@demo.test), ${events} events (PATCH of a visit → VisitChanged), time from the write's request to each connection's receipt`,
      line(header),
      `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
      ...table.map(line),
      '',
    ].join('\n'),
  );
} finally {
  await closeAll();
  for (const server of servers) await server.stop().catch(() => undefined);
  await handle.close();
  await database.drop();
}
