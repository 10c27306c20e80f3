import { describe, expect, it } from 'vitest';
import { dateFormats } from '../../src/domain/calendar/date-format.ts';
import { promiseForm, type PromiseFormInput } from '../../src/features/scheduler/promise-form.ts';
import { at } from '../support/store-day-rows.ts';

const time = dateFormats('America/New_York').time;
const monday = (t: string) => at(`2026-06-01T${t}:00`);
const base: PromiseFormInput = { promised: null, checkedIn: false, atRisk: false, proposed: monday('10:45'), candidate: null, reason: '' };
const form = (input: Partial<PromiseFormInput>) => promiseForm({ ...base, ...input }, time);

describe("the appointment panel's promise", () => {
  it('offers the proposed ready-by time to a visit with no promise, and to one not checked in yet', () => {
    expect(form({}).proposal).toBe('The floor can have it ready by 10:45 AM.');
    expect(form({ promised: monday('12:00') }).proposal).toBe('The floor can have it ready by 10:45 AM.');
  });

  it('offers nothing to a checked-in visit with a promise, nor while the floor is being read', () => {
    expect(form({ promised: monday('12:00'), checkedIn: true }).proposal).toBeNull();
    expect(form({ proposed: undefined }).proposal).toBeNull();
  });

  it('warns in promiseTooEarly words when the counter sets a time earlier than the floor can keep, and lets them promise it', () => {
    const early = form({ candidate: monday('10:00') });
    expect(early.warning).toBe('The floor can have it ready by 10:45 AM at the earliest: promise that or later.');
    expect(early.changes).toBe(true);
  });

  it('warns about nothing when the time set is the proposal or later', () => {
    expect(form({ candidate: monday('10:45') }).warning).toBeNull();
    expect(form({ candidate: monday('16:00') }).warning).toBeNull();
  });

  it('says when the store has no open time for the work, once a time is set', () => {
    expect(form({ proposed: null, candidate: monday('10:00') }).warning).toMatch(/no open time for this work/);
    expect(form({ proposed: null }).warning).toBeNull();
  });

  it('leaves a promise already given alone: no warning until the counter changes it', () => {
    expect(form({ promised: monday('10:00'), candidate: '2026-06-01T10:00:00-04:00', checkedIn: true }).warning).toBeNull();
  });

  it('has nothing to send for the same time without a reason, and sends the same time with one for the history', () => {
    expect(form({ promised: monday('12:00'), candidate: monday('12:00') }).changes).toBe(false);
    expect(form({ promised: monday('12:00'), candidate: monday('12:00'), reason: 'Customer called' }).changes).toBe(true);
    expect(form({ promised: monday('12:00'), candidate: null }).changes).toBe(true);
  });

  it("offers the floor's time again to a checked-in visit whose promise is at risk", () => {
    expect(form({ promised: monday('10:00'), checkedIn: true, atRisk: true }).proposal).toBe('The floor can have it ready by 10:45 AM.');
  });

  it('offers to tell the customer when a promise given moves, or is at risk, and not for a first promise or without a time', () => {
    expect(form({ promised: monday('10:00'), checkedIn: true, candidate: monday('10:45') }).tell).toBe(true);
    expect(form({ promised: monday('10:00'), checkedIn: true, atRisk: true, candidate: monday('10:00') }).tell).toBe(true);
    expect(form({ promised: monday('10:00'), checkedIn: true, candidate: monday('10:00'), reason: 'Customer called' }).tell).toBe(false);
    expect(form({ candidate: monday('10:45') }).tell).toBe(false);
    expect(form({ promised: monday('10:00'), atRisk: true, candidate: null }).tell).toBe(false);
  });
});
