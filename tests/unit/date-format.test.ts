import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { calendarDateAt, dateFormats, formatCalendarDate, formatMonthDay } from '../../src/domain/calendar/date-format.ts';

const newYork = 'America/New_York';
const now = () => new Date('2026-11-21T17:00:00Z');
const store = dateFormats(newYork, now);

describe('dates and times at a store', () => {
  it.each([
    ['an afternoon', '2026-11-24T19:12:00Z', 'Tue, Nov 24, 2026', '2:12 PM', 'Tue, Nov 24, 2:12 PM'],
    ['midnight', '2026-11-24T05:00:00Z', 'Tue, Nov 24, 2026', '12:00 AM', 'Tue, Nov 24, 12:00 AM'],
    ['noon', '2026-11-24T17:00:00Z', 'Tue, Nov 24, 2026', '12:00 PM', 'Tue, Nov 24, 12:00 PM'],
    ['a minute before midnight, already the next day in UTC', '2026-11-25T04:59:00Z', 'Tue, Nov 24, 2026', '11:59 PM', 'Tue, Nov 24, 11:59 PM'],
    ['a day of another year', '2025-11-24T19:12:00Z', 'Mon, Nov 24, 2025', '2:12 PM', 'Mon, Nov 24, 2025, 2:12 PM'],
    ['next year', '2027-01-04T14:00:00Z', 'Mon, Jan 4, 2027', '9:00 AM', 'Mon, Jan 4, 2027, 9:00 AM'],
    ['the last minute before clocks spring forward', '2026-03-08T06:59:00Z', 'Sun, Mar 8, 2026', '1:59 AM', 'Sun, Mar 8, 1:59 AM'],
    ['the minute after, an hour later on the wall clock', '2026-03-08T07:00:00Z', 'Sun, Mar 8, 2026', '3:00 AM', 'Sun, Mar 8, 3:00 AM'],
    ['1:30 AM the first time on the day clocks fall back', '2026-11-01T05:30:00Z', 'Sun, Nov 1, 2026', '1:30 AM', 'Sun, Nov 1, 1:30 AM'],
    ['1:30 AM again an hour later', '2026-11-01T06:30:00Z', 'Sun, Nov 1, 2026', '1:30 AM', 'Sun, Nov 1, 1:30 AM'],
  ])('read %s (%s) as "%s", "%s" and "%s"', (_, iso, date, time, dateTime) => {
    expect([store.date(iso), store.time(iso), store.dateTime(iso)]).toEqual([date, time, dateTime]);
  });

  it("are at the store's wall clock, not the device's or UTC", () => {
    const iso = '2026-11-24T03:30:00Z';
    expect(dateFormats('America/Los_Angeles', now).dateTime(iso)).toBe('Mon, Nov 23, 7:30 PM');
    expect(dateFormats('America/Chicago', now).dateTime(iso)).toBe('Mon, Nov 23, 9:30 PM');
    expect(store.dateTime(iso)).toBe('Mon, Nov 23, 10:30 PM');
  });

  it("take the current year from the store's clock: at 8 PM on New Year's Eve in New York it is already next year in UTC", () => {
    const eve = dateFormats(newYork, () => new Date('2027-01-01T01:00:00Z'));
    expect(eve.dateTime('2026-12-31T18:00:00Z')).toBe('Thu, Dec 31, 1:00 PM');
    expect(eve.dateTime('2027-01-02T15:00:00Z')).toBe('Sat, Jan 2, 2027, 10:00 AM');
  });

  it.each([
    ['within the morning', '2026-11-24T14:00:00Z', '2026-11-24T15:30:00Z', '9:00 – 10:30 AM', 'Tue, Nov 24, 9:00 – 10:30 AM'],
    ['across noon', '2026-11-24T16:30:00Z', '2026-11-24T17:30:00Z', '11:30 AM – 12:30 PM', 'Tue, Nov 24, 11:30 AM – 12:30 PM'],
    [
      'into the next day',
      '2026-11-22T07:00:00Z',
      '2026-11-23T08:00:00Z',
      'Sun, Nov 22, 2:00 AM – Mon, Nov 23, 3:00 AM',
      'Sun, Nov 22, 2:00 AM – Mon, Nov 23, 3:00 AM',
    ],
    ['of another year', '2025-06-03T13:00:00Z', '2025-06-03T14:00:00Z', '9:00 – 10:00 AM', 'Tue, Jun 3, 2025, 9:00 – 10:00 AM'],
  ])('write a span %s as "%s" and "%s"', (_, start, end, times, withDay) => {
    expect([store.timeRange(start, end), store.dateTimeRange(start, end)]).toEqual([times, withDay]);
  });

  it('use plain spaces only, so a text message stays in the GSM alphabet', () => {
    const written = [store.time('2026-11-24T19:12:00Z'), store.dateTimeRange('2026-11-24T14:00:00Z', '2026-11-24T15:30:00Z')].join(' ');
    expect(written).toMatch(/^[\x20-\x7e–]+$/);
  });
});

describe('calendar dates', () => {
  it.each([
    ['2026-11-24', 'Tue, Nov 24, 2026', 'Nov 24'],
    ['2026-03-08', 'Sun, Mar 8, 2026', 'Mar 8'],
    ['2027-01-01', 'Fri, Jan 1, 2027', 'Jan 1'],
  ])('read %s as "%s" (or "%s" on a chart) in any zone', (date, full, short) => {
    expect([formatCalendarDate(date), formatMonthDay(date)]).toEqual([full, short]);
  });
});

describe('the calendar date of an instant', () => {
  it.each([
    ['New York, a minute before midnight', '2026-11-25T04:59:00Z', newYork, '2026-11-24'],
    ['New York, at midnight', '2026-11-25T05:00:00Z', newYork, '2026-11-25'],
    ['Kiritimati, already the next day', '2026-12-31T10:00:00Z', 'Pacific/Kiritimati', '2027-01-01'],
    ['Adak, still the day before', '2027-01-01T09:00:00Z', 'America/Adak', '2026-12-31'],
    ['New York on the day clocks spring forward', '2026-03-08T07:30:00Z', newYork, '2026-03-08'],
  ])('is read at the wall clock of the zone: %s', (_, instant, zone, date) => {
    expect(calendarDateAt(new Date(instant), zone)).toBe(date);
  });

  it("is the device's own today when no zone is given, the day Temporal says", () => {
    const now = new Date();
    const deviceDay = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(Temporal.Now.timeZoneId()).toPlainDate();
    expect(calendarDateAt(now)).toBe(deviceDay.toString());
  });
});
