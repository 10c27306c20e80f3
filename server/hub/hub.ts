import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { companyGroup, hubMethods, hubPath, storeGroup } from '../../src/contract/hub.ts';
import { storeIdSchema } from '../../src/contract/user.ts';
import { mayUseStore } from '../../src/domain/roles.ts';
import { loadUser, type Auth, type AuthUser } from '../auth/auth.ts';
import type { Db } from '../db/connect.ts';
import type { EventPublisher, HubEvent } from '../sync/write.ts';
import type { Backplane, GroupMessage } from './backplane.ts';
import { frame, MessageReader, MessageType, recordSeparator, type HubMessage } from './protocol.ts';

/** The server pings every 15 s; clients drop a connection silent for 30 s, so we do too, for theirs. */
const pingIntervalMs = 15_000;
const clientTimeoutMs = 30_000;

class HubError extends Error {}

interface Connection {
  id: string;
  socket: WebSocket;
  user: AuthUser;
  groups: Set<string>;
  /** store id → its company, for the stores this connection joined */
  stores: Map<number, number>;
  handshakeDone: boolean;
  lastHeard: number;
  reader: MessageReader;
}

/**
 * The live connection at /hubs/alltrac: the SignalR JSON hub protocol over WebSockets (negotiate, handshake,
 * invocations, completions, pings, close). Connections join their store's group; committed changes are
 * sent to the group as the spec's events, through the backplane so every server process delivers them.
 */
export class Hub implements EventPublisher {
  private readonly connections = new Map<string, Connection>();
  private readonly groups = new Map<string, Set<Connection>>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private pinger: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: { db: Db; auth: Auth; backplane: Backplane; log: FastifyBaseLogger },
  ) {
    options.backplane.onMessage((message) => this.deliver(message));
  }

  /** Registers negotiate and the WebSocket upgrade on the app's server. */
  attach(app: FastifyInstance): void {
    app.post(`${hubPath}/negotiate`, async (request, reply) => {
      await this.userOf(request.raw);
      const connectionToken = randomUUID();
      return reply.send({
        connectionId: connectionToken,
        connectionToken,
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      });
    });
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(request.url ?? '/', 'http://x').pathname !== hubPath) return;
      this.userOf(request).then(
        (user) => this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, user, request)),
        () => {
          socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        },
      );
    });
    this.pinger = setInterval(() => this.pingAll(), pingIntervalMs);
    this.pinger.unref();
  }

  /** Sends committed changes to their store's group, or the company's for company-wide rows. */
  publish(events: HubEvent[]): void {
    for (const event of events) {
      const group = event.storeId === null ? companyGroup(event.companyId) : storeGroup(event.storeId);
      this.options.backplane.publish({ group, target: event.name, args: event.args })
        .catch((error: unknown) => this.options.log.error({ err: error }, 'hub event not published'));
    }
  }

  /** Tells every client to reconnect (they may, to another process) and closes the sockets. */
  async close(): Promise<void> {
    clearInterval(this.pinger);
    for (const connection of this.connections.values()) {
      if (connection.handshakeDone) connection.socket.send(frame({ type: MessageType.Close, allowReconnect: true }));
      connection.socket.close(1001, 'server stopping');
    }
    await this.options.backplane.close();
    this.wss.close();
  }

  private async userOf(request: IncomingMessage): Promise<AuthUser> {
    const header = request.headers.authorization;
    const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    const token = bearer ?? new URL(request.url ?? '/', 'http://x').searchParams.get('access_token') ?? '';
    return this.options.auth.userFromToken(token);
  }

  private accept(socket: WebSocket, user: AuthUser, request: IncomingMessage): void {
    const id = new URL(request.url ?? '/', 'http://x').searchParams.get('id') ?? randomUUID();
    const connection: Connection = { id, socket, user, groups: new Set(), stores: new Map(), handshakeDone: false, lastHeard: Date.now(), reader: new MessageReader() };
    this.connections.set(id, connection);
    socket.on('message', (data) => this.receive(connection, data.toString()));
    socket.on('close', () => this.drop(connection));
    socket.on('error', () => this.drop(connection));
  }

  private receive(connection: Connection, text: string): void {
    connection.lastHeard = Date.now();
    let messages: unknown[];
    try {
      messages = connection.reader.read(text);
    } catch {
      this.closeWithError(connection, 'The message is not valid JSON.');
      return;
    }
    for (const message of messages) {
      if (!connection.handshakeDone) {
        const hello = message as { protocol?: string; version?: number };
        if (hello.protocol !== 'json' || hello.version !== 1) {
          connection.socket.send(JSON.stringify({ error: `The protocol "${hello.protocol}" version ${hello.version} is not supported; use json version 1.` }) + recordSeparator);
          connection.socket.close();
          return;
        }
        connection.handshakeDone = true;
        connection.socket.send('{}' + recordSeparator);
        continue;
      }
      this.handle(connection, message as HubMessage).catch((error: unknown) => this.options.log.error({ err: error }, 'hub message failed'));
    }
  }

  private async handle(connection: Connection, message: HubMessage): Promise<void> {
    if (message.type === MessageType.Ping) return;
    if (message.type === MessageType.Close) { connection.socket.close(); return; }
    if (message.type !== MessageType.Invocation) return;
    const reply = (body: { result?: unknown; error?: string }) => {
      if (message.invocationId !== undefined) connection.socket.send(frame({ type: MessageType.Completion, invocationId: message.invocationId, ...body }));
    };
    try {
      reply({ result: await this.invoke(connection, message.target, message.arguments ?? []) ?? null });
    } catch (error) {
      if (!(error instanceof HubError)) this.options.log.error({ err: error }, 'hub method failed');
      reply({ error: error instanceof HubError ? error.message : 'The server could not complete the call.' });
    }
  }

  private async invoke(connection: Connection, target: string, args: unknown[]): Promise<unknown> {
    const method = target.toLowerCase();
    if (method === hubMethods.joinStore.toLowerCase()) {
      const parsed = storeIdSchema.safeParse(args[0]);
      if (!parsed.success) throw new HubError('joinAlltracStore takes a store id.');
      const storeId = parsed.data;
      // Roles are read again: a role taken away since the socket opened takes effect now.
      const user = await loadUser(this.options.db, connection.user.userId);
      if (!user || !mayUseStore(user.roles, storeId)) throw new HubError(`You do not hold a role at store ${storeId}.`);
      const store = await this.options.db.selectFrom('storeLocations').select('companyId').where('id', '=', storeId).where('deleted', '=', false).executeTakeFirst();
      if (!store) throw new HubError(`You do not hold a role at store ${storeId}.`);
      connection.stores.set(storeId, store.companyId);
      this.join(connection, storeGroup(storeId));
      this.join(connection, companyGroup(store.companyId));
      return null;
    }
    if (method === hubMethods.leaveStore.toLowerCase()) {
      const storeId = Number(args[0]);
      const companyId = connection.stores.get(storeId);
      connection.stores.delete(storeId);
      this.leave(connection, storeGroup(storeId));
      if (companyId !== undefined && ![...connection.stores.values()].includes(companyId)) this.leave(connection, companyGroup(companyId));
      return null;
    }
    if (method === hubMethods.notifyOthersInGroup.toLowerCase()) {
      const [group, name, arg] = args;
      if (typeof group !== 'string' || typeof name !== 'string') throw new HubError('notifyOthersInGroup takes a group, a notification name and an argument.');
      if (!connection.groups.has(group)) throw new HubError(`Join the group "${group}" before notifying it.`);
      await this.options.backplane.publish({ group, target: name, args: [arg], exceptConnectionId: connection.id });
      return null;
    }
    throw new HubError(`Unknown hub method "${target}".`);
  }

  private join(connection: Connection, group: string): void {
    connection.groups.add(group);
    let members = this.groups.get(group);
    if (!members) this.groups.set(group, (members = new Set()));
    members.add(connection);
  }

  private leave(connection: Connection, group: string): void {
    connection.groups.delete(group);
    const members = this.groups.get(group);
    members?.delete(connection);
    if (members?.size === 0) this.groups.delete(group);
  }

  private deliver(message: GroupMessage): void {
    const text = frame({ type: MessageType.Invocation, target: message.target, arguments: message.args });
    for (const connection of this.groups.get(message.group) ?? []) {
      if (connection.id !== message.exceptConnectionId && connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text);
    }
  }

  private drop(connection: Connection): void {
    for (const group of [...connection.groups]) this.leave(connection, group);
    this.connections.delete(connection.id);
  }

  private pingAll(): void {
    const ping = frame({ type: MessageType.Ping });
    const now = Date.now();
    for (const connection of this.connections.values()) {
      if (now - connection.lastHeard > clientTimeoutMs * 2) { connection.socket.terminate(); continue; }
      if (connection.handshakeDone) connection.socket.send(ping);
    }
  }

  private closeWithError(connection: Connection, error: string): void {
    connection.socket.send(frame({ type: MessageType.Close, error, allowReconnect: false }));
    connection.socket.close();
  }
}
