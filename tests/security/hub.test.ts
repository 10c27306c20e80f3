import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyGroup, storeGroup } from '../../src/contract/hub.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import type { RunningServer } from '../../server/start.ts';
import { demoStoreIds } from '../support/demo.ts';
import { negotiate, RawHubSocket } from '../support/raw-hub.ts';
import { startLocalServer } from '../support/running-server.ts';
import { mintAccessToken } from '../support/tokens.ts';

let server: RunningServer;
let stores: Record<number, number>;
let companyId: number;
const tokens: Record<string, string> = {};
const sockets: RawHubSocket[] = [];
const connect = async (who: string) => {
  const socket = await RawHubSocket.connect(server.url, tokens[who]!);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  server = await startLocalServer();
  stores = await demoStoreIds(server.database.db);
  companyId = (await server.database.db.selectFrom('companies').select('id').executeTakeFirstOrThrow()).id;
  for (const who of ['user', 'admin', 'tech']) tokens[who] = await mintAccessToken(server.database.db, `${who}@demo.test`, server.publicUrl);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

/** The server is up and its hub works: a fresh connection completes a call. */
async function hubStillWorks(): Promise<void> {
  const probe = await connect('user');
  expect(await probe.invoke('joinAlltracStore', stores[101])).toMatchObject({ result: null });
}

describe('the hub, sent what an attacker would send', () => {
  it.each([
    ['null', 'null\u001e'],
    ['a number', '42\u001e'],
    ['a string', '"json"\u001e'],
    ['an array', '[1,2]\u001e'],
    ['not JSON', '{protocol\u001e'],
    ['another protocol', '{"protocol":"messagepack","version":1}\u001e'],
  ])('closes only that socket, with an error message, when the handshake is %s', async (_what, handshake) => {
    const { connectionToken } = await negotiate(server.url, tokens.tech!);
    const socket = await RawHubSocket.open(server.url, tokens.tech!, connectionToken);
    sockets.push(socket);
    socket.sendRaw(handshake);
    await socket.closed;
    expect(socket.received.join('')).toMatch(/"error":"[^"]+"/);
    await hubStillWorks();
  });

  it.each([
    ['null', 'null'],
    ['a bare number', '7'],
    ['an object without a type', '{"target":"x"}'],
    ['an invocation without a target', '{"type":1,"invocationId":"1","arguments":[]}'],
    ['arguments that are not a list', '{"type":1,"invocationId":"1","target":"joinAlltracStore","arguments":"101"}'],
  ])('survives %s as a message after the handshake', async (_what, message) => {
    const socket = await connect('tech');
    socket.sendRaw(`${message}\u001e`);
    await Promise.race([socket.closed, socket.next()]).catch(() => undefined);
    await hubStillWorks();
  });

  it('closes a socket whose message grows past 64 KiB without its end, instead of buffering it', async () => {
    const socket = await connect('tech');
    const chunk = 'x'.repeat(16 * 1024);
    for (let i = 0; i < 5; i++) socket.sendRaw(chunk);
    const closed = await socket.closed;
    expect(closed.code).not.toBe(1006);
    await hubStillWorks();
  });

  it('closes a socket that sends one frame larger than 64 KiB', async () => {
    const socket = await connect('tech');
    socket.sendRaw('y'.repeat(1024 * 1024));
    expect((await socket.closed).code).toBe(1009);
    await hubStillWorks();
  });

  it('refuses events to a group the caller did not join, made-up events, and large arguments; nothing reaches other stores', async () => {
    const attacker = await connect('user');
    const elsewhere = await connect('admin');
    expect(await attacker.invoke('joinAlltracStore', stores[101])).toMatchObject({ result: null });
    expect(await elsewhere.invoke('joinAlltracStore', stores[102])).toMatchObject({ result: null });
    const forged = [
      await attacker.invoke('notifyOthersInGroup', companyGroup(companyId), 'AnyMadeUpEvent', { html: '<img src=x onerror=alert(1)>' }),
      await attacker.invoke('notifyOthersInGroup', companyGroup(companyId), 'CustomerChanged', 'x'),
      await attacker.invoke('notifyOthersInGroup', storeGroup(stores[102]!), 'CustomerChanged', 'x'),
      await attacker.invoke('notifyOthersInGroup', storeGroup(stores[101]!), 'AnyMadeUpEvent', 'x'),
      await attacker.invoke('notifyOthersInGroup', storeGroup(stores[101]!), 'ReplicaChanged', 'x'),
      await attacker.invoke('notifyOthersInGroup', storeGroup(stores[101]!), 'AlltracVehicleUpdated', 'v'.repeat(2000)),
    ];
    expect(forged.every((answer) => typeof answer.error === 'string' && answer.result === undefined)).toBe(true);
    // A rightful event sent after them reaches the other store: by then any of them would have arrived before it.
    const neighbour = await connect('admin');
    expect(await neighbour.invoke('joinAlltracStore', stores[102])).toMatchObject({ result: null });
    expect(await neighbour.invoke('notifyOthersInGroup', storeGroup(stores[102]!), 'AlltracVehicleUpdated', 'after-the-forgeries')).toMatchObject({
      result: null,
    });
    await expect.poll(() => elsewhere.events('AlltracVehicleUpdated')).toEqual([['after-the-forgeries']]);
    expect(['AnyMadeUpEvent', 'CustomerChanged', 'ReplicaChanged'].flatMap((e) => elsewhere.events(e))).toEqual([]);
  });

  it('passes a spec event with a small argument to the others in a joined store group', async () => {
    const sender = await connect('user');
    const other = await connect('admin');
    await sender.invoke('joinAlltracStore', stores[101]);
    await other.invoke('joinAlltracStore', stores[101]);
    expect(await sender.invoke('notifyOthersInGroup', storeGroup(stores[101]!), 'AlltracVehicleUpdated', 'vehicle-1')).toMatchObject({ result: null });
    await expect.poll(() => other.events('AlltracVehicleUpdated')).toEqual([['vehicle-1']]);
  });
});

describe('someone removed from a store, with the hub still open', () => {
  const userId = async () =>
    (await server.database.db.selectFrom('users').select('userId').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow()).userId;
  const setRole = async (role: string | null) => {
    const path = apiPaths.storeUser.replace(':userId', await userId());
    const answer = await apiCall(
      server.app,
      role
        ? { method: 'PATCH', path, token: tokens.admin!, store: stores[101], body: { role } }
        : { method: 'DELETE', path, token: tokens.admin!, store: stores[101] },
    );
    expect(answer.statusCode, answer.body).toBeLessThan(300);
  };

  it("stops hearing the store's live events and cannot send any to its devices", async () => {
    const removed = await connect('user');
    const colleague = await connect('admin');
    expect(await removed.invoke('joinAlltracStore', stores[101])).toMatchObject({ result: null });
    expect(await colleague.invoke('joinAlltracStore', stores[101])).toMatchObject({ result: null });
    await setRole(null);
    try {
      // A store event reaches the removed person's socket, or not, before the answer to their next call.
      let probe = 0;
      const stillHears = async () => {
        const sent = `probe-${++probe}`;
        await colleague.invoke('notifyOthersInGroup', storeGroup(stores[101]!), 'AlltracVehicleUpdated', sent);
        await removed.invoke('leaveAlltracStore', 0);
        return removed.events('AlltracVehicleUpdated').some(([arg]) => arg === sent);
      };
      await expect.poll(stillHears, { timeout: 10_000 }).toBe(false);
      // Out of the store's group by now: told to join it, which they may not.
      const sent = await removed.invoke('notifyOthersInGroup', storeGroup(stores[101]!), 'AlltracVehicleUpdated', 'from-the-removed');
      expect(sent).toEqual(expect.objectContaining({ error: `Join the store of "${storeGroup(stores[101]!)}" before notifying its group.` }));
      expect((await removed.invoke('joinAlltracStore', stores[101])).error).toBe(`You do not hold a role at store ${stores[101]}.`);
      await colleague.invoke('leaveAlltracStore', 0);
      expect(colleague.events('AlltracVehicleUpdated')).not.toContainEqual(['from-the-removed']);
    } finally {
      await setRole('AllTracUser');
    }
  });

  it("cannot send the store's devices an event once removed, even before the hub has heard of it", async () => {
    const removed = await connect('user');
    expect(await removed.invoke('joinAlltracStore', stores[101])).toMatchObject({ result: null });
    const id = await userId();
    await server.database.db.deleteFrom('userRoles').where('userId', '=', id).where('storeId', '=', stores[101]!).execute();
    try {
      const sent = await removed.invoke('notifyOthersInGroup', storeGroup(stores[101]!), 'AlltracVehicleUpdated', 'x');
      expect(sent.error).toBe(`You no longer hold a role at store ${stores[101]}.`);
    } finally {
      await server.database.db.insertInto('userRoles').values({ userId: id, storeId: stores[101]!, role: 'AllTracUser' }).execute();
    }
  });
});

describe('connection ids', () => {
  it('are only those the server issued: a chosen id is refused', async () => {
    await expect(RawHubSocket.open(server.url, tokens.user!, 'my-own-id')).rejects.toThrow('refused with 404');
  });

  it('open one socket each: the same token twice is refused the second time', async () => {
    const { connectionToken } = await negotiate(server.url, tokens.user!);
    sockets.push(await RawHubSocket.open(server.url, tokens.user!, connectionToken));
    await expect(RawHubSocket.open(server.url, tokens.user!, connectionToken)).rejects.toThrow('refused with 404');
  });

  it('belong to the user they were issued to', async () => {
    const { connectionToken } = await negotiate(server.url, tokens.user!);
    await expect(RawHubSocket.open(server.url, tokens.admin!, connectionToken)).rejects.toThrow('refused with 404');
  });
});
