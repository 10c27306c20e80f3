import { describe, expect, it } from 'vitest';
import { declinedRequestWords, requestCustomerMatch } from '../../src/domain/scheduler/appointment-requests.ts';
import { bookingRequestProblems, nameProblem } from '../../src/domain/scheduler/booking-request.ts';
import type { SlotAsk, SlotRows, SlotStore } from '../../src/domain/scheduler/free-slots.ts';
import { hasTimeLeft, slotRefusal, slotRefusalWords } from '../../src/domain/scheduler/slot-refusal.ts';
import { at } from '../support/store-day-rows.ts';

/** A store in New York open Monday to Friday 8 to 5 on a 30-minute grid, one bay for a 30-minute oil change; Monday 1 June 2026. */
const weekday = (open: boolean) => ({ open, from: '08:00', to: '17:00' });
const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const store = {
  timeZone: 'Eastern Standard Time',
  calendarInterval: 30,
  onlineAppointmentsEnabled: true,
  ...Object.fromEntries(
    days.flatMap((d, i) => {
      const day = weekday(i < 5);
      return [
        [`isOpen${d[0]!.toUpperCase()}${d.slice(1)}s`, day.open],
        [`${d}OpenTime`, day.from],
        [`${d}CloseTime`, day.to],
        [`${d}AppointmentsEnabled`, true],
      ];
    }),
  ),
} as unknown as SlotStore;
const oil = { storeServiceId: 'oil', durationInMinutes: 30 };
const rows: SlotRows = {
  specialStoreHours: [],
  resources: [{ schedulerResourceId: 'bay', isActive: true, sortOrder: 1 }],
  resourceServices: [{ schedulerResourceId: 'bay', storeServiceId: 'oil' }],
  scheduledServices: [],
  visits: [],
  requests: [],
  storeServices: [oil],
  blockedTimes: [],
  recurringBlockedTimes: [],
};
const ask: Omit<SlotAsk, 'dates'> = {
  services: [oil],
  checkOutMethod: 'Waiting',
  now: new Date(at('2026-06-01T11:00:00')),
  leadMinutes: 120,
  horizonDays: 14,
  dailyCapMinutes: null,
};
const limits = { leadMinutes: 120, horizonDays: 14 };

describe('why a time asked for online is not offered (issue 46 item 15)', () => {
  it.each([
    ['a time gone by', '2026-06-01T09:00:00', 'past'],
    ["a time inside the store's notice", '2026-06-01T12:30:00', 'tooSoon'],
    ['a Sunday, when the store is closed', '2026-06-07T10:00:00', 'closed'],
    ['a day past the days offered', '2026-06-16T10:00:00', 'beyondHorizon'],
    ["a time off the store's grid", '2026-06-02T10:10:00', 'notOffered'],
    ['a time after closing', '2026-06-02T17:30:00', 'notOffered'],
  ] as const)('names %s', (_what, wall, refusal) => {
    expect(slotRefusal(store, rows, ask, at(wall))).toBe(refusal);
  });

  it('names a time booked since "taken", and a free time not at all', () => {
    const booked = {
      ...rows,
      scheduledServices: [
        { scheduledVisitId: 'v', resourceId: 'bay', startDate: at('2026-06-02T10:00:00'), endDate: at('2026-06-02T10:30:00'), durationInMinutes: 30 },
      ],
    };
    expect(slotRefusal(store, booked, ask, at('2026-06-02T10:00:00'))).toBe('taken');
    expect(slotRefusal(store, rows, ask, at('2026-06-02T10:00:00'))).toBeNull();
  });

  it('says what to do in words, the notice and the days as the store set them', () => {
    expect(slotRefusalWords('tooSoon', limits)).toBe('Online bookings are taken at least 2 hours ahead. Choose a later time: these are the nearest free ones.');
    expect(slotRefusalWords('beyondHorizon', limits)).toMatch(/^The store takes online bookings up to 14 days ahead/);
    expect(slotRefusalWords('past', limits)).not.toMatch(/booked/);
  });

  it("has no time left today once the last arrival is inside the notice: 2:30 PM with two hours' notice and a 4:30 PM last time", () => {
    expect(hasTimeLeft(store, [], '2026-06-01', new Date(at('2026-06-01T14:30:00')), 120)).toBe(true);
    expect(hasTimeLeft(store, [], '2026-06-01', new Date(at('2026-06-01T14:31:00')), 120)).toBe(false);
    expect(hasTimeLeft(store, [], '2026-06-01', new Date(at('2026-06-01T18:00:00')), 0)).toBe(false);
  });
});

describe('what a requester may send (issue 46 items 15 and 22)', () => {
  const form = {
    firstName: 'Dana',
    lastName: 'Whitfield',
    phoneNumber: '(555) 201-4400',
    email: null,
    preferredContactMethod: 'Phone' as const,
    textConsent: false,
  };

  it.each(['your card ending 4411 is locked', 'Unlock it now at http://phish.example/x', 'visit bank-help.com', 'www.example.org', 'me@example.org'])(
    'refuses "%s" as a name',
    (name) => {
      expect(nameProblem(name, 'first')).not.toBeNull();
    },
  );

  it.each(["O'Brien", 'Mary-Ann', 'J.R.', 'St. James', 'Zoë', 'A.Jones', 'Henry III'])('takes "%s" as a name', (name) => {
    expect(nameProblem(name, 'last')).toBeNull();
  });

  it('refuses a phone number that is not a 10-digit one, by the shared phone rule', () => {
    expect(bookingRequestProblems({ ...form, phoneNumber: '123' }, true)).toEqual({ phoneNumber: ['Enter a 10-digit phone number, like (555) 123-4567'] });
    expect(bookingRequestProblems({ ...form, phoneNumber: '+1 555 201 4400' }, true)).toEqual({});
  });

  it('asks for the consent to texts before texts are the way to answer, and for an address before email is', () => {
    expect(bookingRequestProblems({ ...form, preferredContactMethod: 'Sms' }, true)).toEqual({
      textConsent: ['Tick the box to get texts, or choose a call or an email'],
    });
    expect(bookingRequestProblems({ ...form, preferredContactMethod: 'Sms', textConsent: true }, true)).toEqual({});
    expect(bookingRequestProblems({ ...form, preferredContactMethod: 'Sms', textConsent: true }, false)).toEqual({
      preferredContactMethod: ['This store cannot text: choose a call or an email'],
    });
    expect(bookingRequestProblems({ ...form, preferredContactMethod: 'Email' }, true)).toEqual({ email: ['Enter your email address so we can write back'] });
  });
});

describe('the words of a declined request (issue 46 item 4)', () => {
  it("say the request could not be accepted, with the reason and the store's phone, by no name", () => {
    const words = declinedRequestWords(
      { name: 'Main St Tires', phoneNumber: '5550100100', timeZone: 'Eastern Standard Time', googleReviewUrl: null, yelpReviewUrl: null },
      { requestedStartDate: at('2026-06-02T10:00:00') },
      ' We are closed for inventory. ',
    );
    expect(words.smsText).toMatch(
      /^Main St Tires could not accept your appointment request for .+ at 10:00 AM\. Reason: We are closed for inventory\. Call \(555\) 010-0100 to find another time\.$/,
    );
    expect(words.smsText).not.toMatch(/cancel/i);
    expect(words.emailSubject).toBe('Your appointment request at Main St Tires');
  });
});

describe('the customer a confirmed request joins (issue 46 item 23)', () => {
  const request = { firstName: 'Dana', lastName: 'Whitfield', email: 'dana@example.com', phoneNumber: '+15552014400' };
  const customer = (customerId: string, fields: Partial<{ firstName: string; lastName: string; email: string | null; phoneNumber: string | null }>) => ({
    customerId,
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: null,
    phoneNumber: null,
    ...fields,
  });

  it('joins the customer with its email or phone and the same name (case and accents aside)', () => {
    expect(requestCustomerMatch(request, [customer('a', { phoneNumber: '(555) 201-4400', firstName: 'DANA' })])).toMatchObject({
      joins: { customerId: 'a' },
      by: 'phone',
    });
    expect(requestCustomerMatch(request, [customer('b', { email: 'Dana@Example.com' })])).toMatchObject({ joins: { customerId: 'b' }, by: 'email' });
  });

  it('joins nobody with the contact under another name, and names that customer for staff to see', () => {
    const other = customer('c', { firstName: 'Robert', lastName: 'Stone', phoneNumber: '555-201-4400' });
    expect(requestCustomerMatch(request, [other])).toEqual({ differs: other, by: 'phone' });
  });

  it('prefers one whose name agrees over an older one whose name does not', () => {
    const older = customer('d', { firstName: 'Robert', email: 'dana@example.com' });
    const named = customer('e', { phoneNumber: '5552014400' });
    expect(requestCustomerMatch(request, [older, named])).toMatchObject({ joins: { customerId: 'e' } });
  });

  it('finds nobody for a request whose contact no customer has', () => {
    expect(requestCustomerMatch(request, [customer('f', { phoneNumber: '5550000000' })])).toBeNull();
  });
});
