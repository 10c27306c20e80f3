import { Redis } from 'ioredis';
import { withDeadline } from '../deadline.ts';

/** A message for every connection in a group, on every server process. */
export interface GroupMessage {
  group: string;
  target: string;
  args: unknown[];
  /** A connection that must not receive it (the sender of notifyOthersInGroup). */
  exceptConnectionId?: string;
}

/** How group messages reach the connections: in this process, or through Redis to every process. */
export interface Backplane {
  publish(message: GroupMessage): Promise<void>;
  onMessage(deliver: (message: GroupMessage) => void): void;
  /** Resolves when the backplane answers now (readiness); rejects when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function localBackplane(): Backplane {
  let deliver: (message: GroupMessage) => void = () => undefined;
  return {
    // Delivered after the write has answered (in order): sending to hundreds of sockets is not the writer's wait.
    publish: async (message) => {
      setImmediate(() => deliver(message));
    },
    onMessage: (handler) => {
      deliver = handler;
    },
    ping: async () => undefined,
    close: async () => undefined,
  };
}

/** How long a check of Redis and the close's last publishes may wait for Redis to answer. */
const redisWaitMs = 2000;

/**
 * Redis pub/sub: each process publishes and every process (itself included) delivers to its own sockets.
 * The channel carries the database's data epoch, so deployments sharing one Redis never hear each other.
 */
export async function redisBackplane(url: string, epoch: string, log: (message: string, error?: unknown) => void): Promise<Backplane> {
  const channel = `alltrac:hub:${epoch}`;
  // ioredis, the client the rate limits need (server/http/rate-limits.ts): one Redis client library for the server.
  // A subscribed connection can only listen, so publishing takes a second connection.
  const publisher = new Redis(url, { lazyConnect: true });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) client.on('error', (error: unknown) => log('Redis connection error', error));
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }
  let deliver: (message: GroupMessage) => void = () => undefined;
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    try {
      deliver(JSON.parse(raw) as GroupMessage);
    } catch (error) {
      log('Unreadable hub message from Redis', error);
    }
  });
  return {
    publish: async (message) => {
      await publisher.publish(channel, JSON.stringify(message));
    },
    onMessage: (handler) => {
      deliver = handler;
    },
    ping: async () => {
      // While Redis is away the client queues commands until it is back: a ping would wait for ever.
      if (publisher.status !== 'ready') throw new Error('not connected to Redis');
      await withDeadline(publisher.ping(), redisWaitMs, 'Redis PING');
    },
    close: async () => {
      // The subscription ends with its connection. The publisher's quit waits for the publishes still queued
      // (the last requests' events), but while Redis is away they would wait for ever: give them a moment.
      subscriber.disconnect();
      await withDeadline(publisher.quit(), redisWaitMs, 'Redis close').catch(() => publisher.disconnect());
    },
  };
}
