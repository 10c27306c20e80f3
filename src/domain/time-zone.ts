import { Temporal } from 'temporal-polyfill';
import { findIana } from 'windows-iana';

export const invalidTimeZoneMessage = 'Valid timezone not found for currently active store';

/**
 * The IANA zone of a store's Windows time-zone name (spec section 3). An unknown or missing zone falls back
 * to the system zone and reports the spec's message (spec section 5).
 */
export function storeTimeZone(windowsZone: string | null | undefined, report: (message: string) => void = console.warn): string {
  const iana = windowsZone ? findIana(windowsZone)[0] : undefined;
  if (iana) return iana;
  report(invalidTimeZoneMessage);
  return Temporal.Now.timeZoneId();
}

/** The instant at a wall-clock time on a date in a zone, as an ISO string in UTC. */
export function wallClockToInstant(date: Temporal.PlainDate, hour: number, minute: number, timeZone: string): string {
  return date.toPlainDateTime({ hour, minute }).toZonedDateTime(timeZone).toInstant().toString();
}
