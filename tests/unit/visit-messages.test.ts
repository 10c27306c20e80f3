import { describe, expect, it } from 'vitest';
import { messageName } from '../../src/domain/people/display-name.ts';
import { stoppedNumberProblem } from '../../src/domain/messages/text-keywords.ts';
import { automaticChannel, preferCallsNote, reportCallNote, visitMessageDue } from '../../src/domain/messages/visit-messages.ts';

const visit = { scheduledCustomerCheckIn: '2030-06-04T14:00:00.000Z', cancelDate: null, checkInDate: null, checkOutDate: null };
const at = (iso: string) => new Date(iso);

describe("when a visit's automatic message is due", () => {
  it.each([
    ['a day before arrival, a minute early', '2030-06-03T13:59:00.000Z', false],
    ['a day before arrival', '2030-06-03T14:00:00.000Z', true],
    ['an hour before arrival', '2030-06-04T13:00:00.000Z', true],
    ['at arrival', '2030-06-04T14:00:00.000Z', false],
  ])('a reminder 24 hours ahead: %s → %s', (_case, now, due) => {
    expect(visitMessageDue('reminder', visit, 24, at(now))).toBe(due);
  });

  it('never for a canceled visit, nor a reminder once the customer checked in', () => {
    expect(visitMessageDue('reminder', { ...visit, cancelDate: '2030-06-01T00:00:00.000Z' }, 24, at('2030-06-04T09:00:00.000Z'))).toBe(false);
    expect(visitMessageDue('reminder', { ...visit, checkInDate: '2030-06-04T08:00:00.000Z' }, 24, at('2030-06-04T09:00:00.000Z'))).toBe(false);
  });

  it.each([
    ['before the hours after checkout', '2030-06-04T17:59:00.000Z', false],
    ['at the hours after checkout', '2030-06-04T18:00:00.000Z', true],
    ['a day after it was due', '2030-06-05T18:00:00.000Z', true],
    ['more than a day after it was due', '2030-06-05T18:01:00.000Z', false],
  ])('a thank-you 2 hours after checkout: %s → %s', (_case, now, due) => {
    expect(visitMessageDue('thankYou', { ...visit, checkOutDate: '2030-06-04T16:00:00.000Z' }, 2, at(now))).toBe(due);
  });
});

describe('how an automatic message reaches a customer', () => {
  const texting = { twilioPhoneNumber: '+15550102000' };
  const none = (_phoneNumber: string): boolean => false;
  const customer = {
    preferredContactMethod: 'Text' as const,
    phoneNumber: '(555) 010-4242',
    email: 'dana@example.com',
    textConsentMethod: 'InPerson' as const,
  };

  it.each([
    ['prefers texts and agreed', customer, texting, none, { channel: 'sms', to: '+15550104242' }],
    ['prefers texts, never agreed: email instead', { ...customer, textConsentMethod: null }, texting, none, { channel: 'email', to: 'dana@example.com' }],
    ['prefers texts, store cannot text: email instead', customer, { twilioPhoneNumber: null }, none, { channel: 'email', to: 'dana@example.com' }],
    ['prefers texts, texted STOP, no email', { ...customer, email: null }, texting, (_phoneNumber: string): boolean => true, { skipped: stoppedNumberProblem }],
    [
      'prefers texts, never agreed, no email',
      { ...customer, email: null, textConsentMethod: null },
      texting,
      none,
      { skipped: 'The customer has not agreed to texts' },
    ],
    ['prefers email', { ...customer, preferredContactMethod: 'Email' as const }, texting, none, { channel: 'email', to: 'dana@example.com' }],
    [
      'prefers email, has none',
      { ...customer, preferredContactMethod: 'Email' as const, email: null },
      texting,
      none,
      { skipped: 'The customer has no email address' },
    ],
    ['asked for calls', { ...customer, preferredContactMethod: 'Phone' as const }, texting, none, { skipped: 'The customer asked for calls' }],
  ])('a customer who %s', (_case, who, store, stopped, expected) => {
    expect(automaticChannel(who, store, stopped)).toEqual(expected);
  });
});

describe('the name a message carries (issue 46 item 17)', () => {
  it.each([
    [
      'a company customer: the company, as everywhere the store names them',
      { companyName: 'Harbor Fleet', firstName: 'Robin', lastName: 'Test' },
      'Harbor Fleet',
    ],
    ['a person: first and last name', { companyName: null, firstName: 'Robin', lastName: 'Test' }, 'Robin Test'],
    ['a person with a first name only', { companyName: '', firstName: 'Robin', lastName: null }, 'Robin'],
    ['a customer with no name at all', { companyName: null, firstName: null, lastName: null }, null],
    ['no customer', null, null],
  ])('is, for %s, %s', (_, customer, name) => {
    expect(messageName(customer)).toBe(name);
  });
});

describe("the counter's note to call about a finished report (issue 46 item 3)", () => {
  const open = { cancelDate: null, checkOutDate: null };
  const done = { completedAt: '2030-06-04T15:00:00.000Z', sentAt: null, approvedAt: null };
  const caller = { preferredContactMethod: 'Phone' as const, phoneNumber: '5550107004', email: 'calls@example.com', textConsentMethod: null };
  const store = { twilioPhoneNumber: '+15550100000', inspectionReportLinkEnabled: true };
  const never = () => false;
  it.each<[string, Parameters<typeof reportCallNote>, string | null]>([
    ['a customer who prefers calls, their report finished and not sent', [open, done, caller, store, never], preferCallsNote],
    ['the report not finished yet', [open, { ...done, completedAt: null }, caller, store, never], null],
    [
      'the report sent since (someone called and sent it, or the preference changed)',
      [open, { ...done, sentAt: '2030-06-04T15:10:00.000Z' }, caller, store, never],
      null,
    ],
    ['the customer answered already', [open, { ...done, approvedAt: '2030-06-04T15:30:00.000Z' }, caller, store, never], null],
    ['the car picked up', [{ ...open, checkOutDate: '2030-06-04T17:00:00.000Z' }, done, caller, store, never], null],
    ['a store that sends no report links', [open, done, caller, { ...store, inspectionReportLinkEnabled: false }, never], null],
    ['a customer the report reaches by email', [open, done, { ...caller, preferredContactMethod: 'Email' }, store, never], null],
    [
      'a customer who prefers texts with no consent and no email',
      [open, done, { ...caller, preferredContactMethod: 'Text', email: null }, store, never],
      'Call the customer: their inspection report cannot be sent (the customer has not agreed to texts)',
    ],
    ['no report at all', [open, null, caller, store, never], null],
  ])('is, for %s, %s', (_, args, note) => {
    expect(reportCallNote(...args)).toBe(note);
  });
});
