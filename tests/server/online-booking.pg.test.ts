import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { FreeTimes } from '../../src/contract/online-booking.ts';
import { apiCall } from '../support/api.ts';
import { bookingForm, bookingPath, bookingStore, freeTimesPath, openBookingPage, type BookingStore } from '../support/booking-fixtures.ts';
import { runRace } from '../support/concurrent-writes.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';

describe.skipIf(postgresUnavailable !== null)('online booking on PostgreSQL, with customers racing', () => {
  const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
  const t = postgresTestApp({ clock });
  let round = 0;

  it('gives the last free time to one of two customers asking at once, and tells the other it just went', async () => {
    const store: BookingStore = await bookingStore(t.db);
    await runRace(t.app, {
      name: 'two customers, one free time',
      prepare: async () => {
        const free = (await apiCall(t.app, { method: 'GET', path: freeTimesPath(store, '2030-06-04'), remoteAddress: `198.51.100.${++round}` })).json<FreeTimes>();
        const time = free.times[0]!.time;
        const pages = [await openBookingPage(t, store, `198.51.101.${round}`), await openBookingPage(t, store, `198.51.102.${round}`)];
        clock.advance(30_000);
        const bodies = pages.map((page, i) => bookingForm(store, page, `2030-06-04T${time}`, { phoneNumber: `(555) 3${String(round).padStart(2, '0')}-010${i}`, firstName: `Racer${i}` }));
        return { target: bodies[0]!.startDate, calls: bodies.map((body, i) => ({ method: 'POST' as const, path: bookingPath(store), body, remoteAddress: `198.51.10${i + 1}.${round}` })) };
      },
      check: async (startDate, answers) => {
        expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
        const requests = await t.db.selectFrom('unconfirmedVisits').select('scheduledVisitId').where('requestedStartDate', '=', startDate).execute();
        expect(requests).toHaveLength(1);
        const held = await t.db.selectFrom('scheduledServices').select('resourceId').where('startDate', '=', startDate).where('resourceId', '=', store.resourceId).where('deleted', '=', false).execute();
        expect(held).toHaveLength(1);
      },
    });
  });
});
