import { describe, expect, it } from 'vitest';
import {
  promiseUpdateRefusal,
  promiseUpdateRoute,
  promiseUpdateSubject,
  promiseUpdateText,
  workOrderLink,
  type PromiseUpdateCustomer,
  type PromiseUpdateInput,
} from '../../src/domain/scheduler/promise-update.ts';

/** A store on Central time; "now" is Monday, June 1, 2026 at 1:00 PM there. */
const store = { name: 'Main Street Tire', timeZone: 'Central Standard Time' };
const now = new Date('2026-06-01T18:00:00.000Z');
const central = (wallClock: string) => new Date(`${wallClock}-05:00`).toISOString();
const link = 'https://app.example.com/work-order/abc123';
const camry = { year: 2019, make: 'Toyota', model: 'Camry' };
const update = (input: Partial<PromiseUpdateInput>) =>
  promiseUpdateText({
    vehicle: camry,
    pickUpTime: central('2026-06-01T16:15'),
    previousPickUpTime: central('2026-06-01T15:30'),
    reason: null,
    link,
    store,
    now,
    ...input,
  });

describe("the update a customer gets when their car's promise moves", () => {
  it.each([
    [
      'the new time, the one it replaces and the reason as typed',
      { reason: 'the brake work you approved adds 45 minutes' },
      `Your 2019 Toyota Camry will be ready at 4:15 PM instead of 3:30 PM: the brake work you approved adds 45 minutes. Follow it here: ${link} — Main Street Tire`,
    ],
    [
      'a reason typed as a sentence, its first word lowered after the colon and one full stop',
      { reason: ' The brake work you approved adds 45 minutes.  ' },
      `Your 2019 Toyota Camry will be ready at 4:15 PM instead of 3:30 PM: the brake work you approved adds 45 minutes. Follow it here: ${link} — Main Street Tire`,
    ],
    [
      'a reason starting with a name or an abbreviation, kept as typed',
      { reason: 'ABS sensor on order' },
      `Your 2019 Toyota Camry will be ready at 4:15 PM instead of 3:30 PM: ABS sensor on order. Follow it here: ${link} — Main Street Tire`,
    ],
    [
      'no reason: no clause',
      { reason: '   ' },
      `Your 2019 Toyota Camry will be ready at 4:15 PM instead of 3:30 PM. Follow it here: ${link} — Main Street Tire`,
    ],
    [
      'no vehicle on the visit: "Your vehicle"',
      { vehicle: null },
      `Your vehicle will be ready at 4:15 PM instead of 3:30 PM. Follow it here: ${link} — Main Street Tire`,
    ],
    [
      'a vehicle without year, make or model: "Your vehicle"',
      { vehicle: { year: null, make: null, model: null } },
      `Your vehicle will be ready at 4:15 PM instead of 3:30 PM. Follow it here: ${link} — Main Street Tire`,
    ],
    [
      'no promise before: no "instead of"',
      { previousPickUpTime: null },
      `Your 2019 Toyota Camry will be ready at 4:15 PM. Follow it here: ${link} — Main Street Tire`,
    ],
    [
      'the same promise written another way: no "instead of"',
      { previousPickUpTime: '2026-06-01T16:15:00-05:00' },
      `Your 2019 Toyota Camry will be ready at 4:15 PM. Follow it here: ${link} — Main Street Tire`,
    ],
    [
      'a promise moved to tomorrow names its day, and the one of today says today',
      { pickUpTime: central('2026-06-02T09:00'), reason: 'A part comes in the morning' },
      `Your 2019 Toyota Camry will be ready on Tue, Jun 2 at 9:00 AM instead of today at 3:30 PM: a part comes in the morning. Follow it here: ${link} — Main Street Tire`,
    ],
    [
      'two times on the same later day name the day once',
      { pickUpTime: central('2026-06-03T11:00'), previousPickUpTime: central('2026-06-03T09:30') },
      `Your 2019 Toyota Camry will be ready on Wed, Jun 3 at 11:00 AM instead of 9:30 AM. Follow it here: ${link} — Main Street Tire`,
    ],
    [
      'a question kept as a question',
      { reason: 'Can we also rotate the tires?' },
      `Your 2019 Toyota Camry will be ready at 4:15 PM instead of 3:30 PM: can we also rotate the tires? Follow it here: ${link} — Main Street Tire`,
    ],
  ])('says %s', (_, input, words) => {
    expect(update(input)).toBe(words);
  });

  it("writes times at the store's wall clock, whatever zone the server or device is in, and today is the store's", () => {
    // 11:30 PM on Monday in Chicago is already Tuesday in UTC: the promise of 11:45 PM is still today's.
    const late = new Date('2026-06-02T04:30:00.000Z');
    expect(update({ now: late, pickUpTime: central('2026-06-01T23:45'), previousPickUpTime: null })).toBe(
      `Your 2019 Toyota Camry will be ready at 11:45 PM. Follow it here: ${link} — Main Street Tire`,
    );
    const eastern = { ...store, timeZone: 'Eastern Standard Time' };
    expect(update({ store: eastern, previousPickUpTime: null })).toMatch(/ready at 5:15 PM\./);
  });

  it("links the visit's public work order, and names the vehicle in an email's subject", () => {
    expect(workOrderLink('https://app.example.com/', 'abc123')).toBe(link);
    expect(promiseUpdateSubject(camry)).toBe('A new ready-by time for your 2019 Toyota Camry');
    expect(promiseUpdateSubject(null)).toBe('A new ready-by time for your vehicle');
  });
});

describe('how the update reaches the customer, or why it cannot', () => {
  const texting = { twilioPhoneNumber: '+15550100000' };
  const customer = (fields: Partial<PromiseUpdateCustomer>): PromiseUpdateCustomer => ({
    preferredContactMethod: 'Text',
    phoneNumber: '5550101234',
    email: null,
    textConsentMethod: 'InPerson',
    ...fields,
  });
  const none = () => false;

  it('goes by text to a customer who agreed to texts, and by email to one who prefers email', () => {
    expect(promiseUpdateRoute(customer({}), texting, none)).toEqual({ channel: 'sms', to: '+15550101234' });
    expect(promiseUpdateRoute(customer({ preferredContactMethod: 'Email', email: 'pat@example.com' }), texting, none)).toEqual({
      channel: 'email',
      to: 'pat@example.com',
    });
  });

  it.each([
    [
      'asked for calls',
      customer({ preferredContactMethod: 'Phone', email: 'pat@example.com' }),
      none,
      'The customer asked for calls: call them at (555) 010-1234',
    ],
    ['texted STOP', customer({}), () => true, 'The customer texted STOP: call them at (555) 010-1234'],
    ['gave no texting consent and no email', customer({ textConsentMethod: null }), none, 'The customer has not agreed to texts: call them at (555) 010-1234'],
    ['has no phone and no email', customer({ preferredContactMethod: 'Email', phoneNumber: null }), none, 'The customer has no email address'],
  ])('cannot go to a customer who %s, and says what to do', (_, who, stopped, words) => {
    expect(promiseUpdateRoute(who, texting, stopped)).toEqual({ cannot: words });
  });

  it('cannot go for a visit without a customer, and the refusal says nothing moved', () => {
    expect(promiseUpdateRoute(null, texting, none)).toEqual({ cannot: 'The visit has no customer to tell' });
    expect(promiseUpdateRefusal('The customer asked for calls: call them at (555) 010-1234')).toBe(
      'The customer was not told and the promise stays as it was. The customer asked for calls: call them at (555) 010-1234.',
    );
  });
});
