/**
 * The store's open time as instants: the one reading of its hours (store-hours.ts) on its calendar days
 * (store-day.ts) that the free-time rule (free-slots.ts) and the promise rule (promise.ts) both place work in.
 */
import { Temporal } from 'temporal-polyfill';
import type { SpecialStoreHours } from '../../contract/entities.ts';
import { hoursOn, minutesOf, type WeekdayHours } from './store-hours.ts';
import type { StoreCalendar } from './store-day.ts';

const minuteMs = 60_000;
const dayMs = 86_400_000;

/**
 * The instant of a wall-clock minute of a calendar day, or null for a minute the clocks skip that day (`skipped:
 * 'after'` takes the instant after the skip instead). A day 24 hours long has one offset throughout, so only the
 * days the clocks change on pay for Temporal.
 */
export function wallInstant(calendar: StoreCalendar, day: number, minutes: number, zone: string, skipped: 'none' | 'after'): number | null {
  const start = calendar.bounds[day]!;
  if (calendar.bounds[day + 1]! - start === dayMs) return start + minutes * minuteMs;
  const wall = Temporal.PlainDate.from(calendar.dates[day]!).toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  const first = wall.toZonedDateTime(zone, { disambiguation: 'earlier' });
  if (first.hour * 60 + first.minute === minutes) return first.epochMilliseconds;
  return skipped === 'after' ? wall.toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds : null;
}

/** One day's open time: from opening to closing (epoch ms), and the day's date. */
export interface OpenSpan {
  date: string;
  start: number;
  end: number;
}

/** The store's open time on each day of a calendar, in order; closed days (special days first) have none. */
export function openSpans(
  store: WeekdayHours,
  special: readonly Pick<SpecialStoreHours, 'date' | 'isClosed' | 'openTime' | 'closeTime'>[],
  calendar: StoreCalendar,
  zone: string,
): OpenSpan[] {
  return calendar.dates.flatMap((date, day) => {
    const hours = hoursOn(store, special, date);
    if (!hours) return [];
    const start = wallInstant(calendar, day, minutesOf(hours.open), zone, 'after')!;
    const end = wallInstant(calendar, day, minutesOf(hours.close), zone, 'after')!;
    return end > start ? [{ date, start, end }] : [];
  });
}
