/**
 * What to do with an outbox entry after the server answered (or did not). The one place this is decided:
 * - done: 2xx, the change is applied (a replay answers the first response: the server keeps it per key).
 * - retry: no answer (network, server killed), 408, 429, 5xx, 1xx. Nothing is wrong with the change; try
 *   again after a backoff with jitter, for ever. The entry stays pending.
 * - unauthorized: 401. The token expired or the user must sign in again; push pauses until a token is
 *   renewed. Never a reason to fail or drop the change.
 * - fatal: any other 4xx (validation, not found, conflict, forbidden). Sending it again cannot help: the
 *   entry is kept as failed with the server's problem detail, and the user retries or discards it.
 */
export type UploadOutcome = 'done' | 'retry' | 'unauthorized' | 'fatal';

export function classifyUpload(status: number | 'network'): UploadOutcome {
  if (status === 'network') return 'retry';
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) return 'unauthorized';
  if (status === 408 || status === 429 || status >= 500 || status < 200) return 'retry';
  return 'fatal';
}

/** Exponential backoff from 1 s to at most 60 s, with jitter so devices coming back together spread out. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.5 + random() / 2));
}
