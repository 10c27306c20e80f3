/**
 * npm run bench:server (PostgreSQL): what a dealer network's company costs the server. Writes per second with
 * one writer, with ten writers at ten stores at once (different rows), and with ten writers on one row (what a
 * company-wide lock made of every write: one after another); a store's feed page in a company of one big store
 * and of ten (and the first page, which also counts what the first sync will download). Ratios against the
 * baseline measured in the same run. PG_TEST_URL names the server (default
 * 127.0.0.1:5432, trust); it makes and drops its own database.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openPostgres } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { apiPaths } from '../src/contract/routes.ts';
import { apiCall } from '../tests/support/api.ts';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { testPublicUrl } from '../tests/support/test-app.ts';
import { mintAccessToken } from '../tests/support/tokens.ts';
import { addBigStores, generateBigCompany, storeSize } from './generate.ts';

const scale = Number(process.env.BENCH_SCALE ?? 1) * 0.1;
const writesEach = Number(process.env.BENCH_WRITES ?? 40);
const log = (message: string) => console.log(`[bench] ${message}`);
/** The machine's CPU time so far, busy and in all, in clock ticks (Linux's /proc/stat). */
const cpuTimes = () => {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const idle = ticks[3]! + ticks[4]!;
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: total - idle, total };
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

const database = await createTestDatabase();
const handle = await openPostgres(database.url);
try {
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: testPublicUrl }), db: handle.db, logger: false });
  await app.ready();
  const db = handle.db;
  const token = await mintAccessToken(db, 'platform@demo.test', testPublicUrl);

  /**
   * A store's feed page of 1,000 changes, server time, 20 rounds: from the start (which also counts what the
   * whole first sync will download, for its progress bar), and from version 1 (the same page without the count).
   */
  const feedTimes = async (store: number, since = 0) => {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const answer = await apiCall(app, { method: 'GET', path: `${apiPaths.syncChanges}?since=${since}&limit=1000`, token, store });
      if (answer.statusCode !== 200) throw new Error(answer.body);
      times.push(performance.now() - started);
    }
    return times.slice(2);
  };

  log(`one big store (${scale} of the bench store)…`);
  const one = await generateBigCompany(db, 1, storeSize(scale));
  // Bulk-loaded tables are measured as autovacuum leaves them soon after (visibility map set), not before.
  const settle = () => sql`vacuum analyze`.execute(db);
  await settle();
  const store101 = one.storeIds[0]!;
  const feedOne = await feedTimes(store101);
  const pageOne = await feedTimes(store101, 1);
  log('nine more big stores…');
  const more = await addBigStores(db, 9, storeSize(scale));
  await settle();
  const ten = { storeIds: [store101, ...more.storeIds], rows: one.rows + more.rows };
  const feedTen = await feedTimes(store101);
  const pageTen = await feedTimes(store101, 1);

  /** A visit of each of the ten stores to change. */
  const visits = await Promise.all(
    ten.storeIds.map(async (store) => ({
      store,
      ...(await db
        .selectFrom('scheduledVisits')
        .select('scheduledVisitId')
        .where('storeId', '=', store)
        .where('deleted', '=', false)
        .orderBy('version', 'desc')
        .executeTakeFirstOrThrow()),
    })),
  );
  const write = async (visit: { store: number; scheduledVisitId: string }) => {
    const answer = await apiCall(app, {
      method: 'PATCH',
      path: apiPaths.scheduledVisit.replace(':scheduledVisitId', visit.scheduledVisitId),
      token,
      store: visit.store,
      body: [{ op: 'replace', path: '/staffNotes', value: `Bench ${randomUUID()}` }],
    });
    if (answer.statusCode !== 200) throw new Error(answer.body);
  };
  /**
   * Writes per second of `writers` writers, each writing `writesEach` times one after another, and how many of the
   * machine's cores were busy meanwhile (all processes: this one and PostgreSQL's), which is what caps the ratio.
   */
  const rate = async (writers: number, visitOf: (writer: number) => { store: number; scheduledVisitId: string }) => {
    const before = cpuTimes();
    const ownBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < writesEach; i++) await write(visitOf(w));
      }),
    );
    const after = cpuTimes();
    const own = process.cpuUsage(ownBefore);
    const elapsed = performance.now() - started;
    return {
      perSecond: (writers * writesEach) / (elapsed / 1000),
      busyCores: ((after.busy - before.busy) / (after.total - before.total)) * os.cpus().length,
      serverCore: (own.user + own.system) / 1000 / elapsed,
    };
  };
  log('writes…');
  await rate(2, (w) => visits[w]!);
  const oneWriter = await rate(1, () => visits[0]!);
  const tenRows = await rate(10, (w) => visits[w]!);
  const sameRow = await rate(10, () => visits[0]!);
  const [single, tenStores, oneRow] = [oneWriter.perSecond, tenRows.perSecond, sameRow.perSecond];
  await app.close();

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const rows = [
    [
      'writes/s, ten writers at ten stores at once (different rows)',
      `${tenStores.toFixed(0)}/s`,
      `${single.toFixed(0)}/s`,
      (tenStores / single).toFixed(2),
      'ratio ≥ 3',
    ],
    [
      '  writes/s, ten writers on one row (one after another, as under a company lock)',
      `${oneRow.toFixed(0)}/s`,
      `${single.toFixed(0)}/s`,
      (oneRow / single).toFixed(2),
      '',
    ],
    [
      `  cores busy (of ${os.cpus().length}, every process) while ten writers write different rows`,
      tenRows.busyCores.toFixed(2),
      oneWriter.busyCores.toFixed(2),
      (tenRows.busyCores / oneWriter.busyCores).toFixed(2),
      '',
    ],
    [
      '  of which this process (the server and its callers: one thread, at most 1.00)',
      tenRows.serverCore.toFixed(2),
      oneWriter.serverCore.toFixed(2),
      (tenRows.serverCore / oneWriter.serverCore).toFixed(2),
      '',
    ],
    ...[50, 95].map((p) => [
      `feed page of 1,000, store #101 in a company of ten big stores, p${p}`,
      ms(percentile(pageTen, p)),
      ms(percentile(pageOne, p)),
      (percentile(pageTen, p) / percentile(pageOne, p)).toFixed(2),
      p === 50 ? 'ratio ≤ 1.5' : '',
    ]),
    ...[50, 95].map((p) => [
      `  the first page, which also counts the whole first sync for its progress bar (once per first sync), p${p}`,
      ms(percentile(feedTen, p)),
      ms(percentile(feedOne, p)),
      (percentile(feedTen, p) / percentile(feedOne, p)).toFixed(2),
      '',
    ]),
  ];
  const header = ['metric', 'value', 'baseline (one writer / one big store)', 'ratio', 'target'];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    [
      '',
      `${ten.rows.toLocaleString()} rows in ten stores, PostgreSQL`,
      line(header),
      `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
      ...rows.map(line),
      '',
    ].join('\n'),
  );
} finally {
  await handle.close();
  await database.drop();
}
