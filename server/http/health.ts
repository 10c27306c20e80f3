import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { problemTypes } from '../../src/contract/problem.ts';
import type { Db } from '../db/connect.ts';
import { withDeadline } from '../deadline.ts';
import type { Backplane } from '../hub/backplane.ts';
import { sendProblem } from './problem.ts';

/** A balancer polls every few seconds: a dependency slower than this to answer counts as down. */
const checkMs = 2000;

export interface HealthOptions {
  db: Db;
  /** Redis's backplane, when REDIS_URL is set (null: none to check). */
  redis: Backplane | null;
  /** Live hub connections on this process. */
  connections: () => number;
}

/**
 * /healthz: the process is alive (restart it when not). /readyz: it can serve, its database and Redis answer
 * and it is not shutting down (send it no requests when not); 503 with a problem detail naming what is down.
 */
export async function healthRoutes(app: FastifyInstance, { db, redis, connections }: HealthOptions): Promise<void> {
  const checks: { name: string; check: () => Promise<unknown> }[] = [
    { name: 'the database', check: () => sql`select 1`.execute(db) },
    ...(redis ? [{ name: 'Redis (REDIS_URL)', check: () => redis.ping() }] : []),
  ];

  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.draining) return sendProblem(reply, { ...problemTypes.unavailable, detail: 'This server process is shutting down: send requests to another one.' });
    const down = (
      await Promise.all(
        checks.map(async ({ name, check }) => {
          try {
            await withDeadline(check(), checkMs, name);
            return null;
          } catch (error) {
            // The reason goes to the log only: it names internal addresses.
            app.log.warn({ err: error }, `Not ready: ${name} does not answer`);
            return name;
          }
        }),
      )
    ).filter((name) => name !== null);
    if (down.length > 0) {
      return sendProblem(reply, { ...problemTypes.unavailable, detail: `Not ready: ${down.join(' and ')} ${down.length > 1 ? 'do' : 'does'} not answer.` });
    }
    return reply.send({ status: 'ready', database: 'up', redis: redis ? 'up' : 'not used', connections: connections() });
  });
}
