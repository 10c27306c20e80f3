import { describe, expect, it } from 'vitest';
import { isOpenFields } from '../../src/contract/store-week.ts';
import { declineChanges, isOpenRequest, requesterContact, requestTimeProblem } from '../../src/domain/scheduler/appointment-requests.ts';
import { preferenceText } from '../../src/domain/people/contact-preference.ts';
import { defaultWeekdayHours } from '../../src/domain/store/store-hours.ts';
import { wallClockIsoToInstant } from '../../src/domain/calendar/time-zone.ts';
import { automaticChannel } from '../../src/domain/messages/visit-messages.ts';

const at = '2030-06-03T15:00:00.000Z';
const zone = 'America/New_York';
const store = { ...defaultWeekdayHours, ...Object.fromEntries(isOpenFields.map((f) => [f, f !== 'isOpenSundays'])) } as Parameters<
  typeof requestTimeProblem
>[1];

describe('appointment requests staff confirm or decline (issue 24 item 13)', () => {
  it('declines an open request with the reason in its own words, trimmed', () => {
    expect(declineChanges({ confirmedVisitId: null, declinedOn: null }, '  We are closed that day.  ', at)).toEqual({
      declinedOn: at,
      declineReason: 'We are closed that day.',
    });
  });

  it('changes nothing for a request declined before, and refuses a confirmed one', () => {
    expect(declineChanges({ confirmedVisitId: null, declinedOn: '2030-06-02T10:00:00.000Z' }, 'Full', at)).toBeNull();
    expect(declineChanges({ confirmedVisitId: 'visit', declinedOn: null }, 'Full', at)).toEqual({
      refused: 'This request was confirmed: cancel the appointment on the calendar instead.',
    });
  });

  it.each([
    [{ confirmedVisitId: null, declinedOn: null }, true],
    [{ confirmedVisitId: 'visit', declinedOn: null }, false],
    [{ confirmedVisitId: null, declinedOn: at }, false],
  ])('keeps %j waiting for staff: %s', (request, open) => {
    expect(isOpenRequest(request)).toBe(open);
  });

  it.each([
    [
      'an email, asked for texts without agreeing to them',
      { preferredContactMethod: 'Sms' as const, phoneNumber: '5555550142', email: 'dana@example.com', textConsent: false },
      { channel: 'email', to: 'dana@example.com' },
    ],
    [
      'no email, asked for texts without agreeing to them',
      { preferredContactMethod: 'Sms' as const, phoneNumber: '5555550142', email: null, textConsent: false },
      { skipped: 'The customer has not agreed to texts' },
    ],
    [
      'asked for texts and agreed to them on the booking page',
      { preferredContactMethod: 'Sms' as const, phoneNumber: '5555550142', email: 'dana@example.com', textConsent: true },
      { channel: 'sms', to: '+15555550142' },
    ],
    [
      'an email, asked for a call',
      { preferredContactMethod: 'Phone' as const, phoneNumber: '5555550142', email: 'dana@example.com', textConsent: false },
      { skipped: 'The customer asked for calls' },
    ],
  ])('answers a requester with %s the way the automatic messages would', (_, request, route) => {
    expect(automaticChannel(requesterContact(request), { twilioPhoneNumber: '+15555550100' }, () => false)).toEqual(route);
  });

  it.each([
    ['a weekday morning', '2030-06-04T09:00:00', [], null],
    ['a Sunday (closed every week)', '2030-06-09T09:00:00', [], 'The store is closed that day.'],
    [
      'a holiday',
      '2030-07-04T09:00:00',
      [{ date: '2030-07-04', isClosed: true, openTime: null, closeTime: null, description: 'Independence Day' }],
      'The store is closed that day (Independence Day).',
    ],
    ['an evening', '2030-06-04T19:00:00', [], "It is outside the store's hours that day."],
  ])('says whether a request for %s needs a second look', (_, wall, special, problem) => {
    expect(requestTimeProblem({ requestedStartDate: wallClockIsoToInstant(wall, zone) }, store, special, zone)).toBe(problem);
  });

  it.each([
    ['Phone', 'prefers a call'],
    ['Sms', 'prefers a text'],
    ['Email', 'prefers an email'],
  ] as const)('writes a preference for %s as "%s", never the enum', (method, words) => {
    expect(preferenceText(method)).toBe(words);
  });
});
