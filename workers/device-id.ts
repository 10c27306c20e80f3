import type { GlobalDb } from '../src/db/global-db.ts';

/**
 * This device's id: made the first time it is asked for and kept in the device's own database, whoever is signed
 * in, so the platform's health counts a shared counter computer once. Made in one transaction: two tabs asking
 * at once get the same id.
 */
export function deviceIdOf(db: GlobalDb, newId: () => string = () => crypto.randomUUID(), now: () => Date = () => new Date()): Promise<string> {
  return db.transaction('rw', db.deviceState, async () => {
    const kept = await db.deviceIdState.get('deviceId');
    if (kept) return kept.value;
    const made = { name: 'deviceId' as const, value: newId(), savedAt: now().toISOString() };
    await db.deviceIdState.put(made);
    return made.value;
  });
}
