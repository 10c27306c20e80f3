import type { SystemNotification } from '../../contract/entities.ts';
import { applicationName } from '../../contract/application-name.ts';

/** Active now, meant for this application, and for this store (a notice for some stores only) or every store. */
export function activeSystemNotifications(all: readonly SystemNotification[], now: Date, storeId: number | null = null): SystemNotification[] {
  const t = now.getTime();
  return all.filter(
    (n) =>
      n.application === applicationName &&
      Date.parse(n.dateStarted) <= t &&
      t < Date.parse(n.dateEnded) &&
      // A notice kept on a device before notices named stores has no storeIds: it is for every store.
      (n.storeIds == null || (storeId !== null && n.storeIds.includes(storeId))),
  );
}

/**
 * When the notices shown may next change by time alone (one starts or ends), after `now`; null when none will. The
 * shell looks again then, so a notice that ends lets staff back without a poll (a long wait is cut at a day).
 */
export function nextNoticeChange(all: readonly SystemNotification[], now: Date): Date | null {
  const t = now.getTime();
  const times = all.flatMap((n) => [Date.parse(n.dateStarted), Date.parse(n.dateEnded)]).filter((at) => at > t);
  return times.length === 0 ? null : new Date(Math.min(...times, t + 86_400_000));
}

/** The Low notices a person dismissed, of those still shown: a dismissal outlives a reload, and a notice gone is forgotten. */
export function stillDismissed(dismissed: readonly string[], shown: readonly SystemNotification[]): string[] {
  return dismissed.filter((id) => shown.some((n) => n.systemNotificationId === id && n.severityLevel === 'Low'));
}
