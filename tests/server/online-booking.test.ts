import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { BookingReceipt, FreeTimes } from '../../src/contract/online-booking.ts';
import { takenTimeMessage } from '../../src/contract/online-booking.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { bookingForm, bookingPath, bookingStore, freeTimesPath, openBookingPage, requestBooking, type BookingStore } from '../support/booking-fixtures.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A Monday 11:00 at the store (Springfield, IL: Central time), later than every demo visit: Tuesday's bays are free but for what a test books.
const clock = new ManualClock(new Date('2030-06-03T16:00:00.000Z'));
const tuesday = '2030-06-04';
let t: TestApp;
let store: BookingStore;
let counter: string;
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  store = await bookingStore(t.db);
  counter = await accessTokenFor(t.app, 'user@demo.test');
});
afterAll(async () => {
  await t.close();
});

const times = async (date = tuesday) =>
  (await apiCall(t.app, { method: 'GET', path: freeTimesPath(store, date), remoteAddress: nextAddress() })).json<FreeTimes>();
/** The page opened, filled at a person's pace, and sent. */
const request = (wall: string, person: Parameters<typeof bookingForm>[3] = {}) => requestBooking(t, clock, store, nextAddress(), wall, person);
const requestsAt = (startDate: string) => t.db.selectFrom('unconfirmedVisits').selectAll().where('requestedStartDate', '=', startDate).execute();
const outbound = (template: string) =>
  t.db
    .selectFrom('storeMessages')
    .select(['phoneNumber', 'content', 'messageDeliveryMethod'])
    .where('templateType', '=', template as never)
    .where('storeId', '=', store.storeId)
    .execute();

describe('the booking page', () => {
  it('shows the store, the services it books online and the days offered, today first', async () => {
    const page = await openBookingPage(t, store, nextAddress());
    expect(page.open).toBe(true);
    expect(page.services.map((s) => s.storeServiceId)).toContain(store.storeServiceId);
    expect(page.days).toHaveLength(14);
    expect(page.days[0]).toEqual({ date: '2030-06-03', unavailable: null });
    expect(page.days.find((d) => d.date === '2030-06-09')).toEqual({ date: '2030-06-09', unavailable: 'closed' });
  });

  it("offers a day's times on the store's grid, none sooner than the notice the store asks", async () => {
    const today = await times('2030-06-03');
    // 11:00 now, two hours' notice: 13:00 first; a one-hour job for a waiting customer ends by 17:00.
    expect(today.times[0]?.time).toBe('13:00');
    expect(today.times.at(-1)?.time).toBe('16:00');
    expect((await times()).times.map((x) => x.time)).toContain('08:00');
  });

  it('refuses a day before today or past the days offered, or a service it does not book online, with the reason', async () => {
    for (const date of ['2030-06-02', '2030-06-17']) {
      const answer = await apiCall(t.app, { method: 'GET', path: freeTimesPath(store, date), remoteAddress: nextAddress() });
      expect([answer.statusCode, answer.json<{ detail: string }>().detail]).toEqual([422, 'Choose a day from today to 14 days ahead.']);
    }
    const unknown = await apiCall(t.app, {
      method: 'GET',
      path: freeTimesPath(store, tuesday, ['00000000-0000-4000-8000-000000000000']),
      remoteAddress: nextAddress(),
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('holds the bay for a request: the time leaves the offer, every scheduler gets an unconfirmed visit, the customer gets the acknowledgement and the store a notice', async () => {
    const { body, answer } = await request(`${tuesday}T10:00`);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<BookingReceipt>()).toMatchObject({ received: true, date: tuesday, time: '10:00' });
    expect((await times()).times.map((x) => x.time)).not.toContain('10:00');

    const [held] = await requestsAt(body.startDate);
    expect(held).toMatchObject({
      firstName: 'Dana',
      phoneNumber: '+15552014400',
      vehicleDescription: '2019 Subaru Outback',
      textConsent: true,
      confirmedVisitId: null,
    });
    const visit = await t.db.selectFrom('scheduledVisits').selectAll().where('scheduledVisitId', '=', held!.scheduledVisitId!).executeTakeFirstOrThrow();
    expect(visit).toMatchObject({ confirmationDate: null, cancelDate: null, scheduledBy: 'Online booking' });
    const services = await t.db
      .selectFrom('scheduledServices')
      .select(['resourceId', 'startDate', 'durationInMinutes'])
      .where('scheduledVisitId', '=', visit.scheduledVisitId)
      .execute();
    expect(services).toEqual([{ resourceId: store.resourceId, startDate: body.startDate, durationInMinutes: 60 }]);
    expect((await outbound('AppointmentAcknowledgement')).filter((m) => m.phoneNumber === '+15552014400')).toHaveLength(1);
    const notices = await t.db
      .selectFrom('userNotifications')
      .select('content')
      .where('link', '=', `/scheduler-dayview/appointments/${visit.scheduledVisitId}`)
      .execute();
    expect(notices.length).toBeGreaterThan(0);
    expect(notices[0]!.content).toContain('Dana Whitfield');
  });

  it('stores a request sent twice once, and answers both alike', async () => {
    const remoteAddress = nextAddress();
    const page = await openBookingPage(t, store, remoteAddress);
    clock.advance(30_000);
    const body = bookingForm(store, page, `${tuesday}T11:00`, { phoneNumber: '(555) 201-4401' });
    const first = await apiCall(t.app, { method: 'POST', path: bookingPath(store), body, remoteAddress });
    const again = await apiCall(t.app, { method: 'POST', path: bookingPath(store), body, remoteAddress });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await requestsAt(body.startDate)).toHaveLength(1);
  });

  it('tells the second customer for a time that just went, with the nearest free times, and stores nothing of theirs', async () => {
    const first = await request(`${tuesday}T14:00`, { phoneNumber: '(555) 201-4402' });
    expect(first.answer.statusCode).toBe(201);
    const second = await request(`${tuesday}T14:00`, { phoneNumber: '(555) 201-4403', firstName: 'Sam' });
    expect(second.answer.statusCode).toBe(409);
    const problem = second.answer.json<{ detail: string; nearest: { time: string }[] }>();
    expect(problem.detail).toBe(takenTimeMessage);
    expect(problem.nearest.map((n) => n.time)).toEqual(expect.arrayContaining(['13:00', '15:00']));
    expect(problem.nearest.map((n) => n.time)).not.toContain('14:00');
    expect((await requestsAt(first.body.startDate)).map((r) => r.firstName)).toEqual(['Dana']);
  });

  it("refuses a form sent faster than a person fills it, keeps a bot's request out silently, and says what to fix in a bad one", async () => {
    const remoteAddress = nextAddress();
    const page = await openBookingPage(t, store, remoteAddress);
    const fast = await apiCall(t.app, { method: 'POST', path: bookingPath(store), body: bookingForm(store, page, `${tuesday}T15:00`), remoteAddress });
    expect(fast.statusCode).toBe(422);
    clock.advance(30_000);
    const bot = await apiCall(t.app, {
      method: 'POST',
      path: bookingPath(store),
      body: { ...bookingForm(store, page, `${tuesday}T15:00`), website: 'http://spam.example' },
      remoteAddress,
    });
    expect(bot.statusCode).toBe(201);
    const bad = await apiCall(t.app, {
      method: 'POST',
      path: bookingPath(store),
      body: { ...bookingForm(store, page, `${tuesday}T15:00`), firstName: ' ', vehicle: '', email: 'nope' },
      remoteAddress: nextAddress(),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['email', 'firstName', 'vehicle']);
    expect(await requestsAt(bookingForm(store, page, `${tuesday}T15:00`).startDate)).toEqual([]);
  });

  it('takes three requests a day from one phone number, then asks the customer to wait for the store', async () => {
    const offered = (await times('2030-06-05')).times.map((x) => x.time).filter((time) => time.endsWith(':00'));
    for (const time of offered.slice(0, 3)) expect((await request(`2030-06-05T${time}`, { phoneNumber: '(555) 201-4499' })).answer.statusCode).toBe(201);
    const fourth = await request(`2030-06-05T${offered[3]!}`, { phoneNumber: '555.201.4499' });
    expect(fourth.answer.statusCode).toBe(429);
    expect(fourth.answer.json<{ detail: string }>().detail).toMatch(/^This phone number asked for 3 appointments today already/);
  });

  it('confirmed by staff, confirms the held visit (no second booking) and texts the customer the confirmation once', async () => {
    const { body } = await request('2030-06-06T10:00', { phoneNumber: '(555) 201-4410', firstName: 'Conf' });
    const [asked] = await requestsAt(body.startDate);
    const confirm = () =>
      apiCall(t.app, {
        method: 'POST',
        path: apiPaths.confirmUnconfirmedVisit.replace(':unconfirmedVisitId', asked!.unconfirmedVisitId),
        token: counter,
        store: store.storeId,
      });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(200);
    const visits = await t.db
      .selectFrom('scheduledVisits')
      .select(['scheduledVisitId', 'confirmationDate', 'customerId'])
      .where('scheduledCustomerCheckIn', '=', body.startDate)
      .execute();
    expect(visits).toHaveLength(1);
    expect(visits[0]!.scheduledVisitId).toBe(asked!.scheduledVisitId);
    expect(visits[0]!.confirmationDate).not.toBeNull();
    expect(visits[0]!.customerId).not.toBeNull();
    expect((await outbound('AppointmentConfirmation')).filter((m) => m.phoneNumber === '+15552014410')).toEqual([
      expect.objectContaining({ messageDeliveryMethod: 'Sms' }),
    ]);
  });

  it('declined by staff, frees the bay: the time is offered again', async () => {
    const { body } = await request('2030-06-06T15:00', { phoneNumber: '(555) 201-4420' });
    expect((await times('2030-06-06')).times.map((x) => x.time)).not.toContain('15:00');
    const [asked] = await requestsAt(body.startDate);
    const declined = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.declineUnconfirmedVisit.replace(':unconfirmedVisitId', asked!.unconfirmedVisitId),
      token: counter,
      store: store.storeId,
      body: { reason: 'No technician that afternoon' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await times('2030-06-06')).times.map((x) => x.time)).toContain('15:00');
  });

  it("in a store that takes no online bookings, shows none and stores no request, pointing to the store's phone", async () => {
    const remoteAddress = nextAddress();
    const page = await openBookingPage(t, store, remoteAddress);
    await t.db.updateTable('storeLocations').set({ onlineAppointmentsEnabled: false }).where('id', '=', store.storeId).execute();
    try {
      const closed = await openBookingPage(t, store, nextAddress());
      expect([closed.open, closed.services]).toEqual([false, []]);
      clock.advance(30_000);
      const body = bookingForm(store, page, '2030-06-07T09:00', { phoneNumber: '(555) 201-4430' });
      const answer = await apiCall(t.app, { method: 'POST', path: bookingPath(store), body, remoteAddress });
      expect(answer.statusCode).toBe(409);
      expect(answer.json<{ detail: string }>().detail).toMatch(/does not take bookings online: call \(\d{3}\) \d{3}-\d{4} to book\.$/);
      expect(await requestsAt(body.startDate)).toEqual([]);
    } finally {
      await t.db.updateTable('storeLocations').set({ onlineAppointmentsEnabled: true }).where('id', '=', store.storeId).execute();
    }
  });
});

describe('a time the store does not offer (issue 46 item 15)', () => {
  const refusal = (answer: { statusCode: number; json: <T>() => T }) => ({
    status: answer.statusCode,
    ...answer.json<{ detail: string; nearest: { date: string; time: string }[] }>(),
  });

  it('says a past time has passed, not that someone booked it, and offers the nearest free times', async () => {
    const past = refusal((await request('2030-06-03T09:00', { phoneNumber: '(555) 201-4501' })).answer);
    expect([past.status, past.detail]).toEqual([409, 'That time has passed. Choose a later one: these are the nearest free times.']);
    // Today's first time the notice leaves: two hours from now (11:0x).
    expect(past.nearest[0]?.date).toBe('2030-06-03');
    expect(past.nearest[0]!.time >= '13:00').toBe(true);
  });

  it("says a time inside the store's notice needs more notice", async () => {
    const soon = refusal((await request('2030-06-03T12:00', { phoneNumber: '(555) 201-4502' })).answer);
    expect(soon.detail).toBe('Online bookings are taken at least 2 hours ahead. Choose a later time: these are the nearest free ones.');
    expect(soon.nearest.length).toBeGreaterThan(0);
  });

  it('says the store is closed on a closed day, and offers the free times of the days around it', async () => {
    const sunday = refusal((await request('2030-06-09T10:00', { phoneNumber: '(555) 201-4503' })).answer);
    expect([sunday.status, sunday.detail]).toEqual([409, 'The store is closed that day. Choose another day: these are the nearest free times.']);
    expect(sunday.nearest.length).toBeGreaterThan(0);
    expect(sunday.nearest.map((n) => n.date)).not.toContain('2030-06-09');
  });

  it('says how far ahead the store books for a day past the window, offering its last free times', async () => {
    const far = refusal((await request('2030-06-20T10:00', { phoneNumber: '(555) 201-4504' })).answer);
    expect(far.detail).toBe(
      'The store takes online bookings up to 14 days ahead (today counts as the first). Choose an earlier day: these are the nearest free times.',
    );
    // Today and 13 days after it: the 16th is the last day offered (a Sunday, closed).
    expect(far.nearest.length).toBeGreaterThan(0);
    expect(far.nearest.every((n) => n.date <= '2030-06-16')).toBe(true);
  });

  it('after closing, offers days from tomorrow: today has no time left', async () => {
    clock.advance(7 * 3_600_000);
    try {
      const page = await openBookingPage(t, store, nextAddress());
      expect(page.days[0]?.date).toBe('2030-06-04');
    } finally {
      clock.advance(-7 * 3_600_000);
    }
  });
});

describe('what a requester may send (issue 46 items 15 and 22)', () => {
  const fields = async (person: Parameters<typeof bookingForm>[3]) => {
    const { answer } = await request(`${tuesday}T16:00`, person);
    return [answer.statusCode, Object.keys(answer.json<{ errors?: Record<string, string[]> }>().errors ?? {})];
  };

  it('refuses a phone number that is not one, as the page does', async () => {
    expect(await fields({ phoneNumber: '123' })).toEqual([400, ['phoneNumber']]);
  });

  it('refuses texts as the way to answer without the consent to texts', async () => {
    expect(await fields({ phoneNumber: '(555) 201-4510', textConsent: false })).toEqual([400, ['textConsent']]);
  });

  it('refuses a name with a link or a run of digits', async () => {
    expect(await fields({ phoneNumber: '(555) 201-4511', firstName: 'your card ending 4411 is locked. Unlock it now at http://phish.example/x' })).toEqual([
      400,
      ['firstName'],
    ]);
    expect(await fields({ phoneNumber: '(555) 201-4512', lastName: 'unlock at bank-help.com' })).toEqual([400, ['lastName']]);
  });

  it('greets the requester by no name in the acknowledgement: nobody has verified the number it goes to', async () => {
    const { answer } = await request('2030-06-11T09:00', { phoneNumber: '(555) 201-4513', firstName: 'Mallory' });
    expect(answer.statusCode).toBe(201);
    const [ack] = (await outbound('AppointmentAcknowledgement')).filter((m) => m.phoneNumber === '+15552014513');
    expect(ack!.content).toMatch(/^Hi there, /);
    expect(ack!.content).not.toContain('Mallory');
  });
});

describe('a declined request (issue 46 items 4 and 22)', () => {
  it('tells the requester their request could not be accepted, with the reason, not that an appointment was canceled, and by no name', async () => {
    const { body } = await request('2030-06-11T11:00', { phoneNumber: '(555) 201-4520', firstName: 'Mallory' });
    const [asked] = await requestsAt(body.startDate);
    const declined = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.declineUnconfirmedVisit.replace(':unconfirmedVisitId', asked!.unconfirmedVisitId),
      token: counter,
      store: store.storeId,
      body: { reason: 'No technician that morning.' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const sent = await t.db
      .selectFrom('storeMessages')
      .select('content')
      .where('phoneNumber', '=', '+15552014520')
      .where('messageDirection', '=', 'Outbound')
      .where('templateType', '!=', 'AppointmentAcknowledgement')
      .execute();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.content).toMatch(/could not accept your appointment request for .+ at 11:00 AM\. Reason: No technician that morning\./);
    expect(sent[0]!.content).not.toMatch(/cancel|Mallory/i);
  });
});

describe("a confirmed request's customer (issue 46 item 23)", () => {
  const confirm = async (wall: string, person: Parameters<typeof bookingForm>[3]) => {
    const { body } = await request(wall, person);
    const [asked] = await requestsAt(body.startDate);
    const answer = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.confirmUnconfirmedVisit.replace(':unconfirmedVisitId', asked!.unconfirmedVisitId),
      token: counter,
      store: store.storeId,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return t.db
      .selectFrom('customers')
      .select(['customerId', 'firstName', 'lastName'])
      .where('customerId', '=', answer.json<{ customerId: string }>().customerId)
      .executeTakeFirstOrThrow();
  };

  it('is not whoever has its phone under another name: a new customer is made', async () => {
    const first = await confirm('2030-06-12T09:00', { phoneNumber: '(555) 201-4530', firstName: 'Robert', lastName: 'Stone', email: null });
    const second = await confirm('2030-06-12T10:00', { phoneNumber: '(555) 201-4530', firstName: 'Mallory', lastName: 'Grey', email: null });
    expect(second.customerId).not.toBe(first.customerId);
    expect(second).toMatchObject({ firstName: 'Mallory', lastName: 'Grey' });
  });

  it('is the customer with its phone and the same name', async () => {
    const first = await confirm('2030-06-12T11:00', { phoneNumber: '(555) 201-4531', firstName: 'Ana', lastName: 'Ruiz', email: null });
    const again = await confirm('2030-06-12T13:00', { phoneNumber: '555.201.4531', firstName: 'ana', lastName: 'RUIZ', email: null });
    expect(again.customerId).toBe(first.customerId);
  });
});
