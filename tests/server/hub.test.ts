import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeGroup } from '../../src/contract/hub.ts';
import { peopleMessages } from '../../src/contract/platform-people.ts';
import { activeStoreHeader, apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import type { RunningServer } from '../../server/start.ts';
import { demoStoreIds } from '../support/demo.ts';
import { connectHub, nextEvent, recordEvents } from '../support/hub-client.ts';
import { startLocalServer } from '../support/running-server.ts';
import { mintAccessToken } from '../support/tokens.ts';

let server: RunningServer;
let stores: Record<number, number>;
const tokens: Record<string, string> = {};
const open: HubConnection[] = [];

async function connect(who: string): Promise<HubConnection> {
  const connection = await connectHub(server.url, tokens[who]!);
  open.push(connection);
  return connection;
}

async function api(who: string, method: string, path: string, store: number, body?: unknown) {
  const response = await fetch(`${server.url}${withApiVersion(path)}`, {
    method,
    headers: { authorization: `Bearer ${tokens[who]}`, [activeStoreHeader]: String(store), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json();
}

beforeAll(async () => {
  server = await startLocalServer();
  stores = await demoStoreIds(server.database.db);
  for (const who of ['user', 'admin', 'tech']) {
    tokens[who] = await mintAccessToken(server.database.db, `${who}@demo.test`, server.publicUrl);
  }
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await server.close();
});

describe('the hub at /hubs/alltrac', () => {
  it('lets a user join the group of a store where they hold a role, and refuses another store', async () => {
    const connection = await connect('user');
    await expect(connection.invoke('joinAlltracStore', stores[101])).resolves.toBeNull();
    await expect(connection.invoke('joinAlltracStore', stores[102])).rejects.toThrow(`You do not hold a role at store ${stores[102]}.`);
  });

  it('refuses a connection without a valid token', async () => {
    await expect(connectHub(server.url, 'not-a-token')).rejects.toThrow();
  });

  it('sends the spec event to every device of the store after a committed change', async () => {
    const counter = await connect('user');
    const office = await connect('admin');
    await counter.invoke('joinAlltracStore', stores[101]);
    await office.invoke('joinAlltracStore', stores[101]);
    const rating = await server.database.db
      .selectFrom('ratings')
      .select('ratingId')
      .where('storeId', '=', stores[101]!)
      .where('isRead', '=', false)
      .executeTakeFirstOrThrow();
    const seenByCounter = nextEvent(counter, 'RatingViewedMessage');
    const seenByOffice = nextEvent(office, 'RatingViewedMessage');
    await api('user', 'PATCH', `/api/alltrac/ratings/${rating.ratingId}`, stores[101]!, [{ op: 'replace', path: '/isRead', value: true }]);
    expect(await seenByCounter).toEqual([rating.ratingId]);
    expect(await seenByOffice).toEqual([rating.ratingId]);
  });

  it("tells the store's devices of a reply with NewOutGoingMessage and, for the thread it answers, SendNewMessageToThread", async () => {
    const office = await connect('admin');
    await office.invoke('joinAlltracStore', stores[101]);
    const incoming = await server.database.db
      .selectFrom('storeMessages')
      .select(['storeMessageId', 'customerId', 'name'])
      .where('storeId', '=', stores[101]!)
      .where('messageDirection', '=', 'Inbound')
      .where('messageDeliveryMethod', '=', 'Email')
      .where('repliedToByUserId', 'is', null)
      .executeTakeFirstOrThrow();
    const outgoing = nextEvent(office, 'NewOutGoingMessage');
    const toThread = nextEvent(office, 'SendNewMessageToThread');
    const reply = (await api('user', 'POST', '/api/alltrac/store-messages/email-messages', stores[101]!, {
      storeMessageId: crypto.randomUUID(),
      customerId: incoming.customerId,
      templateType: 'FreeForm',
      content: 'We have your tires in stock.',
      visitId: null,
      name: incoming.name,
      destinationEmailAddress: 'customer@example.com',
      replyToStoreMessageId: incoming.storeMessageId,
    })) as { storeMessageId: string };
    expect(await outgoing).toEqual([reply.storeMessageId]);
    expect(await toThread).toEqual([incoming.storeMessageId, reply.storeMessageId]);
  });

  it('sends company-wide changes to every store of the company, and store changes only to that store', async () => {
    const here = await connect('user');
    const there = await connect('admin');
    await here.invoke('joinAlltracStore', stores[101]);
    await there.invoke('joinAlltracStore', stores[102]);
    const thereRatings = recordEvents(there, 'RatingViewedMessage');
    const customer = await server.database.db.selectFrom('customers').select('customerId').executeTakeFirstOrThrow();
    const customerThere = nextEvent(there, 'CustomerChanged');
    await api('user', 'PATCH', `/api/alltrac/customers/${customer.customerId}`, stores[101]!, [{ op: 'replace', path: '/notes', value: 'Hub test' }]);
    expect(await customerThere).toEqual([customer.customerId]);

    const rating = await server.database.db
      .selectFrom('ratings')
      .select('ratingId')
      .where('storeId', '=', stores[101]!)
      .where('isRead', '=', false)
      .executeTakeFirstOrThrow();
    const ratingHere = nextEvent(here, 'RatingViewedMessage');
    await api('user', 'PATCH', `/api/alltrac/ratings/${rating.ratingId}`, stores[101]!, [{ op: 'replace', path: '/isRead', value: true }]);
    await ratingHere;
    expect(thereRatings).toEqual([]);
  });

  it('passes notifyOthersInGroup to the others in a joined group, not to the sender', async () => {
    const sender = await connect('user');
    const other = await connect('admin');
    await sender.invoke('joinAlltracStore', stores[101]);
    await other.invoke('joinAlltracStore', stores[101]);
    const echoes = recordEvents(sender, 'AlltracVehicleUpdated');
    const received = nextEvent(other, 'AlltracVehicleUpdated');
    await sender.invoke('notifyOthersInGroup', storeGroup(stores[101]!), 'AlltracVehicleUpdated', 'vehicle-1');
    expect(await received).toEqual(['vehicle-1']);
    expect(echoes).toEqual([]);
    await expect(sender.invoke('notifyOthersInGroup', storeGroup(stores[102]!), 'AlltracVehicleUpdated', 'x')).rejects.toThrow('Join the store of');
  });

  it("stops sending a store's events after leaving its group", async () => {
    const connection = await connect('admin');
    await connection.invoke('joinAlltracStore', stores[101]);
    await connection.invoke('leaveAlltracStore', stores[101]);
    const seen = recordEvents(connection, 'RatingViewedMessage');
    const watcher = await connect('user');
    await watcher.invoke('joinAlltracStore', stores[101]);
    const rating = await server.database.db
      .selectFrom('ratings')
      .select('ratingId')
      .where('storeId', '=', stores[101]!)
      .where('isRead', '=', false)
      .executeTakeFirstOrThrow();
    const delivered = nextEvent(watcher, 'RatingViewedMessage');
    await api('user', 'PATCH', `/api/alltrac/ratings/${rating.ratingId}`, stores[101]!, [{ op: 'replace', path: '/isRead', value: true }]);
    await delivered;
    expect(seen).toEqual([]);
  });

  it("closes a person's live connection when a platform admin disables them, saying why", async () => {
    const platform = await mintAccessToken(server.database.db, 'platform@demo.test', server.publicUrl);
    const { userId } = await server.database.db.selectFrom('users').select('userId').where('email', '=', 'tech@demo.test').executeTakeFirstOrThrow();
    const connection = await connect('tech');
    await connection.invoke('joinAlltracStore', stores[101]);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    const access = (disabled: boolean) =>
      fetch(`${server.url}${withApiVersion(apiPaths.platformPerson.replace(':userId', userId))}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${platform}`, 'content-type': 'application/json' },
        body: JSON.stringify({ disabled }),
      });
    try {
      expect((await access(true)).status).toBe(200);
      expect((await closed)?.message).toContain(peopleMessages.disabled);
    } finally {
      await access(false);
    }
  });
});
