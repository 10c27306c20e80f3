import type { OutboxEntry } from '../src/db/store-db.ts';

/** An outbox entry with the store whose outbox holds it (and whose header it is sent with). */
export interface DeviceEntry {
  storeId: number;
  entry: OutboxEntry;
}

/** The device-wide position of an entry: its order, else (entries queued before orders existed) its time. */
export const positionOf = (entry: OutboxEntry) => entry.order ?? Date.parse(entry.createdAt) * 1000;

/** Every store's entries in the one order the user made them. */
export function inDeviceOrder(entries: DeviceEntry[]): DeviceEntry[] {
  return [...entries].sort((a, b) => positionOf(a.entry) - positionOf(b.entry) || a.storeId - b.storeId || a.entry.seq! - b.entry.seq!);
}

/**
 * The next change to send, in the device-wide order (DESIGN.md, "Order per entity, not per device"). An entry
 * that was refused, or is waiting out a retry, holds back only the later entries of its own row and of rows
 * that refer to it (a vehicle of a customer not yet created) or are part of it (a quote's text, `dependsOn`);
 * every other row goes on. A refused server action
 * (a report's send) holds back nothing: no later change builds on it.
 * Returns null when nothing can be sent now, with the earliest time a waiting retry falls due.
 */
export function nextToSend(entries: DeviceEntry[], now: number): { next: DeviceEntry | null; retryAt: number | null } {
  const held = new Set<string>();
  let retryAt: number | null = null;
  for (const item of inDeviceOrder(entries)) {
    const { entry } = item;
    const waiting = entry.retryAt !== undefined && entry.retryAt > now;
    if (waiting) retryAt = Math.min(retryAt ?? entry.retryAt!, entry.retryAt!);
    if (entry.status === 'failed' && entry.serverAction) continue;
    const waitsFor = [...(entry.refs ?? []), ...(entry.dependsOn ?? [])];
    if (entry.status === 'failed' || waiting || held.has(entry.entity) || waitsFor.some((ref) => held.has(ref))) {
      held.add(entry.entity);
      continue;
    }
    return { next: item, retryAt };
  }
  return { next: null, retryAt };
}

/**
 * A device-wide order for a new change: wall-clock microseconds, never less than one more than the last
 * order this worker gave. Within a tab it always grows; across tabs it follows the clock, which is the
 * order a person makes changes in.
 */
export function orderClock(now: () => number = Date.now): () => number {
  let last = 0;
  return () => {
    last = Math.max(now() * 1000, last + 1);
    return last;
  };
}
