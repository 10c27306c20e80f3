import { Temporal } from 'temporal-polyfill';

/*
 * Calendar dates (YYYY-MM-DD) counted on the calendar, in one place: stepping 86,400,000 ms from noon UTC and
 * reading a weekday from midnight UTC gave the same answers only as long as nobody changed how a date was read.
 */

/** The date `days` after `date` (before it when negative). A longer ISO string is read by its date. */
export const addDays = (date: string, days: number): string => Temporal.PlainDate.from(date.slice(0, 10)).add({ days }).toString();

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Temporal.PlainDate.from(from.slice(0, 10)).until(Temporal.PlainDate.from(to.slice(0, 10)), { largestUnit: 'days' }).days;

/** Monday 0 … Sunday 6, the order of the store's weekly hours. */
export const weekdayIndex = (date: string): number => Temporal.PlainDate.from(date.slice(0, 10)).dayOfWeek - 1;

/** The UTC calendar date of an instant. */
export const utcDateOf = (instant: string | number | Date): string => new Date(instant).toISOString().slice(0, 10);
