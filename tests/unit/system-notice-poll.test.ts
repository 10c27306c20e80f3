import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { SystemNotification } from '../../src/contract/entities.ts';
import { GlobalDb } from '../../src/db/global-db.ts';
import { ApiClient } from '../../src/http/api-client.ts';
import { systemNotificationPoller } from '../../workers/session.ts';

const notice = (content: string, storeIds: number[] | null): SystemNotification => ({
  systemNotificationId: crypto.randomUUID(),
  content,
  severityLevel: 'Low',
  application: 'AllTrac',
  storeIds,
  dateStarted: '2026-11-25T10:00:00.000Z',
  dateEnded: '2026-11-25T12:00:00.000Z',
});

/** A server whose answer to each store's poll comes when the test lets it. */
function slowServer() {
  const waiting = new Map<string, (items: SystemNotification[]) => void>();
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    const store = new Headers(init?.headers).get('ActiveStoreLocation') ?? 'none';
    const items = await new Promise<SystemNotification[]>((resolve) => waiting.set(store, resolve));
    return new Response(JSON.stringify({ items }), { status: 200 });
  };
  const client = (storeId: number) => new ApiClient({ baseUrl: 'http://server', storeId, accessToken: () => 'token', fetch });
  const answer = async (store: number, items: SystemNotification[]) => {
    await expect.poll(() => waiting.has(String(store))).toBe(true);
    waiting.get(String(store))!(items);
  };
  return { client, answer };
}

describe('polling the system notices', () => {
  it("keeps the new store's notices when the answer for the store just left comes after them", async () => {
    const db = new GlobalDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    const poll = systemNotificationPoller(db);
    const server = slowServer();
    const forOld = poll(server.client(101));
    const forNew = poll(server.client(102));
    await server.answer(102, [notice('Riverside closes early', [102])]);
    await forNew;
    await server.answer(101, [notice('Springfield lift inspection', [101])]);
    await forOld;
    expect((await db.systemNotifications.toArray()).map((n) => n.content)).toEqual(['Riverside closes early']);
  });

  it('replaces the last notices with the latest answer', async () => {
    const db = new GlobalDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    const poll = systemNotificationPoller(db);
    const server = slowServer();
    const first = poll(server.client(101));
    await server.answer(101, [notice('Old words', null)]);
    await first;
    const second = poll(server.client(101));
    await server.answer(101, [notice('New words', null)]);
    await second;
    expect((await db.systemNotifications.toArray()).map((n) => n.content)).toEqual(['New words']);
  });
});
