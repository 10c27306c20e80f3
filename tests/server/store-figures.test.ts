import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { takeVersions } from '../../server/db/versions.ts';
import { apiPaths } from '../../src/contract/routes.ts';
import type { StoreComparison, StoreHeadline } from '../../src/contract/store-figures.ts';
import { visitSpans } from '../../src/domain/store/store-day.ts';
import {
  bayUtilisation,
  carCount,
  firstReplyTimes,
  inspectionDecisions,
  noShowsAndCancellations,
  ratingsByIsoWeek,
  tireQuotesBooked,
  tireQuotesSent,
} from '../../src/domain/figures/store-figures.ts';
import { storeTimeZone } from '../../src/domain/calendar/time-zone.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { newStoreModel } from '../support/store-fixtures.ts';
import { createTestApp, testPublicUrl, type TestApp } from '../support/test-app.ts';

const clock = new ManualClock(new Date());
let t: TestApp;
let stores: Record<number, number>;
const tokens: Record<string, string> = {};
/**
 * The demo's days, whatever the hour it was seeded at: from the day before its oldest message (ten days before the
 * seed, by the store's own clock a day off New York's at most) to the week after the seed's day at #101.
 */
let period: { from: string; to: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  const seeded = await t.db.selectFrom('appMeta').select('value').where('key', '=', 'demoSeed').executeTakeFirstOrThrow();
  const seededOn = new Date((seeded.value as { seededOn: string }).seededOn);
  // The server's clock at the seed's moment, so the seeded visits are as past or coming as the seed made them.
  clock.advance(seededOn.getTime() - clock.now().getTime());
  const today = Temporal.Instant.fromEpochMilliseconds(seededOn.getTime()).toZonedDateTimeISO('America/Chicago').toPlainDate();
  period = { from: today.subtract({ days: 11 }).toString(), to: today.add({ days: 7 }).toString() };
  stores = await demoStoreIds(t.db);
  for (const who of ['platform', 'admin', 'user', 'tech']) tokens[who] = await accessTokenFor(t.app, `${who}@demo.test`);
  await quotesAt101(today.subtract({ days: 1 }).toString());
});

/**
 * Two tire quotes saved at #101 on a day of the period (the demo saves none): one texted to its customer and
 * booked as a visit (an old visit of theirs, long before the period: a quote's visit counts whatever its day),
 * one neither.
 */
async function quotesAt101(createdOn: string) {
  const visit = await t.db
    .selectFrom('scheduledVisits')
    .select(['scheduledVisitId', 'customerId', 'companyId'])
    .where('storeId', '=', stores[101]!)
    .where('customerId', 'is not', null)
    .where('cancelDate', 'is', null)
    .orderBy('checkInDate')
    .limit(1)
    .executeTakeFirstOrThrow();
  const quote = (n: number) => ({
    tireQuoteId: randomUUID(),
    tireQuoteHashId: `Dash${n}Quote${'x'.repeat(12)}`,
    customerId: visit.customerId!,
    vehicleId: null,
    createdOn,
    validUntil: createdOn,
    choices: '[]' as never,
    options: '[]' as never,
    companyId: visit.companyId,
    storeId: stores[101]!,
  });
  const [sent, unsent] = [quote(1), quote(2)];
  await t.db.transaction().execute(async (trx) => {
    const version = await takeVersions(trx, 4);
    await trx
      .insertInto('tireQuotes')
      .values([
        { ...sent, version },
        { ...unsent, version: version + 1 },
      ])
      .execute();
    await trx
      .updateTable('scheduledVisits')
      .set({ tireQuoteId: sent.tireQuoteId, version: version + 2 })
      .where('scheduledVisitId', '=', visit.scheduledVisitId)
      .execute();
    await trx
      .insertInto('storeMessages')
      .values({
        storeMessageId: randomUUID(),
        companyId: visit.companyId,
        storeId: stores[101]!,
        version: version + 3,
        customerId: visit.customerId,
        visitId: null,
        name: null,
        email: null,
        phoneNumber: '3125550101',
        preferredContactMethod: 'Sms',
        messageDeliveryMethod: 'Sms',
        messageDirection: 'Outbound',
        templateType: 'FreeForm',
        content: `Your tire quote: ${testPublicUrl}/tire-quotes/${sent.tireQuoteHashId}`,
        sentOn: clock.now().toISOString(),
        customerInquiryType: null,
        storeServiceId: null,
        isArchived: false,
        repliedToByUserId: null,
        repliedToByUserName: null,
        deliveryStatus: 'Delivered',
        deliveryProblem: null,
      })
      .execute();
  });
}
afterAll(async () => {
  await t.close();
});

const compare = (who: string, query: Record<string, string>) =>
  apiCall(t.app, { method: 'GET', path: `${apiPaths.storeFigures}?${new URLSearchParams(query)}`, token: tokens[who]! });

/**
 * A store's headline worked out here from every row of the store (not the windows the server reads), through the
 * domain's figures one by one: the server's answer must be the same.
 */
async function expectedHeadline(storeId: number, range: { from: string; to: string }, now: Date): Promise<StoreHeadline> {
  const store = await t.db.selectFrom('storeLocations').selectAll().where('id', '=', storeId).executeTakeFirstOrThrow();
  const day = { from: range.from, to: Temporal.PlainDate.from(range.to).add({ days: 1 }).toString(), timeZone: storeTimeZone(store.timeZone) };
  const [services, visits, resources, blockedTimes, recurringBlockedTimes, specialHours, messages, ratings, quotes, items] = await Promise.all([
    t.db.selectFrom('scheduledServices').selectAll().where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    t.db.selectFrom('scheduledVisits').selectAll().where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    t.db.selectFrom('schedulerResources').selectAll().where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    t.db.selectFrom('blockedTimes').selectAll().where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    t.db.selectFrom('recurringBlockedTimes').selectAll().where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    t.db.selectFrom('specialStoreHours').selectAll().where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    t.db.selectFrom('storeMessages').selectAll().where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    t.db.selectFrom('ratings').selectAll().where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    t.db.selectFrom('tireQuotes').selectAll().where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    t.db.selectFrom('inspectionItems').selectAll().where('storeId', '=', storeId).where('deleted', '=', false).execute(),
  ]);
  const spans = visitSpans(services);
  const bays = bayUtilisation({ hours: store, specialHours, services, visits, spans, resources, blockedTimes, recurringBlockedTimes }, day);
  const noShows = noShowsAndCancellations(visits, spans, day, now);
  const weeks = ratingsByIsoWeek(ratings, day);
  const rated = weeks.reduce((sum, w) => sum + w.count, 0);
  const booked = bays.reduce((sum, b) => sum + b.bookedMinutes, 0);
  const open = bays.reduce((sum, b) => sum + b.openMinutes, 0);
  const replies = firstReplyTimes(messages, day);
  return {
    carCount: carCount(visits, day).total,
    booked: noShows.booked,
    noShows: noShows.noShows,
    cancellations: noShows.cancellations,
    bays: { bookedMinutes: booked, openMinutes: open, utilisation: open === 0 ? null : booked / open },
    inspections: inspectionDecisions(items, day),
    replies: { answered: replies.answered, unanswered: replies.unanswered, averageMinutes: replies.averageMinutes },
    ratings: { count: rated, average: rated === 0 ? null : weeks.reduce((sum, w) => sum + (w.average ?? 0) * w.count, 0) / rated },
    tireQuotes: { ...tireQuotesSent(quotes, messages, day), booked: tireQuotesBooked(quotes, visits, day).booked },
  };
}

describe('the store comparison', () => {
  it("gives an admin of two stores both, by store number, with the figures the domain's rules make of each store's rows", async () => {
    const answer = await compare('admin', period);
    expect(answer.statusCode, answer.body).toBe(200);
    const comparison = answer.json<StoreComparison>();
    expect(comparison).toMatchObject({ from: period.from, to: period.to, computedAt: clock.now().toISOString(), totalStores: 2 });
    expect(comparison.stores.map((s) => [s.storeNumber, s.storeId])).toEqual([
      [101, stores[101]],
      [102, stores[102]],
    ]);
    for (const store of comparison.stores) {
      const expected = await expectedHeadline(store.storeId, period, clock.now());
      expect(store.figures.ratings.average).toBeCloseTo(expected.ratings.average!, 9);
      expect({ ...store.figures, ratings: { ...store.figures.ratings, average: null } }).toEqual({
        ...expected,
        ratings: { ...expected.ratings, average: null },
      });
      // The demo's days have something in every figure the seed makes: a comparison of zeros would prove nothing.
      expect(store.figures.carCount).toBeGreaterThan(0);
      expect(store.figures.booked).toBeGreaterThan(store.figures.carCount);
      expect(store.figures.bays.utilisation).toBeGreaterThan(0);
      expect(store.figures.inspections.approved).toBeGreaterThan(0);
      expect(store.figures.inspections.declined).toBeGreaterThan(0);
      expect(store.figures.replies.answered).toBeGreaterThan(0);
      expect(store.figures.ratings.count).toBeGreaterThan(0);
    }
    expect(comparison.stores[0]!.figures.tireQuotes).toEqual({ saved: 2, sent: 1, booked: 1 });
  });

  it("counts each store's days at its own midnights: one day at #101 is not the same instants as at #102", async () => {
    const day = Temporal.PlainDate.from(period.from).add({ days: 1 }).toString();
    const answer = (await compare('admin', { from: day, to: day })).json<StoreComparison>();
    for (const store of answer.stores) expect(store.figures).toEqual(await expectedHeadline(store.storeId, { from: day, to: day }, clock.now()));
  });

  it("gives a platform admin every store of their own company and never another company's, even one where a role names them", async () => {
    await t.db.insertInto('companies').values({ alltracCompanyId: 2930, name: 'Rival Tires' }).execute();
    const created = await apiCall(t.app, {
      method: 'POST',
      path: apiPaths.storeLocations,
      token: tokens.platform!,
      body: newStoreModel({ alltracCompanyId: 2930, storeNumber: 101, name: 'Rival Tires Springfield' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const rival = created.json<{ id: number }>().id;
    // A stray role at the rival's store: the comparison reads the caller's company only.
    const { userId } = await t.db.selectFrom('users').select('userId').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    await t.db.insertInto('userRoles').values({ userId, storeId: rival, role: 'AllTracAdmin' }).execute();
    const admin = await accessTokenFor(t.app, 'admin@demo.test');
    const asAdmin = await apiCall(t.app, { method: 'GET', path: `${apiPaths.storeFigures}?${new URLSearchParams(period)}`, token: admin });
    expect(asAdmin.json<StoreComparison>().stores.map((s) => s.storeId)).toEqual([stores[101], stores[102]]);
    const asPlatform = (await compare('platform', period)).json<StoreComparison>();
    expect(asPlatform.stores.map((s) => s.storeId)).toEqual([stores[101], stores[102], stores[103]]);
    expect(asPlatform.stores.map((s) => s.storeId)).not.toContain(rival);
  });

  it.each(['user', 'tech'])("refuses a %s, who administers no store: their own store's figures are on their device", async (who) => {
    const answer = await compare(who, period);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ type: '/problems/forbidden', status: 403 });
  });

  it.each([
    ['a period ending before it starts', { from: '2026-03-10', to: '2026-03-09' }, 'to', 'End the period on or after its first day'],
    ['a period over 92 days', { from: '2026-01-01', to: '2026-04-03' }, 'to', 'Choose a period of at most 92 days'],
    ['a date that is not one', { from: '2026-02-30', to: '2026-03-09' }, 'from', 'Enter the first day as YYYY-MM-DD'],
    ['a missing day', { from: '2026-03-01' }, 'to', 'Enter the last day as YYYY-MM-DD'],
  ])('answers %s with a 400 problem naming the field', async (_, query, field, message) => {
    const answer = await compare('admin', query);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json().errors[field]).toEqual([message]);
  });

  it('takes a period of 92 days', async () => {
    expect((await compare('admin', { from: '2026-01-01', to: '2026-04-02' })).statusCode).toBe(200);
  });
});
