import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeStoreHeader, apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import type { SyncChange, SyncChangesResponse } from '../../src/contract/sync-messages.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { mustRun, runBackupCommand } from '../support/backup-commands.ts';
import { demoStoreIds } from '../support/demo.ts';
import { everyRow, highestVersion, rowDifferences, withoutRestoreMark } from '../support/every-row.ts';
import { createTestDatabase, postgresUnavailable } from '../support/postgres.ts';
import { localConfig } from '../support/running-server.ts';
import { overNetwork, signInWithPassword } from '../support/sign-in.ts';
import { mintAccessToken } from '../support/tokens.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** A customer as the counter's device creates one. */
const customer = (customerId: string, lastName: string) => ({
  customerId,
  firstName: 'Drill',
  lastName,
  companyName: null,
  email: `drill-${customerId}@example.com`,
  phoneNumber: null,
  preferredContactMethod: 'Email',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
});

/** One change a device sent: its row, its Idempotency-Key and the answer it got. */
interface SentWrite {
  customerId: string;
  key: string;
  status: number;
  answer: unknown;
}

/** Resolves once `condition` holds (the writer runs meanwhile), looking every few milliseconds. */
async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(postgresUnavailable !== null)('a PostgreSQL backup taken under writes and restored into a fresh database', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-backup-'));
  const file = path.join(folder, 'drill.pgdump');
  let source: TestDatabase;
  let target: TestDatabase;
  let origin: RunningServer | undefined;
  let restored: RunningServer;
  let publicUrl: string;
  let store: number;
  let token: string;
  /** The device's first sync on the source, before the backup. */
  let firstSync: { cursor: number; epoch: string; total: number | undefined; changes: SyncChange[] };
  /** A device that pulled again after the backup, getting changes the restore loses. */
  let lateSync: { cursor: number; epoch: string };
  /** Every row of every table as the source held it at the backup's snapshot, read in that snapshot. */
  let atSnapshot: Record<string, string[]>;
  let restoredRows: Record<string, string[]>;
  const writes: SentWrite[] = [];
  /**
   * How many writes had been answered: before the snapshot was asked for (all committed before it), once it was
   * taken (every later write was sent after it), and when the backup command ended.
   */
  let acknowledged: { beforeSnapshot: number; afterSnapshot: number; whenBackupEnded: number };
  /** A change made on the device while the server was being restored: sent once the restored server answers. */
  const queued = { customerId: randomUUID(), key: `queued-${randomUUID()}` };

  const call = (server: { url: string }, method: string, apiPath: string, options: { body?: unknown; headers?: Record<string, string>; token?: string } = {}) =>
    fetch(`${server.url}${withApiVersion(apiPath)}`, {
      method,
      headers: {
        authorization: `Bearer ${options.token ?? token}`,
        [activeStoreHeader]: String(store),
        ...options.headers,
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    });

  /** Sends a customer made on the device, with its key, as the outbox does. */
  const send = async (server: { url: string }, write: { customerId: string; key: string }, lastName: string): Promise<SentWrite> => {
    const response = await call(server, 'POST', apiPaths.customers, { body: customer(write.customerId, lastName), headers: { 'Idempotency-Key': write.key } });
    return { ...write, status: response.status, answer: await response.json() };
  };

  /** Pulls the change feed from `since` to its end, as the device's sync does. */
  const pull = async (server: { url: string }, since: number) => {
    const changes: SyncChange[] = [];
    let page: SyncChangesResponse;
    let cursor = since;
    let total: number | undefined;
    do {
      const response = await call(server, 'GET', `${apiPaths.syncChanges}?since=${cursor}&limit=5000`);
      if (response.status !== 200) throw new Error(`the feed answered ${response.status}: ${await response.text()}`);
      page = (await response.json()) as SyncChangesResponse;
      total ??= page.total;
      changes.push(...page.changes);
      cursor = page.cursor;
    } while (page.hasMore);
    return { cursor, epoch: page.epoch, total, changes };
  };

  beforeAll(async () => {
    source = await createTestDatabase();
    const server = await startServer(await localConfig(folder, { DATABASE_URL: source.url, DEMO_CATALOGUE: 'small' }), { logger: false });
    origin = server;
    publicUrl = server.publicUrl;
    store = (await demoStoreIds(server.database.db))[101]!;
    token = await mintAccessToken(server.database.db, 'user@demo.test', publicUrl);
    firstSync = await pull(server, 0);

    // The counter keeps creating customers, one after another, from before the backup until after it.
    let stop = false;
    const writer = (async () => {
      for (let i = 0; !stop; i++) writes.push(await send(server, { customerId: randomUUID(), key: `drill-${i}-${randomUUID()}` }, `Number ${i}`));
    })();
    const snapshotSession = new pg.Client({ connectionString: source.url });
    try {
      await until(() => writes.length >= 3, 'the first writes');
      // A session holds the snapshot the backup is taken in, and reads the source in it once the backup is done.
      await snapshotSession.connect();
      await snapshotSession.query('begin isolation level repeatable read');
      const beforeSnapshot = writes.length;
      const { rows } = await snapshotSession.query<{ id: string }>('select pg_export_snapshot() as id');
      const afterSnapshot = writes.length;
      await mustRun('backup', [file, `--snapshot=${rows[0]!.id}`], { DATABASE_URL: source.url });
      const whenBackupEnded = writes.length;
      await until(() => writes.length >= whenBackupEnded + 2, 'writes after the backup');
      acknowledged = { beforeSnapshot, afterSnapshot, whenBackupEnded };
    } finally {
      stop = true;
      await writer;
    }
    atSnapshot = await everyRow(snapshotSession);
    await snapshotSession.query('commit');
    await snapshotSession.end();
    lateSync = await pull(server, firstSync.cursor);
    await server.close();
    origin = undefined;

    target = await createTestDatabase();
    await mustRun('restore', [file], { DATABASE_URL: target.url });
    const reader = new pg.Client({ connectionString: target.url });
    await reader.connect();
    restoredRows = await everyRow(reader);
    await reader.end();
  }, 180_000);
  afterAll(async () => {
    await origin?.close();
    await restored?.close();
    await source?.drop();
    await target?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('was taken while the counter kept writing: writes were answered while the backup ran, and every write was accepted', () => {
    expect(acknowledged.whenBackupEnded).toBeGreaterThan(acknowledged.afterSnapshot + 1);
    expect(writes.map((w) => w.status)).toEqual(writes.map(() => 201));
  });

  it("holds every row of every table as the source held it at the backup's snapshot, and marks the versions after it as lost", () => {
    const { rows, lost } = withoutRestoreMark(restoredRows);
    expect(Object.keys(rows)).toEqual(Object.keys(atSnapshot));
    expect(rowDifferences(atSnapshot, rows)).toEqual({});
    // The rows of a sync, catalogue and demo: the comparison was of a real database, not of two empty ones.
    expect(Object.values(rows).flat().length).toBeGreaterThan(10_000);
    expect(lost).toEqual([{ after: highestVersion(atSnapshot), upTo: expect.any(Number) }]);
    expect(lost[0]!.upTo).toBeGreaterThan(lateSync.cursor);
  });

  it('holds the writes answered before its snapshot and none of those sent after it', () => {
    const customers = new Set(restoredRows.customers!.map((row) => (JSON.parse(row) as { customer_id: string }).customer_id));
    const held = writes.map((w) => customers.has(w.customerId));
    expect(held.slice(0, acknowledged.beforeSnapshot)).toEqual(held.slice(0, acknowledged.beforeSnapshot).map(() => true));
    // The write in flight as the snapshot was taken may be on either side; the next was sent after it.
    const sentAfter = held.slice(acknowledged.afterSnapshot + 1);
    expect(sentAfter.length).toBeGreaterThan(0);
    expect(sentAfter).toEqual(sentAfter.map(() => false));
    // One writer, one write after another: the backup holds a beginning of them, with no gap.
    expect(held.indexOf(false)).toBe(held.filter(Boolean).length);
  });

  it('refuses to restore into a database that is not empty, naming it, and changes nothing there', async () => {
    const refused = await runBackupCommand('restore', [file], { DATABASE_URL: target.url });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /The database "alltrac_test_\w+" on 127\.0\.0\.1:5432 is not empty \(\d+ tables, .*\): restore into a new, empty database, or add --force/,
    );
    const reader = new pg.Client({ connectionString: target.url });
    await reader.connect();
    expect(rowDifferences(restoredRows, await everyRow(reader))).toEqual({});
    await reader.end();
  });

  describe('a server started on the restored database', () => {
    beforeAll(async () => {
      // The same public address as before: what devices and their tokens know the server by.
      restored = await startServer(await localConfig(folder, { DATABASE_URL: target.url, PUBLIC_URL: publicUrl, DEMO_CATALOGUE: 'small' }), {
        logger: false,
      });
    });

    it('signs a person in with their password, and accepts an access token issued before the backup', async () => {
      const { tokens, loginResponse } = await signInWithPassword(overNetwork(restored.url), 'user@demo.test', 'demo1234', undefined, publicUrl);
      expect(loginResponse.statusCode).toBe(303);
      expect((await call(restored, 'GET', apiPaths.me, { token: tokens!.access_token })).status).toBe(200);
      expect((await call(restored, 'GET', apiPaths.me)).status).toBe(200);
    });

    it('lets a device that synced before the backup resume from its cursor: only newer rows, in the same epoch', async () => {
      const resumed = await pull(restored, firstSync.cursor);
      expect(resumed.epoch).toBe(firstSync.epoch);
      expect(resumed.total).toBeUndefined();
      expect(resumed.changes.filter((c) => c.version <= firstSync.cursor)).toEqual([]);
      const newer = restoredRows
        .customers!.map((row) => JSON.parse(row) as { customer_id: string; version: number })
        .filter((c) => c.version > firstSync.cursor)
        .map((c) => c.customer_id);
      expect(
        resumed.changes
          .filter((c) => c.collection === 'customers')
          .map((c) => c.key)
          .sort(),
      ).toEqual(newer.sort());
      expect(newer.length).toBeGreaterThanOrEqual(acknowledged.beforeSnapshot);
      expect(resumed.changes.length).toBeLessThan(firstSync.changes.length / 10);
    });

    it('tells a device that pulled changes the backup does not hold to start again, in the epoch a first sync gets', async () => {
      expect(lateSync.cursor).toBeGreaterThan(highestVersion(atSnapshot));
      const told = await pull(restored, lateSync.cursor);
      expect(told.changes).toEqual([]);
      expect(told.epoch).not.toBe(lateSync.epoch);
      const again = await call(restored, 'GET', `${apiPaths.syncChanges}?since=0&limit=1`);
      expect(((await again.json()) as SyncChangesResponse).epoch).toBe(firstSync.epoch);
    });

    it('lands a change queued on a device during the restore once, though the device sends it twice', async () => {
      const before = await pull(restored, firstSync.cursor);
      const first = await send(restored, queued, 'Queued during the restore');
      // The device did not hear the first answer (the connection dropped) and sends the change again.
      const again = await send(restored, queued, 'Queued during the restore');
      expect(first.status).toBe(201);
      expect(again).toEqual(first);
      const after = await pull(restored, before.cursor);
      expect(after.changes.filter((c) => c.key === queued.customerId).map((c) => c.version)).toEqual([(first.answer as { version: number }).version]);
      expect(after.changes.every((c) => c.version > before.cursor)).toBe(true);
      // Past every version the old server gave out: a device that saw those gets this one too once it starts again.
      expect((first.answer as { version: number }).version).toBeGreaterThan(lateSync.cursor);
      const rows = await restored.database.db.selectFrom('customers').select('customerId').where('customerId', '=', queued.customerId).execute();
      expect(rows).toHaveLength(1);
    });

    it('answers a change from before the backup, sent again with its key, with its first answer and changes nothing', async () => {
      const sentBefore = writes[0]!;
      const again = await send(restored, sentBefore, 'Number 0');
      expect(again).toEqual(sentBefore);
      const rows = await restored.database.db.selectFrom('customers').select('version').where('customerId', '=', sentBefore.customerId).execute();
      expect(rows).toEqual([{ version: (sentBefore.answer as { version: number }).version }]);
    });
  });
});
