import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, utcDateOf, weekdayIndex } from '../../src/domain/calendar/calendar-date.ts';

describe('calendar dates', () => {
  it.each([
    ['2026-11-29', 1, '2026-11-30'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-11-01', -1, '2026-10-31'],
    ['2026-11-29T23:30:00.000Z', 7, '2026-12-06'],
  ])('%s plus %i days is %s, across month, year, leap day and DST changes', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-11-29', '2026-11-29', 0],
    ['2026-03-01', '2026-03-31', 30],
    ['2026-12-31', '2026-01-01', -364],
  ])('from %s to %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it.each([
    ['2026-11-30', 0],
    ['2026-11-29', 6],
    ['2026-12-25', 4],
  ])('%s is weekday %i counted from Monday', (date, index) => {
    expect(weekdayIndex(date)).toBe(index);
  });

  it('reads the UTC date of an instant given with an offset', () => {
    expect(utcDateOf('2026-11-29T20:00:00-06:00')).toBe('2026-11-30');
  });
});
