import type { SystemNotification } from '../contract/entities.ts';
import { applicationName } from '../contract/application-name.ts';

/** Active now, meant for this application, and for this store (a notice for some stores only) or every store. */
export function activeSystemNotifications(all: readonly SystemNotification[], now: Date, storeId: number | null = null): SystemNotification[] {
  const t = now.getTime();
  return all.filter((n) => n.application === applicationName && Date.parse(n.dateStarted) <= t && t < Date.parse(n.dateEnded)
    // A notice kept on a device before notices named stores has no storeIds: it is for every store.
    && (n.storeIds == null || (storeId !== null && n.storeIds.includes(storeId))));
}
