import { createClient } from 'redis';

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
  close(): Promise<void>;
}

export function localBackplane(): Backplane {
  let deliver: (message: GroupMessage) => void = () => undefined;
  return {
    publish: async (message) => deliver(message),
    onMessage: (handler) => { deliver = handler; },
    close: async () => undefined,
  };
}

/**
 * Redis pub/sub: each process publishes and every process (itself included) delivers to its own sockets.
 * The channel carries the database's data epoch, so deployments sharing one Redis never hear each other.
 */
export async function redisBackplane(url: string, epoch: string, log: (message: string, error?: unknown) => void): Promise<Backplane> {
  const channel = `alltrac:hub:${epoch}`;
  const publisher = createClient({ url });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) client.on('error', (error: unknown) => log('Redis connection error', error));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  let deliver: (message: GroupMessage) => void = () => undefined;
  await subscriber.subscribe(channel, (raw) => {
    try {
      deliver(JSON.parse(raw) as GroupMessage);
    } catch (error) {
      log('Unreadable hub message from Redis', error);
    }
  });
  return {
    publish: async (message) => { await publisher.publish(channel, JSON.stringify(message)); },
    onMessage: (handler) => { deliver = handler; },
    close: async () => {
      await subscriber.unsubscribe(channel).catch(() => undefined);
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
