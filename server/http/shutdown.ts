import type { FastifyInstance } from 'fastify';
import { withDeadline } from '../deadline.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once a graceful stop began (readiness then answers 503). */
    readonly draining: boolean;
    /**
     * Stops gracefully: no new connections, requests in flight finish (at most `drainMs`), hub clients are told
     * to reconnect elsewhere, then the app closes (its hooks stop the jobs and close Redis).
     */
    stopGracefully(): Promise<void>;
  }
}

/** How long requests in flight may take to finish once a stop began; their connections are cut after it. */
const drainMs = 10_000;

export interface LiveClients {
  /** Asks every live client to reconnect (to another process) and closes its socket. */
  disconnectClients(): void;
  /** Ends at once the sockets of clients that did not answer the close. */
  terminateClients(): void;
}

export function installGracefulStop(app: FastifyInstance, clients: LiveClients): void {
  let draining = false;
  let stopped: Promise<void> | null = null;
  // Keep-alive would hold a connection open after its last answer until the client or the timeout ends it
  // (72 s): once a stop began, answers end their connection and a connection that falls idle is closed.
  app.server.prependListener('request', (_request, response) => {
    if (draining) response.setHeader('connection', 'close');
    response.once('finish', () => {
      if (draining) app.server.closeIdleConnections();
    });
  });
  app.decorate('draining', { getter: () => draining });
  app.decorate('stopGracefully', () => {
    stopped ??= (async () => {
      draining = true;
      // Fastify's own close answers 503 to every request from its first step on: a balancer would relay those.
      // Closing the listener first refuses new connections instead, which a balancer retries on another process.
      const drained = new Promise<void>((resolve) => app.server.close(() => resolve()));
      clients.disconnectClients();
      const inTime = await withDeadline(drained, drainMs, 'requests in flight').then(
        () => true,
        () => false,
      );
      if (!inTime) {
        app.log.warn(`Requests still in flight after ${drainMs / 1000} s of shutting down: their connections are cut.`);
        app.server.closeAllConnections();
        clients.terminateClients();
        await drained;
      }
      await app.close();
    })();
    return stopped;
  });
}
