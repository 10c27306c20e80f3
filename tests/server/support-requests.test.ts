import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { fixedClock } from '../../server/clock.ts';

const now = '2030-06-03T15:00:00.000Z';

let t: TestApp;
let stores: Record<number, number>;
let userToken: string;
let techToken: string;
let platformToken: string;

const send = (token: string, store: number, body: unknown, idempotencyKey?: string) =>
  apiCall(t.app, {
    method: 'POST',
    path: apiPaths.supportRequests,
    token,
    store,
    body,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
const list = (token: string, query = '') => apiCall(t.app, { method: 'GET', path: `${apiPaths.supportRequests}${query}`, token });
const stored = async () =>
  Number(
    (
      await t.db
        .selectFrom('supportRequests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(now) });
  stores = await demoStoreIds(t.db);
  userToken = await accessTokenFor(t.app, 'user@demo.test');
  techToken = await accessTokenFor(t.app, 'tech@demo.test');
  platformToken = await accessTokenFor(t.app, 'platform@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('messages to support', () => {
  it('are stored with who sent them, from which store and when', async () => {
    const supportRequestId = randomUUID();
    const response = await send(userToken, stores[101]!, {
      supportRequestId,
      subject: 'Printer',
      message: 'The work order does not print.',
      callbackPhone: '(555) 201-3344',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ supportRequestId, subject: 'Printer', callbackPhone: '(555) 201-3344', storeId: stores[101] });
    const row = await t.db
      .selectFrom('supportRequests')
      .innerJoin('users', 'users.userId', 'supportRequests.identityId')
      .select(['users.email', 'supportRequests.storeId', 'supportRequests.dateSubmitted'])
      .where('supportRequestId', '=', supportRequestId)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('user@demo.test');
    expect(row.storeId).toBe(stores[101]);
    expect(row.dateSubmitted).toBe(now);
  });

  it('may be sent by any role, a technician too', async () => {
    const response = await send(techToken, stores[101]!, {
      supportRequestId: randomUUID(),
      subject: 'Tablet',
      message: 'The bay tablet will not charge.',
      callbackPhone: null,
    });
    expect(response.statusCode).toBe(201);
  });

  it('are stored once however often the same send is replayed', async () => {
    const before = await stored();
    const body = { supportRequestId: randomUUID(), subject: 'Twice', message: 'Sent on a flaky connection.', callbackPhone: null };
    const first = await send(userToken, stores[101]!, body, 'support-replay-1');
    const again = await send(userToken, stores[101]!, body, 'support-replay-1');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(await stored()).toBe(before + 1);
  });

  it('are refused with a message per field when empty or too long, and nothing is stored', async () => {
    const before = await stored();
    const response = await send(userToken, stores[101]!, {
      supportRequestId: randomUUID(),
      subject: '  ',
      message: 'x'.repeat(5001),
      callbackPhone: 'call me',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      subject: ['Enter a subject'],
      message: ['Keep the message under 5000 characters'],
      callbackPhone: ['Use digits, spaces and + ( ) - . only'],
    });
    expect(await stored()).toBe(before);
  });

  it('cannot be sent from a store where the user holds no role', async () => {
    const response = await send(userToken, stores[102]!, { supportRequestId: randomUUID(), subject: 'Hi', message: 'Hello', callbackPhone: null });
    expect(response.statusCode).toBe(403);
  });

  it("are listed for PointSAdmin, every store's, newest first, with sender, company and store", async () => {
    const response = await list(platformToken, '?$count=true&$top=2');
    expect(response.statusCode).toBe(200);
    const { items, count } = response.json();
    expect(count).toBe(await stored());
    expect(items).toHaveLength(2);
    expect(items[0].dateSubmitted >= items[1].dateSubmitted).toBe(true);
    const all = (await list(platformToken)).json().items as { senderEmail: string; senderName: string; companyName: string; storeNumber: number }[];
    expect(all.find((r) => r.senderEmail === 'tech@demo.test')).toMatchObject({
      senderName: 'Theo Technician',
      companyName: 'Demo Tire & Auto',
      storeNumber: 101,
    });
  });

  it('are filtered by store number, and a filter of the wrong kind or on an unknown field is a 400', async () => {
    const at101 = (await list(platformToken, '?$filter=storeNumber eq 101&$count=true')).json();
    expect(at101.count).toBeGreaterThan(0);
    expect(new Set(at101.items.map((r: { storeNumber: number }) => r.storeNumber))).toEqual(new Set([101]));
    expect((await list(platformToken, "?$filter=storeNumber eq 'Springfield'")).statusCode).toBe(400);
    const unknown = await list(platformToken, '?$filter=mood eq 1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/mood/);
  });

  it('are listed to other users only when they sent them', async () => {
    const mine = (await list(techToken)).json().items as { senderEmail: string }[];
    expect(mine.length).toBe(1);
    expect(mine[0]!.senderEmail).toBe('tech@demo.test');
  });

  it("reach the sender's devices at any of their stores through the change feed, and no one else's", async () => {
    const admin = await accessTokenFor(t.app, 'admin@demo.test');
    await send(admin, stores[101]!, { supportRequestId: randomUUID(), subject: 'From 101', message: 'Sent at store 101.', callbackPhone: null });
    // Every page of store 102's feed: the demo's tire catalogue alone fills more than one.
    const theirs: { value: { subject: string } }[] = [];
    for (let since = 0, more = true; more; ) {
      const page = (
        await apiCall(t.app, { method: 'GET', path: `${apiPaths.syncChanges}?since=${since}&limit=5000`, token: admin, store: stores[102] })
      ).json();
      theirs.push(...page.changes.filter((c: { collection: string }) => c.collection === 'supportRequests'));
      ({ cursor: since, hasMore: more } = page);
    }
    expect(theirs.map((c) => c.value.subject)).toEqual(['From 101']);
  });
});
