import { afterEach, beforeAll, afterAll, describe, expect, it, vi } from 'vitest';
import { hubErrors, hubEvents } from '../../src/contract/hub.ts';
import { activeStoreHeader, withApiVersion } from '../../src/contract/routes.ts';
import type { RunningServer } from '../../server/start.ts';
import { LiveConnection } from '../../workers/live-connection.ts';
import { demoStoreIds } from '../support/demo.ts';
import { localConfig, startLocalServer } from '../support/running-server.ts';
import { mintAccessToken } from '../support/tokens.ts';

let server: RunningServer;
let stores: Record<number, number>;
let token: string;
const live: LiveConnection[] = [];

function liveConnection(onAnyEvent?: (name: string, args: unknown[]) => void, onStateChange?: (state: string) => void) {
  const connection = new LiveConnection();
  connection.setup({ serverUrl: server.url, production: true, events: hubEvents, onAnyEvent, onStateChange, report: () => undefined });
  live.push(connection);
  return connection;
}

const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function markRatingRead(storeId: number) {
  const rating = await server.database.db
    .selectFrom('ratings')
    .select('ratingId')
    .where('storeId', '=', storeId)
    .where('isRead', '=', false)
    .executeTakeFirstOrThrow();
  await fetch(`${server.url}${withApiVersion(`/api/alltrac/ratings/${rating.ratingId}`)}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, [activeStoreHeader]: String(storeId), 'content-type': 'application/json' },
    body: JSON.stringify([{ op: 'replace', path: '/isRead', value: true }]),
  });
  return rating.ratingId;
}

beforeAll(async () => {
  server = await startLocalServer();
  stores = await demoStoreIds(server.database.db);
  token = await mintAccessToken(server.database.db, 'admin@demo.test', server.publicUrl);
});
afterEach(async () => {
  await Promise.all(live.splice(0).map((c) => c.stop()));
  vi.restoreAllMocks();
});
afterAll(async () => {
  await server.close();
});

describe('the live connection', () => {
  it('ignores a second setup with the spec warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connection = liveConnection();
    connection.setup({ serverUrl: 'http://elsewhere', production: true, events: [] });
    expect(warn).toHaveBeenCalledWith(hubErrors.setupTwice);
  });

  it('refuses calls before setup with the spec messages', async () => {
    const connection = new LiveConnection();
    await expect(connection.notifyOthersInGroup('g', 'n', 1)).rejects.toThrow(hubErrors.notifyBeforeSetup);
    expect(() => connection.on('x', () => undefined)).toThrow(hubErrors.registerBeforeSetup);
    expect(() => connection.off('x', () => undefined)).toThrow(hubErrors.unregisterBeforeSetup);
  });

  it('starts with a token, joins the active store and receives its events', async () => {
    const events: string[] = [];
    const connection = liveConnection((name) => events.push(name));
    await connection.setStore(stores[101]!);
    await connection.setAccessToken(token);
    const ratingId = await markRatingRead(stores[101]!);
    await waitFor(() => events.includes('RatingViewedMessage'));
    const received: unknown[][] = [];
    connection.on('RatingViewedMessage', (...args) => received.push(args));
    const second = await markRatingRead(stores[101]!);
    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual([second]);
    expect(second).not.toBe(ratingId);
  });

  it('follows the active store: leaves the old group and joins the new one', async () => {
    const events: string[] = [];
    const connection = liveConnection((name, args) => events.push(`${name}:${String(args[0])}`));
    await connection.setAccessToken(token);
    await connection.setStore(stores[101]!);
    await connection.setStore(stores[102]!);
    const old = await markRatingRead(stores[101]!);
    const current = await markRatingRead(stores[102]!);
    await waitFor(() => events.includes(`RatingViewedMessage:${current}`));
    expect(events).not.toContain(`RatingViewedMessage:${old}`);
  });

  it('keeps trying to join its store group after a join fails, and says connected only once it has joined', async () => {
    const db = server.database.db;
    const tech = await db.selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow();
    const techToken = await mintAccessToken(db, 'tech@demo.test', server.publicUrl);
    const states: string[] = [];
    const events: string[] = [];
    const connection = liveConnection(
      (name, args) => events.push(`${name}:${String(args[0])}`),
      (state) => states.push(state),
    );
    await connection.setAccessToken(techToken);
    await waitFor(() => states.includes('connected'));
    // The technician has no role at #102 yet: the join is refused, and tried again.
    await connection.setStore(stores[102]!);
    await waitFor(() => states.at(-1) === 'reconnecting');
    await db.insertInto('userRoles').values({ userId: tech.userId, storeId: stores[102]!, role: 'AllTracTechnician' }).execute();
    try {
      await waitFor(() => states.at(-1) === 'connected', 10_000);
      const ratingId = await markRatingRead(stores[102]!);
      await waitFor(() => events.includes(`RatingViewedMessage:${ratingId}`));
    } finally {
      await db.deleteFrom('userRoles').where('userId', '=', tech.userId).where('storeId', '=', stores[102]!).execute();
    }
  });

  it('stops when the token is emptied', async () => {
    const connection = liveConnection();
    await connection.setAccessToken(token);
    expect(connection.state).toBe('Connected');
    await connection.setAccessToken(null);
    expect(connection.state).toBe('Disconnected');
  });

  it('reconnects after the server restarts and joins its store group again', async () => {
    const config = await localConfig();
    let restartable = await startLocalServer(config);
    const adminToken = await mintAccessToken(restartable.database.db, 'admin@demo.test', restartable.publicUrl);
    const states: string[] = [];
    const events: string[] = [];
    const connection = new LiveConnection();
    connection.setup({
      serverUrl: restartable.url,
      production: true,
      events: hubEvents,
      onAnyEvent: (name) => events.push(name),
      onStateChange: (s) => states.push(s),
      report: () => undefined,
    });
    live.push(connection);
    const storeId = (await demoStoreIds(restartable.database.db))[101]!;
    await connection.setStore(storeId);
    await connection.setAccessToken(adminToken);

    await restartable.close();
    restartable = await startLocalServer(config);
    try {
      await waitFor(() => states.at(-1) === 'connected' && states.includes('reconnecting'), 20_000);
      const rating = await restartable.database.db
        .selectFrom('ratings')
        .select('ratingId')
        .where('storeId', '=', storeId)
        .where('isRead', '=', false)
        .executeTakeFirstOrThrow();
      await fetch(`${restartable.url}${withApiVersion(`/api/alltrac/ratings/${rating.ratingId}`)}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${adminToken}`, [activeStoreHeader]: String(storeId), 'content-type': 'application/json' },
        body: JSON.stringify([{ op: 'replace', path: '/isRead', value: true }]),
      });
      await waitFor(() => events.includes('RatingViewedMessage'));
    } finally {
      await connection.stop();
      await restartable.close();
    }
  });
});
