import { Temporal } from 'temporal-polyfill';
import { mainIanaZone, windowsZones } from '../../contract/windows-zones.ts';

export const invalidTimeZoneMessage = 'Valid timezone not found for currently active store';

/**
 * The IANA zone of a store's Windows time-zone name (spec section 3). An unknown or missing zone falls back
 * to the system zone and reports the spec's message (spec section 5).
 */
export function storeTimeZone(windowsZone: string | null | undefined, report: (message: string) => void = console.warn): string {
  const iana = windowsZone ? mainIanaZone(windowsZone) : undefined;
  if (iana) return iana;
  report(invalidTimeZoneMessage);
  return Temporal.Now.timeZoneId();
}

/** The instant at a wall-clock time on a date in a zone, as an ISO string in UTC. */
export function wallClockToInstant(date: Temporal.PlainDate, hour: number, minute: number, timeZone: string): string {
  return date.toPlainDateTime({ hour, minute }).toZonedDateTime(timeZone).toInstant().toString();
}

/**
 * The Windows time zones a store may choose, each with its main IANA zone and its offset at `now`
 * ("Eastern Standard Time (America/New_York), UTC-05:00 now"), from the furthest west.
 */
export function timeZoneChoices(now: Temporal.Instant): { value: string; label: string }[] {
  return windowsZones()
    .map(([windowsName, iana]) => {
      const at = now.toZonedDateTimeISO(iana);
      return { value: windowsName, label: `${windowsName} (${iana}), UTC${at.offset} now`, offset: at.offsetNanoseconds };
    })
    .sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value))
    .map(({ value, label }) => ({ value, label }));
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the wall clock of a zone reads it, to the second, without an offset: 2026-11-23T09:00:00.
 * Read through Intl (a calendar day of 300 entries converts a thousand times; the Temporal polyfill took
 * a third of a second for it).
 */
export function instantToWallClock(iso: string, timeZone: string): string {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(new Date(iso))) part[type] = value;
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/** The calendar date (YYYY-MM-DD) of an instant on a zone's wall clock: a store's "today". */
export const wallClockDate = (at: Date, timeZone: string): string => instantToWallClock(at.toISOString(), timeZone).slice(0, 10);

/**
 * The instant a wall-clock reading (2026-11-23T09:00:00) names in a zone, as an ISO string in UTC. A time the
 * clocks skip on a daylight-saving day is taken as the time after the skip, as the wall clock reads it.
 */
export function wallClockIsoToInstant(wallClock: string, timeZone: string): string {
  // In the form the server answers (milliseconds, Z), so stored times compare as text.
  return new Date(
    Temporal.PlainDateTime.from(wallClock).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).toInstant().epochMilliseconds,
  ).toISOString();
}
