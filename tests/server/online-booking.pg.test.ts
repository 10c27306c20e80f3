import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { FreeTimes } from '../../src/contract/online-booking.ts';
import { apiCall } from '../support/api.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import { bookingForm, bookingPath, bookingStore, freeTimesPath, openBookingPage, requestBooking, type BookingStore } from '../support/booking-fixtures.ts';
import { atOnce, runRace } from '../support/concurrent-writes.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';

describe.skipIf(postgresUnavailable !== null)('online booking on PostgreSQL, with customers racing', () => {
  const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));
  // A person sends two messages a minute: declines of online requests, the store's answers, do not count toward it.
  const t = postgresTestApp({ clock, env: { MESSAGES_PER_PERSON_PER_MINUTE: '2' } });
  let round = 0;

  it('gives the last free time to one of two customers asking at once, and tells the other it just went', async () => {
    const store: BookingStore = await bookingStore(t.db);
    await runRace(t.app, {
      name: 'two customers, one free time',
      prepare: async () => {
        const free = (
          await apiCall(t.app, { method: 'GET', path: freeTimesPath(store, '2030-06-04'), remoteAddress: `198.51.100.${++round}` })
        ).json<FreeTimes>();
        const time = free.times[0]!.time;
        const pages = [await openBookingPage(t, store, `198.51.101.${round}`), await openBookingPage(t, store, `198.51.102.${round}`)];
        clock.advance(30_000);
        const bodies = pages.map((page, i) =>
          bookingForm(store, page, `2030-06-04T${time}`, { phoneNumber: `(555) 3${String(round).padStart(2, '0')}-010${i}`, firstName: `Racer${i}` }),
        );
        return {
          target: bodies[0]!.startDate,
          calls: bodies.map((body, i) => ({ method: 'POST' as const, path: bookingPath(store), body, remoteAddress: `198.51.10${i + 1}.${round}` })),
        };
      },
      check: async (startDate, answers) => {
        expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
        const requests = await t.db.selectFrom('unconfirmedVisits').select('scheduledVisitId').where('requestedStartDate', '=', startDate).execute();
        expect(requests).toHaveLength(1);
        const held = await t.db
          .selectFrom('scheduledServices')
          .select('resourceId')
          .where('startDate', '=', startDate)
          .where('resourceId', '=', store.resourceId)
          .where('deleted', '=', false)
          .execute();
        expect(held).toHaveLength(1);
      },
    });
  });

  it("takes no more requests waiting for a day than the store's cap when customers ask for its times at once", async () => {
    const store: BookingStore = await bookingStore(t.db);
    await t.db.updateTable('storeLocations').set({ onlineBookingOpenRequestsPerDay: 2 }).where('id', '=', store.storeId).execute();
    const days = ['2030-06-05', '2030-06-06', '2030-06-07', '2030-06-10'];
    await runRace(
      t.app,
      {
        name: 'four customers, a day that takes two requests',
        prepare: async () => {
          const day = days[round++ % days.length]!;
          const pages = await Promise.all([0, 1, 2, 3].map((i) => openBookingPage(t, store, `198.51.110.${round * 4 + i}`)));
          clock.advance(30_000);
          const calls = pages.map((page, i) => ({
            method: 'POST' as const,
            path: bookingPath(store),
            remoteAddress: `198.51.110.${round * 4 + i}`,
            body: bookingForm(store, page, `${day}T${['09:00', '11:00', '13:00', '15:00'][i]!}`, {
              phoneNumber: `(555) 33${round % 10}-02${String(i).padStart(2, '0')}`,
            }),
          }));
          return { target: day, calls };
        },
        check: async (day, answers) => {
          expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409]);
          const held = await t.db
            .selectFrom('unconfirmedVisits')
            .select('requestedStartDate')
            .where('storeId', '=', store.storeId)
            .where('requestedStartDate', '>=', `${day}T00:00:00Z`)
            .where('requestedStartDate', '<', `${day}T23:59:59Z`)
            .where('declinedOn', 'is', null)
            .execute();
          expect(held).toHaveLength(2);
        },
      },
      days.length,
    );
  });

  it("declines a flood of online requests at once, all charged to the store: none refused by the person's own limit", async () => {
    const store: BookingStore = await bookingStore(t.db);
    await t.db
      .updateTable('storeLocations')
      .set({ onlineBookingOpenRequestsPerDay: null, onlineBookingOpenRequests: null })
      .where('id', '=', store.storeId)
      .execute();
    const ids: string[] = [];
    for (const [i, time] of ['09:00', '10:00', '11:00', '13:00', '14:00'].entries()) {
      const { body, answer } = await requestBooking(t, clock, store, `198.51.120.${i}`, `2030-06-11T${time}`, {
        phoneNumber: `(555) 320-01${String(i).padStart(2, '0')}`,
      });
      expect(answer.statusCode).toBe(201);
      ids.push(
        (await t.db.selectFrom('unconfirmedVisits').select('unconfirmedVisitId').where('requestedStartDate', '=', body.startDate).executeTakeFirstOrThrow())
          .unconfirmedVisitId,
      );
    }
    const counter = await accessTokenFor(t.app, 'user@demo.test');
    const answers = await atOnce(
      t.app,
      ids.map((id) => ({
        method: 'POST' as const,
        path: apiPaths.declineUnconfirmedVisit.replace(':unconfirmedVisitId', id),
        token: counter,
        store: store.storeId,
        body: { reason: 'Not a real request.' },
      })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const answered = await t.db
      .selectFrom('outboundMessages')
      .select('budget')
      .where('storeId', '=', store.storeId)
      .where('body', 'like', '%could not accept%')
      .execute();
    expect(answered.map((m) => m.budget)).toEqual(['store', 'store', 'store', 'store', 'store']);
  });
});
