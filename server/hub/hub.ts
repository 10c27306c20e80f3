import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { clientRaisableEvents, companyGroup, everyoneGroup, hubMethods, hubPath, storeGroup, userGroup } from '../../src/contract/hub.ts';
import { peopleMessages } from '../../src/contract/platform-people.ts';
import { storeIdSchema } from '../../src/contract/user.ts';
import { mayUseStore } from '../../src/domain/people/roles.ts';
import { loadUser, type Auth, type AuthUser } from '../auth/auth.ts';
import type { Db } from '../db/connect.ts';
import type { EventPublisher, HubEvent } from '../sync/write-path.ts';
import type { Backplane, GroupMessage } from './backplane.ts';
import { rolesChangedTarget } from './control.ts';
import { frame, isHubMessage, maxMessageBytes, MessageReader, MessageTooLargeError, MessageType, recordSeparator, type HubMessage } from './protocol.ts';

/** The server pings every 15 s; clients drop a connection silent for 30 s, so we do too, for theirs. */
const pingIntervalMs = 15_000;
const clientTimeoutMs = 30_000;
/**
 * The backplane's word to every process to close a person's connections (they were disabled). Not an event a
 * client may raise (notifyOthersInGroup sends only clientRaisableEvents), so no device can end another's.
 */
const disconnectTarget = 'alltrac:disconnect';
/** A connection token opens a socket within this time of negotiate, once. */
const connectionTokenMs = 60_000;
/** The argument of a client's notifyOthersInGroup: a poke, not a payload. */
const maxNotifyArgumentBytes = 512;

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
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes });
  private pinger: NodeJS.Timeout | undefined;

  /** Connection tokens used on this process (until they expire): each opens one socket. */
  private readonly usedTokens = new Map<string, number>();

  constructor(private readonly options: { db: Db; auth: Auth; backplane: Backplane; log: FastifyBaseLogger; secret: string }) {
    options.backplane.onMessage((message) => this.deliver(message));
  }

  private sign(body: string): string {
    return createHmac('sha256', `hub-connection:${this.options.secret}`).update(body).digest('base64url');
  }

  /**
   * A connection token names the connection id, the user it was issued to and when it ends, signed by the
   * server: any process behind the load balancer can check it, and nobody can choose another's id.
   */
  private issueToken(userId: string): { connectionId: string; connectionToken: string } {
    const connectionId = randomBytes(16).toString('base64url');
    const body = `${connectionId}.${userId}.${Date.now() + connectionTokenMs}`;
    return { connectionId, connectionToken: `${body}.${this.sign(body)}` };
  }

  /** The connection id a token opens for this user, once and in time; null for any other token. */
  private redeemToken(token: string, userId: string): string | null {
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [connectionId, owner, expires, signature] = parts as [string, string, string, string];
    const expected = Buffer.from(this.sign(`${connectionId}.${owner}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const now = Date.now();
    if (owner !== userId || Number(expires) < now || this.usedTokens.has(token) || this.connections.has(connectionId)) return null;
    for (const [used, until] of this.usedTokens) if (until < now) this.usedTokens.delete(used);
    this.usedTokens.set(token, Number(expires));
    return connectionId;
  }

  /** Registers negotiate and the WebSocket upgrade on the app's server. */
  attach(app: FastifyInstance): void {
    app.post(`${hubPath}/negotiate`, async (request, reply) => {
      const user = await this.userOf(request.raw);
      return reply.send({
        ...this.issueToken(user.userId),
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      });
    });
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname !== hubPath) return;
      this.userOf(request).then(
        (user) => {
          const connectionId = this.redeemToken(url.searchParams.get('id') ?? '', user.userId);
          if (!connectionId) {
            const body = 'No connection with that ID: negotiate first, and open each connection once.';
            socket.end(`HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
            return;
          }
          this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, user, connectionId));
        },
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
      const group =
        event.group ?? (event.userId ? userGroup(event.userId) : event.storeId === null ? companyGroup(event.companyId) : storeGroup(event.storeId));
      this.options.backplane
        .publish({ group, target: event.name, args: event.args })
        .catch((error: unknown) => this.options.log.error({ err: error }, 'hub event not published'));
    }
  }

  /** Closes every live connection of the person, on every process: a disabled person hears no more pokes. */
  disconnectUser(userId: string): void {
    this.options.backplane
      .publish({ group: userGroup(userId), target: disconnectTarget, args: [] })
      .catch((error: unknown) => this.options.log.error({ err: error }, "a disabled person's connections were not closed"));
  }

  /** Live connections on this process (readiness reports them: how devices are spread over processes). */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** Live connections on this process by the store they joined (the platform's health view); a connection is counted at each store it joined. */
  connectionsByStore(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const connection of this.connections.values()) {
      for (const storeId of connection.stores.keys()) counts.set(storeId, (counts.get(storeId) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * Tells every client to reconnect (through the balancer, to another process) and closes the sockets; events
   * still go out through the backplane, for the requests this process is finishing.
   */
  disconnectClients(): void {
    clearInterval(this.pinger);
    for (const connection of this.connections.values()) {
      if (connection.handshakeDone) connection.socket.send(frame({ type: MessageType.Close, allowReconnect: true }));
      connection.socket.close(1001, 'server stopping');
    }
  }

  /** Ends the sockets whose clients did not answer the close in time (a device gone from the network). */
  terminateClients(): void {
    for (const connection of this.connections.values()) connection.socket.terminate();
  }

  /** Closes what sockets are left, then the backplane: the jobs, stopped before it, publish their last changes through it. */
  async close(): Promise<void> {
    this.disconnectClients();
    await this.options.backplane.close();
    this.wss.close();
  }

  private async userOf(request: IncomingMessage): Promise<AuthUser> {
    const header = request.headers.authorization;
    const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    const token = bearer ?? new URL(request.url ?? '/', 'http://x').searchParams.get('access_token') ?? '';
    return this.options.auth.userFromToken(token);
  }

  private accept(socket: WebSocket, user: AuthUser, id: string): void {
    const connection: Connection = {
      id,
      socket,
      user,
      groups: new Set(),
      stores: new Map(),
      handshakeDone: false,
      lastHeard: Date.now(),
      reader: new MessageReader(),
    };
    this.connections.set(id, connection);
    // Events about the user's own rows (notifications, preferences, support requests) reach only them.
    this.join(connection, userGroup(user.userId));
    // System notices for every store reach every open device (ours: docs/decisions/admin-and-platform.md).
    this.join(connection, everyoneGroup);
    socket.on('message', (data) => this.receive(connection, data.toString()));
    socket.on('close', () => this.drop(connection));
    socket.on('error', () => this.drop(connection));
  }

  /** Whatever a client sends, however malformed, ends at most its own connection, never the process. */
  private receive(connection: Connection, text: string): void {
    connection.lastHeard = Date.now();
    let messages: unknown[];
    try {
      messages = connection.reader.read(text);
    } catch (error) {
      this.closeWithError(connection, error instanceof MessageTooLargeError ? error.message : 'The message is not valid JSON.');
      return;
    }
    for (const message of messages) {
      if (!connection.handshakeDone) {
        const hello = (typeof message === 'object' && message !== null ? message : {}) as { protocol?: unknown; version?: unknown };
        if (hello.protocol !== 'json' || hello.version !== 1) {
          connection.socket.send(
            JSON.stringify({ error: 'The handshake must be {"protocol":"json","version":1}: only the JSON protocol, version 1, is supported.' }) +
              recordSeparator,
          );
          connection.socket.close();
          return;
        }
        connection.handshakeDone = true;
        connection.socket.send('{}' + recordSeparator);
        continue;
      }
      if (!isHubMessage(message)) {
        this.closeWithError(connection, 'A message must be a JSON object with a numeric type.');
        return;
      }
      this.handle(connection, message).catch((error: unknown) => this.options.log.error({ err: error }, 'hub message failed'));
    }
  }

  private async handle(connection: Connection, message: HubMessage): Promise<void> {
    if (message.type === MessageType.Ping) return;
    if (message.type === MessageType.Close) {
      connection.socket.close();
      return;
    }
    if (message.type !== MessageType.Invocation) return;
    const reply = (body: { result?: unknown; error?: string }) => {
      if (typeof message.invocationId === 'string')
        connection.socket.send(frame({ type: MessageType.Completion, invocationId: message.invocationId, ...body }));
    };
    try {
      if (typeof message.target !== 'string' || (message.arguments !== undefined && !Array.isArray(message.arguments))) {
        throw new HubError('An invocation names its target and passes its arguments as an array.');
      }
      reply({ result: (await this.invoke(connection, message.target, message.arguments ?? [])) ?? null });
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
      const store = await this.options.db
        .selectFrom('storeLocations')
        .select('companyId')
        .where('id', '=', storeId)
        .where('deleted', '=', false)
        .executeTakeFirst();
      if (!store) throw new HubError(`You do not hold a role at store ${storeId}.`);
      connection.stores.set(storeId, store.companyId);
      this.join(connection, storeGroup(storeId));
      this.join(connection, companyGroup(store.companyId));
      return null;
    }
    if (method === hubMethods.leaveStore.toLowerCase()) {
      this.leaveStore(connection, Number(args[0]));
      return null;
    }
    if (method === hubMethods.notifyOthersInGroup.toLowerCase()) {
      const [group, name, arg] = args;
      if (typeof group !== 'string' || typeof name !== 'string') throw new HubError('notifyOthersInGroup takes a group, a notification name and an argument.');
      // Only the group of a store this connection joined, only the spec's events, only a small argument:
      // changes to data are announced by the server after they commit, never by a client.
      const storeId = [...connection.stores.keys()].find((id) => storeGroup(id) === group);
      if (storeId === undefined) throw new HubError(`Join the store of "${group}" before notifying its group.`);
      // Roles are read again: someone removed from the store since they joined tells its devices nothing.
      if (!(await this.stillAt(connection, storeId))) throw new HubError(`You no longer hold a role at store ${storeId}.`);
      if (!(clientRaisableEvents as readonly string[]).includes(name)) {
        throw new HubError(`"${name}" is not an event a device may raise; these are: ${clientRaisableEvents.join(', ')}.`);
      }
      if (JSON.stringify(arg ?? null).length > maxNotifyArgumentBytes) throw new HubError(`The argument may be at most ${maxNotifyArgumentBytes} bytes.`);
      await this.options.backplane.publish({ group, target: name, args: [arg], exceptConnectionId: connection.id });
      return null;
    }
    throw new HubError(`Unknown hub method "${target}".`);
  }

  /** Leaves a store's group, and its company's when no other joined store is of it. */
  private leaveStore(connection: Connection, storeId: number): void {
    const companyId = connection.stores.get(storeId);
    connection.stores.delete(storeId);
    this.leave(connection, storeGroup(storeId));
    if (companyId !== undefined && ![...connection.stores.values()].includes(companyId)) this.leave(connection, companyGroup(companyId));
  }

  /** Whether the connection's person still holds a role at the store; if not, the connection leaves its group. */
  private async stillAt(connection: Connection, storeId: number): Promise<boolean> {
    const user = await loadUser(this.options.db, connection.user.userId);
    if (user && mayUseStore(user.roles, storeId)) return true;
    this.leaveStore(connection, storeId);
    return false;
  }

  /** The person's roles changed: each store group they joined and no longer hold a role at is left at once. */
  private async rolesChanged(connection: Connection): Promise<void> {
    for (const storeId of [...connection.stores.keys()]) await this.stillAt(connection, storeId);
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
    if (message.target === disconnectTarget) {
      for (const connection of [...(this.groups.get(message.group) ?? [])]) this.closeWithError(connection, peopleMessages.disabled);
      return;
    }
    if (message.target === rolesChangedTarget) {
      for (const connection of [...(this.groups.get(message.group) ?? [])]) {
        this.rolesChanged(connection).catch((error: unknown) => this.options.log.error({ err: error }, "a person's store groups were not brought up to date"));
      }
      return;
    }
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
      if (now - connection.lastHeard > clientTimeoutMs * 2) {
        connection.socket.terminate();
        continue;
      }
      if (connection.handshakeDone) connection.socket.send(ping);
    }
  }

  private closeWithError(connection: Connection, error: string): void {
    connection.socket.send(frame({ type: MessageType.Close, error, allowReconnect: false }));
    connection.socket.close();
  }
}
