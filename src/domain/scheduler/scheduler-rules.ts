import type { SpecialStoreHours } from '../../contract/entities.ts';
import type { SchedulerEvent } from './scheduler-events.ts';
import { hoursOn, timeText, type WeekdayHours } from '../store/store-hours.ts';

type Special = Pick<SpecialStoreHours, 'date' | 'isClosed' | 'openTime' | 'closeTime' | 'description'>;

/** A place an entry is moved or resized to (wall-clock times of the store). */
export interface Placement {
  eventId: string;
  resourceId: string | null;
  startDate: string;
  endDate: string;
}

const overlaps = (a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }) => a.startDate < b.endDate && b.startDate < a.endDate;
const clock = (wallClock: string) => wallClock.slice(11, 16);

/**
 * Why a move needs the user's word before it is made: onto blocked time, outside the store's hours, or over
 * another live appointment of the same resource. Empty when it can go ahead. A block for the whole store
 * (no resource) stands in every column.
 */
export function placementWarnings(
  place: Placement,
  events: readonly SchedulerEvent[],
  store: WeekdayHours,
  special: readonly Special[],
  resourceName: (id: string | null) => string,
): string[] {
  const warnings: string[] = [];
  const date = place.startDate.slice(0, 10);
  const hours = hoursOn(store, special, date);
  const closedDay = special.find((s) => s.date === date);
  if (!hours) warnings.push(`The store is closed that day${closedDay?.description ? ` (${closedDay.description})` : ''}.`);
  else if (clock(place.startDate) < hours.open || place.endDate.slice(0, 10) > date || clock(place.endDate) > hours.close) {
    warnings.push(`It is outside the store's hours (${timeText(hours.open)}–${timeText(hours.close)}).`);
  }
  for (const other of events) {
    if (other.eventId === place.eventId && other.occurrenceDate === null) continue;
    if (!overlaps(place, other)) continue;
    const sameColumn = other.resourceId === place.resourceId;
    if (other.visitStatus === 'Blocked Time' && (sameColumn || other.resourceId === null)) {
      warnings.push(`It overlaps blocked time: ${other.displayName}.`);
    } else if (sameColumn && other.visitStatus !== 'Canceled' && other.visitStatus !== 'Blocked Time') {
      warnings.push(`It overlaps ${other.displayName}'s appointment on ${resourceName(place.resourceId)}.`);
    }
  }
  return warnings;
}

/**
 * The rows of time the grid shows for the given days: from the earliest opening to the latest closing, widened
 * to hold every entry; a week the store is closed shows its usual 8 to 6.
 */
export function gridHours(
  dates: readonly string[],
  store: WeekdayHours,
  special: readonly Special[],
  events: readonly Pick<SchedulerEvent, 'startDate' | 'endDate'>[],
): { slotMinTime: string; slotMaxTime: string } {
  let min = '';
  let max = '';
  for (const date of dates) {
    const hours = hoursOn(store, special, date);
    if (!hours) continue;
    if (!min || hours.open < min) min = hours.open;
    if (!max || hours.close > max) max = hours.close;
  }
  if (!min) {
    min = '08:00';
    max = '18:00';
  }
  for (const e of events) {
    const start = clock(e.startDate);
    const end = e.endDate.slice(0, 10) > e.startDate.slice(0, 10) ? '24:00' : clock(e.endDate);
    if (start < min) min = start;
    if (end > max) max = end;
  }
  // Whole hours read best on the grid's labels.
  const floorHour = `${min.slice(0, 2)}:00`;
  const ceilHour = max.slice(3) === '00' ? max : `${String(Number(max.slice(0, 2)) + 1).padStart(2, '0')}:00`;
  return { slotMinTime: floorHour, slotMaxTime: ceilHour };
}
