/**
 * One way of writing dates and times, for every screen, the customers' pages and the texts and emails sent to
 * customers (docs/decisions/shell-and-pwa.md, "Dates and times"):
 *   a date         Tue, Nov 24, 2026
 *   a time         2:12 PM
 *   a date & time  Tue, Nov 24, 2:12 PM           (Mon, Nov 24, 2025, 2:12 PM outside the current year)
 *   a time span    2:00 – 3:30 PM                 (Tue, Nov 24, 2:00 – 3:30 PM with its day)
 * In US English whatever the device's language, as every other word of the app is, and at the wall clock of
 * the zone given: the store's for anything of a store.
 */

const locale = 'en-US';
const weekdayMonthDay = { weekday: 'short', month: 'short', day: 'numeric' } as const;
const clock = { hour: 'numeric', minute: '2-digit' } as const;

/**
 * Intl writes a narrow no-break space before AM/PM and thin spaces around a span's dash. Plain spaces instead:
 * any of those in a text message takes it out of the GSM alphabet (a third as many characters per part), and a
 * person typing "2:12 PM" into a search or a test would not find it.
 */
const plainSpaces = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

export interface DateFormats {
  /** "Tue, Nov 24, 2026": a day something happened or will, always with its year. */
  date(iso: string): string;
  /** "2:12 PM". */
  time(iso: string): string;
  /** "Tue, Nov 24, 2:12 PM", with the year after the day when it is not the current year. */
  dateTime(iso: string): string;
  /** "2:00 – 3:30 PM": from one time to another on one day; written as dateTimeRange when it runs into another. */
  timeRange(startIso: string, endIso: string): string;
  /** "Tue, Nov 24, 2:00 – 3:30 PM", the year added as in dateTime. */
  dateTimeRange(startIso: string, endIso: string): string;
}

/** Formats whose only state is the zone: made once per zone (a screen asks for them on every render). */
const byZone = new Map<string, Record<'date' | 'time' | 'dateTime' | 'dateTimeWithYear' | 'year', Intl.DateTimeFormat>>();

function formatsOf(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let formats = byZone.get(key);
  if (!formats) {
    formats = {
      date: new Intl.DateTimeFormat(locale, { ...weekdayMonthDay, year: 'numeric', timeZone }),
      time: new Intl.DateTimeFormat(locale, { ...clock, timeZone }),
      dateTime: new Intl.DateTimeFormat(locale, { ...weekdayMonthDay, ...clock, timeZone }),
      dateTimeWithYear: new Intl.DateTimeFormat(locale, { ...weekdayMonthDay, year: 'numeric', ...clock, timeZone }),
      year: new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone }),
    };
    byZone.set(key, formats);
  }
  return formats;
}

/**
 * Dates and times at the wall clock of `timeZone` (an IANA name; undefined: the device's own zone, for what
 * belongs to no one store). `now` says which year is the current one.
 */
export function dateFormats(timeZone: string | undefined, now: () => Date = () => new Date()): DateFormats {
  const f = formatsOf(timeZone);
  const withYear = (at: Date) => f.year.format(at) !== f.year.format(now());
  const dateTimeRange = (startIso: string, endIso: string) => {
    const start = new Date(startIso);
    return plainSpaces((withYear(start) ? f.dateTimeWithYear : f.dateTime).formatRange(start, new Date(endIso)));
  };
  return {
    date: (iso) => plainSpaces(f.date.format(new Date(iso))),
    time: (iso) => plainSpaces(f.time.format(new Date(iso))),
    dateTime: (iso) => {
      const at = new Date(iso);
      return plainSpaces((withYear(at) ? f.dateTimeWithYear : f.dateTime).format(at));
    },
    timeRange: (startIso, endIso) => {
      const [start, end] = [new Date(startIso), new Date(endIso)];
      return f.date.format(start) === f.date.format(end) ? plainSpaces(f.time.formatRange(start, end)) : dateTimeRange(startIso, endIso);
    },
    dateTimeRange,
  };
}

const calendarDate = new Intl.DateTimeFormat(locale, { ...weekdayMonthDay, year: 'numeric', timeZone: 'UTC' });
const calendarMonthDay = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
// A calendar date names a day, not an instant: read at noon UTC, it is that day whatever the zone.
const noonOf = (date: string) => new Date(`${date.slice(0, 10)}T12:00:00Z`);

const isoDateParts = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date (YYYY-MM-DD) an instant falls on at the wall clock of `timeZone` (undefined: the device's own
 * zone). Intl rather than Temporal, so a customer's page that only needs today does not download Temporal.
 */
export function calendarDateAt(at: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = isoDateParts.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    isoDateParts.set(key, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "Tue, Nov 24, 2026" for a calendar date (YYYY-MM-DD): a holiday, the scheduler's day. */
export const formatCalendarDate = (date: string) => calendarDate.format(noonOf(date));

/** "Nov 24": a calendar date where the year is plain from around it, such as a chart's axis. */
export const formatMonthDay = (date: string) => calendarMonthDay.format(noonOf(date));

/** A calendar date in the words the options ask for ("Tuesday, June 4"), the date's own day whatever the zone. */
export const formatCalendarDay = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(noonOf(date));
