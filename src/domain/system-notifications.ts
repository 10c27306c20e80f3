import type { SystemNotification } from '../contract/entities.ts';

/** The application name system notifications carry for this product (spec section 3: only those are shown). */
export const applicationName = 'AllTrac';

/** Active now and meant for this application. */
export function activeSystemNotifications(all: readonly SystemNotification[], now: Date): SystemNotification[] {
  const t = now.getTime();
  return all.filter((n) => n.application === applicationName && Date.parse(n.dateStarted) <= t && t < Date.parse(n.dateEnded));
}

/** "Nov 21, 2:00 AM – 3:00 AM" in the viewer's own time zone. */
export function localTimeRange(startIso: string, endIso: string, locale?: string, timeZone?: string): string {
  const date = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
  return date.formatRange(new Date(startIso), new Date(endIso));
}
