import type { Problem } from '../src/contract/problem.ts';
import { NetworkError, type ApiClient } from '../src/http/api-client.ts';
import { problemOf } from '../src/http/problem-of.ts';

/** The server's refusal: its first field message (else its detail) as the words, and the problem itself for a form to place. */
export class Refused extends Error {
  constructor(
    readonly problem: Problem,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A call the admin dashboard makes online, not queued (PointSAdmin, issue 27): what it changes must take
 * effect now, and the admin must see that it did. Answers the body; a refusal throws the server's first field
 * message, else its detail; no connection says so. A write sends `idempotencyKey` (one per call unless given).
 */
export async function onlineCall(
  api: ApiClient,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  idempotencyKey = `admin-${crypto.randomUUID()}`,
): Promise<unknown> {
  try {
    const response = await api.request(method, path, { ...(body !== undefined ? { body } : {}), ...(method === 'GET' ? {} : { idempotencyKey }) });
    if (response.status === 200 || response.status === 201 || response.status === 204) return response.body;
    const problem = problemOf(response);
    const first = Object.values(problem.errors ?? {})[0]?.[0];
    throw new Refused(problem, first ?? problem.detail ?? `The server answered ${response.status}.`);
  } catch (error) {
    if (error instanceof NetworkError) throw new Error('The admin dashboard needs a connection: connect and try again.', { cause: error });
    throw error;
  }
}
