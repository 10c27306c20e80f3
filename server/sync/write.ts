import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { HubEventName } from '../../src/contract/hub.ts';
import type { AuthUser } from '../auth/auth.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { ProblemError } from '../http/problem.ts';

export interface HubEvent {
  storeId: number | null;
  companyId: number;
  name: HubEventName;
  args: unknown[];
}

/** Sends committed changes to the live connections (the hub implements it). */
export interface EventPublisher {
  publish(events: HubEvent[]): void;
}

export interface WriteResult<T> {
  status: number;
  body: T;
  events: HubEvent[];
}

const idempotencyKeyPattern = /^[\w.:-]{8,200}$/;

/**
 * Runs a write a client can queue, exactly once per Idempotency-Key: the key and the answer are stored in the
 * write's own transaction, so a replay (after a lost reply, a reload, a retry) gets the first answer and
 * changes nothing. Hub events go out only after the commit.
 */
export async function idempotentWrite<T>(
  db: Db,
  publisher: EventPublisher,
  request: FastifyRequest,
  user: AuthUser,
  write: (trx: Transaction<Database>) => Promise<WriteResult<T>>,
): Promise<{ status: number; body: T }> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined && !idempotencyKeyPattern.test(key)) {
    throw new ProblemError('badRequest', 'The Idempotency-Key header must be 8 to 200 letters, digits, or . _ : -', { errors: { 'Idempotency-Key': ['Invalid'] } });
  }
  const method = request.method;
  const path = request.url.split('?')[0]!;

  const replay = async () => {
    if (key === undefined) return undefined;
    const stored = await db.selectFrom('idempotencyKeys').select(['method', 'path', 'statusCode', 'response'])
      .where('userId', '=', user.userId).where('key', '=', key).executeTakeFirst();
    if (!stored) return undefined;
    if (stored.method !== method || stored.path !== path) {
      throw new ProblemError('conflict', 'This Idempotency-Key was already used for another request; use a new key for a new change.');
    }
    return { status: stored.statusCode, body: stored.response as T };
  };

  const earlier = await replay();
  if (earlier) return earlier;
  let result: WriteResult<T>;
  try {
    result = await db.transaction().execute(async (trx) => {
      const outcome = await write(trx);
      if (key !== undefined) {
        await trx.insertInto('idempotencyKeys').values({
          userId: user.userId, key, method, path, statusCode: outcome.status,
          response: JSON.stringify(outcome.body ?? null),
        }).execute();
      }
      return outcome;
    });
  } catch (error) {
    // The same request arriving twice at once: the second loses the race on the key and answers like the first.
    if ((error as { code?: string }).code === '23505' && key !== undefined) {
      const first = await replay();
      if (first) return first;
    }
    throw error;
  }
  publisher.publish(result.events);
  return { status: result.status, body: result.body };
}

