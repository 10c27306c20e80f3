import { describe, expect, it } from 'vitest';
import { takenTimeMessage } from '../../src/contract/online-booking.ts';
import {
  bookingOutcome,
  bookingProblems,
  bookingRequest,
  contactChoices,
  contactMethodOf,
  dayLabel,
  emptyDetails,
  takenWords,
  timeLabel,
} from '../../src/features/public/booking-form-model.ts';
import type { ApiResponse } from '../../src/http/api-client.ts';

const pat = { ...emptyDetails, firstName: 'Pat', lastName: 'Jones', phoneNumber: '(217) 555-0142', vehicle: '2019 Camry' };
const oil = '6f1d2b4e-8c3a-4f5e-9d7b-1a2c3e4f5a6b';
const choice = { services: [oil], checkOutMethod: 'Waiting' as const, startDate: '2030-06-04T14:00:00.000Z', details: pat, website: '' };
const nearest = [{ startDate: '2030-06-04T15:00:00.000Z', date: '2030-06-04', time: '10:00' }];
const answer = (status: number, body: unknown) => ({ status, body }) as ApiResponse;

describe("the booking page's request", () => {
  it('is sent with the details as typed, blanks as nothing, and a text consent only where the store texts', () => {
    const body = bookingRequest({ ...choice, details: { ...pat, email: '  ', comments: ' ', textConsent: true } }, { texts: false }, 'token');
    expect(body).toMatchObject({ storeServiceIds: [oil], startDate: choice.startDate, email: null, comments: null, textConsent: false, formToken: 'token' });
    expect(body).not.toHaveProperty('website');
    expect(bookingRequest({ ...choice, website: 'x' }, { texts: true }, 'token')).toMatchObject({ website: 'x' });
  });

  it('asks by phone when the customer chose texts at a store that does not text', () => {
    const texter = { ...pat, preferredContactMethod: 'Sms' as const };
    expect(contactChoices(false).map((c) => c.value)).toEqual(['Phone', 'Email']);
    expect(contactMethodOf(texter, false)).toBe('Phone');
    expect(contactMethodOf(texter, true)).toBe('Sms');
  });

  it('has no problem when everything is there', () => {
    expect(bookingProblems(bookingRequest(choice, { texts: true }, 'token'), true)).toEqual({});
  });

  it('says what is missing, a time after a service first', () => {
    const none = bookingProblems(bookingRequest({ ...choice, services: [], startDate: null }, { texts: true }, 'token'), true);
    expect(none.startDate).toBe('Choose a service, then a time');
    const noTime = bookingProblems(bookingRequest({ ...choice, startDate: null }, { texts: true }, 'token'), true);
    expect(noTime.startDate).toBe('Choose a time');
  });

  it("refuses texts without consent and a phone the server would refuse, in the server's words", () => {
    const texter = { ...pat, phoneNumber: '123', preferredContactMethod: 'Sms' as const };
    const found = bookingProblems(bookingRequest({ ...choice, details: texter }, { texts: true }, 'token'), true);
    expect(Object.keys(found).sort()).toEqual(['phoneNumber', 'textConsent']);
  });
});

describe("the booking page's reading of the server's answer", () => {
  it('takes a receipt as sent', () => {
    const receipt = { date: '2030-06-04', time: '09:00' };
    expect(bookingOutcome(answer(201, receipt))).toEqual({ kind: 'sent', receipt });
  });

  it("puts a bad request's problems on their fields", () => {
    const body = { type: 'about:blank', title: 'Bad request', status: 400, errors: { phoneNumber: ['Enter a phone number'] } };
    expect(bookingOutcome(answer(400, body))).toEqual({ kind: 'problems', problems: { phoneNumber: 'Enter a phone number' } });
  });

  it('offers the nearest free times when the time was taken', () => {
    const body = { type: 'about:blank', title: 'Conflict', status: 409, detail: takenTimeMessage, nearest };
    expect(bookingOutcome(answer(409, body))).toEqual({ kind: 'taken', words: takenTimeMessage, nearest });
  });

  it('asks for a new form token when the old one is refused, and never shows a server failure raw', () => {
    const stale = { type: 'about:blank', title: 'Unprocessable', status: 422, detail: 'Reload the page', errors: { formToken: ['Expired'] } };
    expect(bookingOutcome(answer(422, stale))).toEqual({ kind: 'refused', words: 'Reload the page', renewToken: true });
    expect(bookingOutcome(answer(503, 'x'))).toMatchObject({ kind: 'refused', renewToken: false, words: expect.stringContaining('kept here') });
  });

  it('sends the customer to the phone when no free time is near the one taken', () => {
    const closed = { words: 'That day is closed. Choose another.', nearest: [] };
    expect(takenWords(closed, '(217) 555-0100')).toBe('That day is closed. No free time is near it: call (217) 555-0100.');
    expect(takenWords({ words: takenTimeMessage, nearest }, null)).toBe(takenTimeMessage);
  });

  it("says days and times as a customer reads them, whatever the phone's zone", () => {
    expect(dayLabel('2030-06-04', { weekday: 'short', month: 'short', day: 'numeric' })).toBe('Tue, Jun 4');
    expect([timeLabel('00:15'), timeLabel('12:00'), timeLabel('14:30')]).toEqual(['12:15 AM', '12:00 PM', '2:30 PM']);
  });
});
