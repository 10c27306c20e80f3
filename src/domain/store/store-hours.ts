import type { SpecialStoreHours } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { isOpenFields, isTimeOfDay, weekdayHoursFields } from '../../contract/store-week.ts';
import { weekdayIndex } from '../calendar/calendar-date.ts';

/** The opening hours of a new store on each weekday, until its admin sets its own. */
export const defaultWeekdayHours = Object.fromEntries(
  weekdayHoursFields.flatMap((d) => [
    [d.open, '08:00'],
    [d.close, '18:00'],
  ]),
) as Record<(typeof weekdayHoursFields)[number]['open' | 'close'], string>;

export type WeekdayHours = Pick<StoreLocation, (typeof isOpenFields)[number] | (typeof weekdayHoursFields)[number]['open' | 'close']>;

/** Minutes since midnight of a "HH:MM" time. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** What is wrong with a store's weekly hours, by field: each time a time of day, and a day closes after it opens. */
export function weekdayHoursProblems(store: WeekdayHours): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  weekdayHoursFields.forEach((d, i) => {
    for (const field of [d.open, d.close]) if (!isTimeOfDay(store[field])) problems[field] = ['Enter a time, e.g. 08:00'];
    if (problems[d.open] || problems[d.close]) return;
    if (store[isOpenFields[i]!] && minutesOf(store[d.close]) <= minutesOf(store[d.open])) {
      problems[d.close] = ['Close after the store opens'];
    }
  });
  return problems;
}

/** What is wrong with a special day: closed all day, or open and closing after it opens. */
export function specialHoursProblems(day: Pick<SpecialStoreHours, 'isClosed' | 'openTime' | 'closeTime'>): Record<string, string[]> {
  if (day.isClosed) return {};
  if (!day.openTime) return { openTime: ['Enter the opening time, or mark the day closed'] };
  if (!day.closeTime) return { closeTime: ['Enter the closing time, or mark the day closed'] };
  if (minutesOf(day.closeTime) <= minutesOf(day.openTime)) return { closeTime: ['Close after the store opens'] };
  return {};
}

/** The store's hours on a date ("2026-12-24"): a special day's if it has one, else its weekday's; null when closed. */
export function hoursOn(
  store: WeekdayHours,
  special: readonly Pick<SpecialStoreHours, 'date' | 'isClosed' | 'openTime' | 'closeTime'>[],
  date: string,
): { open: string; close: string } | null {
  const day = special.find((s) => s.date === date);
  if (day) return day.isClosed || !day.openTime || !day.closeTime ? null : { open: day.openTime, close: day.closeTime };
  // Monday is 0, as in the store's fields; the date is a calendar day, so its weekday does not depend on a zone.
  const weekday = weekdayIndex(date);
  if (!store[isOpenFields[weekday]!]) return null;
  const d = weekdayHoursFields[weekday]!;
  return { open: store[d.open], close: store[d.close] };
}

/** "8 AM", "5:30 PM": a time of day as staff read it. */
export function timeText(time: string): string {
  const total = minutesOf(time);
  const hour = Math.floor(total / 60);
  const minute = total % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'AM' : 'PM'}`;
}

const dayShort = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "8 AM–6 PM" */
const spanText = (open: string, close: string) => `${timeText(open)}–${timeText(close)}`;

/**
 * The week in a line: runs of days open at the same times ("Open Mon–Fri 8 AM–6 PM, Sat 8 AM–4 PM"), or
 * "Closed every day".
 */
export function hoursSummary(store: WeekdayHours): string {
  const days = weekdayHoursFields.map((d, i) => (store[isOpenFields[i]!] ? spanText(store[d.open], store[d.close]) : null));
  const runs: string[] = [];
  for (let day = 0; day < 7; day++) {
    const hours = days[day];
    if (!hours) continue;
    let end = day;
    while (end + 1 < 7 && days[end + 1] === hours) end++;
    runs.push(`${end === day ? dayShort[day] : `${dayShort[day]}–${dayShort[end]}`} ${hours}`);
    day = end;
  }
  return runs.length === 0 ? 'Closed every day' : `Open ${runs.join(', ')}`;
}

/** A booked appointment as a change of hours is checked against: its wall-clock times at the store and whose it is. */
export interface Booking {
  startDate: string;
  endDate: string;
  name: string;
}

type Special = readonly Pick<SpecialStoreHours, 'date' | 'isClosed' | 'openTime' | 'closeTime'>[];

/** Whether a booking fits the store's hours on its day. */
function fits(booking: Booking, store: WeekdayHours, special: Special): boolean {
  const date = booking.startDate.slice(0, 10);
  const hours = hoursOn(store, special, date);
  if (!hours) return false;
  const ends = booking.endDate.slice(0, 10) > date ? '24:00' : booking.endDate.slice(11, 16);
  return booking.startDate.slice(11, 16) >= hours.open && ends <= hours.close;
}

/**
 * The bookings a change of hours leaves outside them: those that fit the hours as they were and not as they
 * would be (a day closed, opened later or closed earlier than its appointments). Bookings already outside
 * before are not the change's doing. In start order.
 */
export function bookingsLeftOutside(
  before: { store: WeekdayHours; special: Special },
  after: { store: WeekdayHours; special: Special },
  bookings: readonly Booking[],
): Booking[] {
  return bookings
    .filter((b) => fits(b, before.store, before.special) && !fits(b, after.store, after.special))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}
