import { describe, expect, it } from 'vitest';
import {
  bookingsLeftOutside,
  defaultWeekdayHours,
  hoursOn,
  hoursSummary,
  specialHoursProblems,
  timeText,
  weekdayHoursProblems,
  type WeekdayHours,
} from '../../src/domain/store/store-hours.ts';
import { pickupProblems, pickupSummary } from '../../src/domain/store/pickup-rules.ts';
import { isPhoneReplyOnly, textingEnabled } from '../../src/domain/messages/texting.ts';

const week = (more: Partial<WeekdayHours> = {}): WeekdayHours => ({
  ...defaultWeekdayHours,
  isOpenMondays: true,
  isOpenTuesdays: true,
  isOpenWednesdays: true,
  isOpenThursdays: true,
  isOpenFridays: true,
  isOpenSaturdays: true,
  isOpenSundays: false,
  saturdayCloseTime: '16:00',
  ...more,
});

describe('store hours', () => {
  it('sums up the week as runs of days open at the same times', () => {
    expect(hoursSummary(week())).toBe('Open Mon–Fri 8 AM–6 PM, Sat 8 AM–4 PM');
    expect(hoursSummary(week({ isOpenWednesdays: false, saturdayCloseTime: '18:00' }))).toBe('Open Mon–Tue 8 AM–6 PM, Thu–Sat 8 AM–6 PM');
    expect(hoursSummary(week({ isOpenSundays: true, sundayOpenTime: '12:30', sundayCloseTime: '17:00' }))).toContain('Sun 12:30 PM–5 PM');
    expect(
      hoursSummary(
        week({ isOpenMondays: false, isOpenTuesdays: false, isOpenWednesdays: false, isOpenThursdays: false, isOpenFridays: false, isOpenSaturdays: false }),
      ),
    ).toBe('Closed every day');
  });

  it('refuses an open day that closes before it opens, and lets a closed day keep any times', () => {
    expect(weekdayHoursProblems(week({ mondayOpenTime: '18:00', mondayCloseTime: '08:00' }))).toEqual({ mondayCloseTime: ['Close after the store opens'] });
    expect(weekdayHoursProblems(week({ sundayOpenTime: '18:00', sundayCloseTime: '08:00' }))).toEqual({});
  });

  it('asks for a time where one was emptied or mistyped, rather than reading it as midnight', () => {
    expect(weekdayHoursProblems(week({ mondayOpenTime: '' }))).toEqual({ mondayOpenTime: ['Enter a time, e.g. 08:00'] });
    expect(weekdayHoursProblems(week({ tuesdayCloseTime: '25:00' }))).toEqual({ tuesdayCloseTime: ['Enter a time, e.g. 08:00'] });
  });

  it("gives a date its special hours first, then its weekday's, whatever zone the device is in", () => {
    const special = [
      { date: '2026-12-24', isClosed: false, openTime: '08:00', closeTime: '14:00' },
      { date: '2026-12-25', isClosed: true, openTime: null, closeTime: null },
    ];
    expect(hoursOn(week(), special, '2026-12-24')).toEqual({ open: '08:00', close: '14:00' });
    expect(hoursOn(week(), special, '2026-12-25')).toBeNull();
    expect(hoursOn(week(), special, '2026-12-26')).toEqual({ open: '08:00', close: '16:00' }); // a Saturday
    expect(hoursOn(week(), special, '2026-12-27')).toBeNull(); // a Sunday
    expect(hoursOn(week(), special, '2026-12-28')).toEqual({ open: '08:00', close: '18:00' });
  });

  it('asks an open special day for both times, closing after opening', () => {
    expect(specialHoursProblems({ isClosed: true, openTime: null, closeTime: null })).toEqual({});
    expect(specialHoursProblems({ isClosed: false, openTime: null, closeTime: '12:00' })).toEqual({
      openTime: ['Enter the opening time, or mark the day closed'],
    });
    expect(specialHoursProblems({ isClosed: false, openTime: '12:00', closeTime: '12:00' })).toEqual({ closeTime: ['Close after the store opens'] });
  });

  it('writes times as staff read them', () => {
    expect(['00:00', '08:00', '12:00', '13:30', '23:59'].map(timeText)).toEqual(['12 AM', '8 AM', '12 PM', '1:30 PM', '11:59 PM']);
  });
});

describe('texting', () => {
  it('is on only with a texting number; without one, a customer who prefers texts is answered by phone', () => {
    const texting = { twilioPhoneNumber: '+15550102000' };
    const none = { twilioPhoneNumber: null };
    expect([textingEnabled(texting), textingEnabled(none)]).toEqual([true, false]);
    expect(isPhoneReplyOnly('Sms', texting)).toBe(false);
    expect(isPhoneReplyOnly('Sms', none)).toBe(true);
    expect(isPhoneReplyOnly('Phone', texting)).toBe(true);
    expect(isPhoneReplyOnly('Email', none)).toBe(false);
  });
});

describe('pickup and delivery settings', () => {
  const offered = {
    pickupAndDeliveryEnabled: true,
    pickupServiceArea: 'radius' as const,
    pickupRadiusMiles: 10,
    pickupPostalCodes: [],
    pickupWindows: [{ start: '08:00', end: '10:00' }],
    pickupFeeInCents: 1500,
  };
  it('asks an offered service for its area and a window; one not offered may be half set up', () => {
    expect(pickupProblems(offered)).toEqual({});
    expect(pickupProblems({ ...offered, pickupRadiusMiles: null })).toEqual({ pickupRadiusMiles: ['Enter how far from the store you pick up, in miles'] });
    expect(pickupProblems({ ...offered, pickupWindows: [] })).toEqual({ pickupWindows: ['Add at least one time window customers can choose'] });
    expect(pickupProblems({ ...offered, pickupAndDeliveryEnabled: false, pickupRadiusMiles: null, pickupWindows: [] })).toEqual({});
  });

  it('sums the settings up in a line', () => {
    expect(pickupSummary(offered)).toBe('Offered within 10 miles, $15.00, 1 window a day');
    expect(pickupSummary({ ...offered, pickupServiceArea: 'postalCodes', pickupPostalCodes: ['62703', '62704'], pickupFeeInCents: null })).toBe(
      'Offered 2 ZIP codes, free, 1 window a day',
    );
    expect(pickupSummary({ ...offered, pickupAndDeliveryEnabled: false })).toBe('Not offered');
  });
});

describe('a change of hours and the appointments already booked (issue 24 item 13)', () => {
  // Wednesday Dec 2 and Thursday Dec 3, 2026; Saturday Dec 5.
  const bookings = [
    { startDate: '2026-12-02T16:30:00', endDate: '2026-12-02T17:30:00', name: 'Dana Reyes' },
    { startDate: '2026-12-02T09:00:00', endDate: '2026-12-02T10:00:00', name: 'Sam Ortiz' },
    { startDate: '2026-12-03T07:30:00', endDate: '2026-12-03T08:30:00', name: 'Early Bird' },
    { startDate: '2026-12-05T15:00:00', endDate: '2026-12-05T16:00:00', name: 'Pat Lee' },
  ];
  const before = { store: week(), special: [] };

  it.each([
    ['closing Wednesdays at 4 PM', { store: week({ wednesdayCloseTime: '16:00' }), special: [] }, ['Dana Reyes']],
    ['opening Wednesdays at 9:30', { store: week({ wednesdayOpenTime: '09:30' }), special: [] }, ['Sam Ortiz']],
    ['closing on Wednesdays', { store: week({ isOpenWednesdays: false }), special: [] }, ['Sam Ortiz', 'Dana Reyes']],
    [
      'closing early on Dec 2 only',
      { store: week(), special: [{ date: '2026-12-02', isClosed: false, openTime: '08:00', closeTime: '12:00' }] },
      ['Dana Reyes'],
    ],
    [
      'closing Saturday Dec 5 for a holiday',
      { store: week(), special: [{ date: '2026-12-05', isClosed: true, openTime: null, closeTime: null }] },
      ['Pat Lee'],
    ],
    ['opening later on Thursdays, where the one booking was already before opening', { store: week({ thursdayOpenTime: '09:00' }), special: [] }, []],
    ['staying open longer', { store: week({ wednesdayCloseTime: '20:00' }), special: [] }, []],
  ])('names the appointments left outside by %s, in start order', (_, after, names) => {
    expect(bookingsLeftOutside(before, after, bookings).map((b) => b.name)).toEqual(names);
  });
});
