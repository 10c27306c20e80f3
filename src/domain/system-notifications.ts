import type { SystemNotification } from '../contract/entities.ts';

/** The application name system notifications carry for this product (spec section 3: only those are shown). */
export const applicationName = 'AllTrac';

/** Active now and meant for this application. */
export function activeSystemNotifications(all: readonly SystemNotification[], now: Date): SystemNotification[] {
  const t = now.getTime();
  return all.filter((n) => n.application === applicationName && Date.parse(n.dateStarted) <= t && t < Date.parse(n.dateEnded));
}
