import { nextToSend } from './outbox-order.ts';
import type { SyncEngine } from './sync-engine.ts';
import { backoffMs } from './upload-policy.ts';

export interface PushResult {
  sent: number;
  failed: number;
  /** Why sending stopped: nothing left, only held-back changes left, offline, or no valid token. */
  stoppedBy: 'empty' | 'held' | 'offline' | 'unauthorized';
  /** When to try again (a retry falling due, or a backoff after the server could not be reached). */
  retryInMs?: number;
  /** The server's status when it answered for the whole server (429, 502–504), else absent. */
  status?: number;
}

/**
 * Sends the user's waiting changes of every store on the device, one at a time, in the one order they were
 * made (a customer changed at #101, then at #102, then at #101 again reaches the server in that order). Each
 * goes with its own store's ActiveStoreLocation. A change that is refused or must wait holds back only its
 * own row and the rows that refer to it (outbox-order.ts).
 */
export async function pushDevice(engines: readonly SyncEngine[], now: () => number = Date.now, random: () => number = Math.random): Promise<PushResult> {
  const byStore = new Map(engines.map((e) => [e.storeId, e]));
  let sent = 0;
  let failed = 0;
  for (;;) {
    const entries = (await Promise.all(engines.map(async (e) => (await e.outboxEntries()).map((entry) => ({ storeId: e.storeId, entry }))))).flat();
    if (entries.length === 0) return { sent, failed, stoppedBy: 'empty' };
    const { next, retryAt } = nextToSend(entries, now());
    if (!next) return { sent, failed, stoppedBy: 'held', ...(retryAt !== null ? { retryInMs: Math.max(0, retryAt - now()) } : {}) };
    const result = await byStore.get(next.storeId)!.send(next.entry);
    switch (result.outcome) {
      case 'sent':
        sent++;
        break;
      case 'failed':
        failed++;
        break;
      case 'unauthorized':
        return { sent, failed, stoppedBy: 'unauthorized' };
      case 'offline':
        return { sent, failed, stoppedBy: 'offline', retryInMs: backoffMs(next.entry.attempts + 1, random) };
      case 'retry':
        if (result.serverWide) return { sent, failed, stoppedBy: 'offline', status: result.status, retryInMs: backoffMs(next.entry.attempts + 1, random) };
        break;
    }
  }
}
