import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyGroup, storeGroup } from '../../src/contract/hub.ts';
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
    ['null', 'null'], ['a bare number', '7'], ['an object without a type', '{"target":"x"}'],
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
    expect(await neighbour.invoke('notifyOthersInGroup', storeGroup(stores[102]!), 'AlltracVehicleUpdated', 'after-the-forgeries')).toMatchObject({ result: null });
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
