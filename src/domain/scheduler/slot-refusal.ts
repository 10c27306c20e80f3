/**
 * Why a time asked for on the booking page is not one the store offers (issue 46 item 15: a past time, a closed day
 * or a day past the window all read "Someone just booked that time"). The same free-time rule decides
 * (src/domain/scheduler/free-slots.ts); this only says which of its limits the time missed, first the one a person can act on.
 */
import { takenTimeMessage } from '../../contract/online-booking.ts';
import { freeSlots, type FreeDay, type SlotAsk, type SlotRows, type SlotStore } from './free-slots.ts';
import { hoursOn, minutesOf } from '../store/store-hours.ts';
import { storeDayAt } from '../store/store-day.ts';
import { instantToWallClock, storeTimeZone, wallClockIsoToInstant } from '../calendar/time-zone.ts';
import { addDays } from '../calendar/calendar-date.ts';

export type SlotRefusal = 'past' | 'tooSoon' | 'beyondHorizon' | 'closed' | 'appointmentsOff' | 'dailyCap' | 'notOffered' | 'taken';

/** The finest grid a store may choose (as in free-slots.ts). */
const finestGrid = 5;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The last arrival a store day offers, on the store's grid from its opening (an ISO instant); null when closed. */
export function lastArrivalOn(store: SlotStore, special: SlotRows['specialStoreHours'], date: string): string | null {
  const hours = hoursOn(store, special, date);
  if (!hours) return null;
  const [open, close] = [minutesOf(hours.open), minutesOf(hours.close)];
  if (close <= open) return null;
  const step = Math.max(finestGrid, store.calendarInterval);
  const last = open + Math.floor((close - open - 1) / step) * step;
  return wallClockIsoToInstant(
    `${date}T${twoDigits(Math.floor(last / 60))}:${twoDigits(last % 60)}:00`,
    storeTimeZone(store.timeZone, () => undefined),
  );
}

/** Whether a store day still has an arrival at least the store's notice away: after closing, today has none. */
export function hasTimeLeft(store: SlotStore, special: SlotRows['specialStoreHours'], date: string, now: Date, leadMinutes: number): boolean {
  const last = lastArrivalOn(store, special, date);
  return last === null || Date.parse(last) >= now.getTime() + leadMinutes * 60_000;
}

/** Why the time at `startDate` is not offered; null when it is free. */
export function slotRefusal(store: SlotStore, rows: SlotRows, ask: Omit<SlotAsk, 'dates'>, startDate: string): SlotRefusal | null {
  const at = Date.parse(startDate);
  if (at < ask.now.getTime()) return 'past';
  if (at < ask.now.getTime() + ask.leadMinutes * 60_000) return 'tooSoon';
  const zone = storeTimeZone(store.timeZone, () => undefined);
  const date = storeDayAt(new Date(at), zone).date;
  const next = addDays(date, 1);
  const day: FreeDay | undefined = freeSlots(store, rows, { ...ask, dates: { from: date, to: next } })[0];
  if (!day) return 'beyondHorizon';
  if (day.unavailable) return day.unavailable;
  if (day.slots.some((slot) => Date.parse(slot.startDate) === at)) return null;
  return onGrid(store, rows.specialStoreHours, date, instantToWallClock(startDate, zone).slice(11, 16)) ? 'taken' : 'notOffered';
}

/** Whether a wall-clock time is one of the day's arrivals: within its hours, on the store's grid from opening. */
function onGrid(store: SlotStore, special: SlotRows['specialStoreHours'], date: string, time: string): boolean {
  const hours = hoursOn(store, special, date);
  if (!hours) return false;
  const minutes = minutesOf(time);
  const open = minutesOf(hours.open);
  return minutes >= open && minutes < minutesOf(hours.close) && (minutes - open) % Math.max(finestGrid, store.calendarInterval) === 0;
}

/** "2 hours", "90 minutes", "1 day": a notice as a customer reads it. */
function noticeText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

/** What the booking page tells the customer, with what to do; the nearest free times are shown under it. */
export function slotRefusalWords(refusal: SlotRefusal, limits: { leadMinutes: number; horizonDays: number }): string {
  switch (refusal) {
    case 'past':
      return 'That time has passed. Choose a later one: these are the nearest free times.';
    case 'tooSoon':
      return `Online bookings are taken at least ${noticeText(limits.leadMinutes)} ahead. Choose a later time: these are the nearest free ones.`;
    case 'beyondHorizon':
      return `The store takes online bookings up to ${limits.horizonDays} days ahead (today counts as the first). Choose an earlier day: these are the nearest free times.`;
    case 'closed':
      return 'The store is closed that day. Choose another day: these are the nearest free times.';
    case 'appointmentsOff':
      return 'The store takes no online bookings that day. Choose another day: these are the nearest free times.';
    case 'dailyCap':
      return 'That day is fully booked. Choose another day: these are the nearest free times.';
    case 'notOffered':
      return 'The store does not offer that time. Choose one of its times: these are the nearest free ones.';
    case 'taken':
      return takenTimeMessage;
  }
}
