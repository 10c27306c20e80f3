import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { Sms, SmsSender } from '../../server/messaging/sms.ts';
import { twilioWebhookPaths } from '../../server/messaging/twilio-webhooks.ts';
import type { RatingRequest } from '../../src/contract/rating-request.ts';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { accessTokenFor } from '../support/sign-in.ts';
import { createTestApp, testPublicUrl, type TestApp } from '../support/test-app.ts';
import { visitFor } from '../support/visit-message-fixtures.ts';

const authToken = 'ratings-test-token-0123456789abcdef';
const twilioEnv = { TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`, TWILIO_AUTH_TOKEN: authToken, RATING_TRIES_PER_MINUTE: '40' };
const texts: Sms[] = [];
const sms: SmsSender = {
  async send(text) {
    texts.push(text);
    return { providerId: `SM-${texts.length}`, via: 'sink' };
  },
};
const clock = new ManualClock(new Date('2030-06-03T15:00:00.000Z'));

let t: TestApp;
let stores: Record<number, number>;
let user: string;
let caller = 0;
beforeAll(async () => {
  t = await createTestApp({ clock, sms, env: twilioEnv });
  stores = await demoStoreIds(t.db);
  user = await accessTokenFor(t.app, 'user@demo.test');
});
afterAll(async () => {
  await t.close();
});

/** A visit checked out an hour ago at the store, and its public id: what a rating link names. */
async function ratedVisit(
  customer: Record<string, unknown> = { preferredContactMethod: 'Email', email: `rater-${randomUUID().slice(0, 8)}@example.com` },
  storeNumber = 101,
) {
  const checkOut = new Date(clock.now().getTime() - 3600_000).toISOString();
  const visit = await visitFor(t.db, stores[storeNumber]!, { checkOut }, customer);
  const { scheduledVisitHashId } = await t.db
    .selectFrom('scheduledVisits')
    .select('scheduledVisitHashId')
    .where('scheduledVisitId', '=', visit.visitId)
    .executeTakeFirstOrThrow();
  return { ...visit, hash: scheduledVisitHashId };
}
const nextAddress = () => `192.0.2.${++caller}`;
const path = (hash: string) => apiPaths.ratingRequest.replace(':visitId', hash);
const open = (hash: string, remoteAddress = nextAddress()) => t.app.inject({ method: 'GET', url: withApiVersion(path(hash)), remoteAddress });
const rate = (hash: string, body: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: withApiVersion(path(hash)), remoteAddress, payload: body as object });
const ratingsOf = (visitId: string) => t.db.selectFrom('ratings').selectAll().where('visitId', '=', visitId).where('deleted', '=', false).execute();
const sentFor = (visitId: string) =>
  t.db
    .selectFrom('storeMessages')
    .innerJoin('outboundMessages', 'outboundMessages.storeMessageId', 'storeMessages.storeMessageId')
    .select(['storeMessages.templateType', 'outboundMessages.channel', 'outboundMessages.body', 'outboundMessages.toAddress'])
    .where('storeMessages.visitId', '=', visitId)
    .execute();

describe("the public rating page's calls", () => {
  it("show the store, the visit and the review links by the visit's public id, without sign-in", async () => {
    const visit = await ratedVisit();
    const answer = await open(visit.hash);
    expect(answer.statusCode).toBe(200);
    const request = answer.json<RatingRequest>();
    expect(request.store.name).toBeTruthy();
    expect(request.store.timeZone).toMatch(/\//);
    expect(request.reviewLinks.map((l) => l.platform)).toContain('Google');
    expect(request.rating).toBeNull();
    expect(JSON.stringify(request)).not.toMatch(/@example\.com|Robin|customerId|visitId/);
  });

  it('answer a guessed, canceled or expired link with "This link is not valid" and store nothing', async () => {
    const guessed = await open('AAAAAAAAAAAAAAAAAAAAAA');
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json<{ detail: string }>().detail).toMatch(/^This link is not valid/);
    expect((await rate('AAAAAAAAAAAAAAAAAAAAAA', { score: 5 })).statusCode).toBe(404);

    const canceled = await ratedVisit();
    await t.db.updateTable('scheduledVisits').set({ cancelDate: clock.now().toISOString() }).where('scheduledVisitId', '=', canceled.visitId).execute();
    expect((await rate(canceled.hash, { score: 4 })).statusCode).toBe(404);

    const old = await ratedVisit();
    clock.advance(31 * 86_400_000);
    try {
      expect((await open(old.hash)).statusCode).toBe(404);
      expect((await rate(old.hash, { score: 4 })).statusCode).toBe(404);
    } finally {
      clock.advance(-31 * 86_400_000);
    }
    for (const visit of [canceled, old]) expect(await ratingsOf(visit.visitId)).toEqual([]);
  });

  it('keep one rating per visit: rating again changes it, unread again, and never adds a second', async () => {
    const visit = await ratedVisit();
    const first = await rate(visit.hash, { score: 3, comment: 'OK, a bit slow.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      score: 3,
      comment: 'OK, a bit slow.',
      reviewLinks: expect.arrayContaining([expect.objectContaining({ platform: 'Google' })]),
    });
    const token = await accessTokenFor(t.app, 'user@demo.test');
    const [stored] = await ratingsOf(visit.visitId);
    await apiCall(t.app, {
      method: 'PATCH',
      path: apiPaths.rating.replace(':ratingId', stored!.ratingId),
      token,
      store: stores[101],
      body: [{ op: 'replace', path: '/isRead', value: true }],
    });

    const again = await rate(visit.hash, { score: 4, comment: 'Actually, they called to explain. Thanks!' });
    expect(again.statusCode).toBe(200);
    const rows = await ratingsOf(visit.visitId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ratingId: stored!.ratingId, score: 4, comment: 'Actually, they called to explain. Thanks!', isRead: false });
    // Staff still see what was said first.
    expect(rows[0]!.previousRatings).toEqual([{ score: 3, comment: 'OK, a bit slow.', ratedAt: clock.now().toISOString() }]);
    expect((await open(visit.hash)).json<RatingRequest>().rating).toEqual({ score: 4, comment: 'Actually, they called to explain. Thanks!' });
  });

  it.each([[0], [6], [3.5], ['five']])('refuse a score of %s with words a customer acts on, and store nothing', async (score) => {
    const visit = await ratedVisit();
    const answer = await rate(visit.hash, { score });
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toMatch(/Choose one to five stars|Invalid input/);
    expect(await ratingsOf(visit.visitId)).toEqual([]);
  });

  it('answer 429 to an address past the configured number of tries a minute', async () => {
    const remote = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await open(`guess${String(i).padStart(20, '0')}`, remote)).statusCode);
    expect(statuses.slice(0, 40).every((s) => s === 404)).toBe(true);
    expect(statuses[40]).toBe(429);
  });
});

describe('what a rating sets off', () => {
  it("a low score tells the store's people in the bell and by email, and asks the customer what went wrong", async () => {
    const email = 'unhappy@example.com';
    const visit = await ratedVisit({ preferredContactMethod: 'Email', email, firstName: 'Pat' });
    await rate(visit.hash, { score: 1, comment: 'Waited two hours.' });
    const bells = await t.db
      .selectFrom('userNotifications')
      .select(['identityId', 'kind', 'content'])
      .where('link', '=', `/appointment-rating/${visit.visitId}`)
      .execute();
    expect(bells.length).toBeGreaterThan(0);
    expect(bells[0]).toMatchObject({ kind: 'rating', content: expect.stringContaining('1 of 5') });
    expect(bells[0]!.content).toContain('Waited two hours.');
    expect(await sentFor(visit.visitId)).toEqual([expect.objectContaining({ templateType: 'ServiceLowRatingStep1', channel: 'email', toAddress: email })]);
    const contactMails = await t.db.selectFrom('outboundMessages').select('body').where('body', 'like', `%/appointment-rating/${visit.visitId}%`).execute();
    expect(contactMails.length).toBeGreaterThan(0);

    // Rated low again: the store was told once.
    await rate(visit.hash, { score: 2, comment: 'Still unhappy.' });
    expect(await t.db.selectFrom('userNotifications').select('identityId').where('link', '=', `/appointment-rating/${visit.visitId}`).execute()).toHaveLength(
      bells.length,
    );
    expect(await sentFor(visit.visitId)).toHaveLength(1);
  });

  it('a changed rating sends the customer no second, contradicting follow-up; a change to a low score still tells the store', async () => {
    const visit = await ratedVisit();
    await rate(visit.hash, { score: 2, comment: 'Scratched my rim.' });
    await rate(visit.hash, { score: 5, comment: 'They fixed it, thanks!' });
    expect((await sentFor(visit.visitId)).map((m) => m.templateType)).toEqual(['ServiceLowRatingStep1']);

    const happy = await ratedVisit();
    await rate(happy.hash, { score: 5 });
    await rate(happy.hash, { score: 1, comment: 'The wheel came loose on the highway.' });
    expect((await sentFor(happy.visitId)).map((m) => m.templateType)).toEqual(['ServiceHighRatingWithReview']);
    const bells = await t.db.selectFrom('userNotifications').select('content').where('link', '=', `/appointment-rating/${happy.visitId}`).execute();
    expect(bells.length).toBeGreaterThan(0);
    expect(bells[0]!.content).toContain('The wheel came loose on the highway.');
    const [rating] = await ratingsOf(happy.visitId);
    expect(rating!.previousRatings.map((r) => r.score)).toEqual([5]);
  });

  it("a high score thanks the customer and asks for a review with the store's review link", async () => {
    const visit = await ratedVisit();
    await rate(visit.hash, { score: 5 });
    const [thanks] = await sentFor(visit.visitId);
    expect(thanks).toMatchObject({ templateType: 'ServiceHighRatingWithReview' });
    const { googleReviewUrl } = await t.db.selectFrom('storeLocations').select('googleReviewUrl').where('id', '=', stores[101]!).executeTakeFirstOrThrow();
    expect(thanks!.body).toContain(googleReviewUrl);
  });

  it('sends nothing to the customer of a store that chose no follow-ups, and still tells it of a low score', async () => {
    await t.db
      .updateTable('storeLocations')
      .set({ lowRatingFollowUpEnabled: false, highRatingFollowUpEnabled: false })
      .where('id', '=', stores[102]!)
      .execute();
    const low = await ratedVisit(undefined, 102);
    await rate(low.hash, { score: 1 });
    const high = await ratedVisit(undefined, 102);
    await rate(high.hash, { score: 5 });
    expect(await sentFor(low.visitId)).toEqual([]);
    expect(await sentFor(high.visitId)).toEqual([]);
    expect(
      (await t.db.selectFrom('userNotifications').select('identityId').where('link', '=', `/appointment-rating/${low.visitId}`).execute()).length,
    ).toBeGreaterThan(0);
  });

  it("answers the customer's text back about a low rating with the store's second answer, once", async () => {
    const phone = '+15550109911';
    const visit = await ratedVisit({ preferredContactMethod: 'Text', phoneNumber: '(555) 010-9911', textConsentMethod: 'InPerson' });
    await rate(visit.hash, { score: 1 });
    expect((await sentFor(visit.visitId)).map((m) => m.templateType)).toEqual(['ServiceLowRatingStep1']);
    const { twilioPhoneNumber } = await t.db.selectFrom('storeLocations').select('twilioPhoneNumber').where('id', '=', stores[101]!).executeTakeFirstOrThrow();
    const textBack = (body: string) => {
      const fields = { MessageSid: `SM${randomUUID().replace(/-/g, '')}`, From: phone, To: twilioPhoneNumber!, Body: body };
      const signature = twilio.getExpectedTwilioSignature(authToken, `${testPublicUrl}${twilioWebhookPaths.incoming}`, fields);
      return t.app.inject({
        method: 'POST',
        url: twilioWebhookPaths.incoming,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(fields).toString(),
      });
    };
    expect((await textBack('The tech scratched my rim.')).statusCode).toBe(200);
    expect((await textBack('And nobody called me.')).statusCode).toBe(200);
    expect((await sentFor(visit.visitId)).map((m) => m.templateType).sort()).toEqual(['ServiceLowRatingStep1', 'ServiceLowRatingStep2']);
  });
});

describe("the store's ratings for signed-in staff", () => {
  it("list with the shell's queries: unread with count, the last days with count, newest first with count", async () => {
    const unread = (
      await apiCall(t.app, { method: 'GET', path: `${apiPaths.ratings}?$filter=IsRead eq false&$count=true`, token: user, store: stores[101] })
    ).json<{ items: { isRead: boolean }[]; count: number }>();
    expect(unread.count).toBeGreaterThan(0);
    expect(unread.items.every((r) => !r.isRead)).toBe(true);
    const since = new Date(clock.now().getTime() - 7 * 86_400_000).toISOString();
    const recent = (
      await apiCall(t.app, { method: 'GET', path: `${apiPaths.ratings}?$filter=visitDate ge ${since}&$count=true`, token: user, store: stores[101] })
    ).json<{ items: { visitDate: string }[]; count: number }>();
    expect(recent.items.every((r) => r.visitDate >= since)).toBe(true);
    const newest = (
      await apiCall(t.app, { method: 'GET', path: `${apiPaths.ratings}?$orderby=visitDate desc&$count=true&$top=5`, token: user, store: stores[101] })
    ).json<{ items: { visitDate: string }[]; count: number }>();
    expect(newest.items.map((r) => r.visitDate)).toEqual([...newest.items.map((r) => r.visitDate)].sort().reverse());
    const posted = (
      await apiCall(t.app, { method: 'POST', path: apiPaths.ratings, token: user, store: stores[101], body: { $filter: 'IsRead eq false', $count: true } })
    ).json<{ count: number }>();
    expect(posted.count).toBe(unread.count);
  });

  it('find a rating by words of its comment, searched in double quotes', async () => {
    const visit = await ratedVisit();
    await rate(visit.hash, { score: 2, comment: 'Zebra-striped hubcap went missing' });
    const found = (await apiCall(t.app, { method: 'GET', path: `${apiPaths.ratings}?search="zebra-striped"`, token: user, store: stores[101] })).json<{
      items: { visitId: string }[];
    }>();
    expect(found.items.map((r) => r.visitId)).toEqual([visit.visitId]);
    expect((await apiCall(t.app, { method: 'GET', path: `${apiPaths.ratings}?search=zebra`, token: user, store: stores[101] })).statusCode).toBe(400);
  });

  describe('are found by their customer, as the customer search finds customers', () => {
    let rated: Promise<{ visitId: string }> | undefined;
    const quillfeather = () =>
      (rated ??= (async () => {
        const visit = await ratedVisit({ firstName: 'Zoë', lastName: 'Quillfeather', preferredContactMethod: 'Phone', phoneNumber: '(312) 555-0199' });
        await rate(visit.hash, { score: 5 });
        return visit;
      })());
    it.each([
      ['words of the name, the accent left out', 'quillfeather zoe'],
      ['the start of the last name', 'quillf'],
      ['the phone with its country code', '+1 312 555 0199'],
    ])('by %s (%j)', async (_case, query) => {
      const visit = await quillfeather();
      const found = (
        await apiCall(t.app, { method: 'GET', path: `${apiPaths.ratings}?search=${encodeURIComponent(`"${query}"`)}`, token: user, store: stores[101] })
      ).json<{ items: { visitId: string }[] }>();
      expect(found.items.map((r) => r.visitId)).toEqual([visit.visitId]);
    });
  });

  it("give a visit's rating and a customer's average at the store; technicians get none", async () => {
    const visit = await ratedVisit();
    await rate(visit.hash, { score: 4 });
    const rating = await apiCall(t.app, { method: 'GET', path: apiPaths.visitRating.replace(':visitId', visit.visitId), token: user, store: stores[101] });
    expect(rating.json()).toMatchObject({ visitId: visit.visitId, score: 4 });
    const average = await apiCall(t.app, {
      method: 'GET',
      path: apiPaths.customerRatingAverage.replace(':customerId', visit.customerId),
      token: user,
      store: stores[101],
    });
    expect(average.json()).toEqual({ customerId: visit.customerId, average: 4, count: 1 });
    const all = await apiCall(t.app, { method: 'GET', path: `${apiPaths.customersRatingAverages}?$top=1000`, token: user, store: stores[101] });
    expect(all.json<{ items: unknown[] }>().items).toContainEqual({ customerId: visit.customerId, average: 4, count: 1 });
    const tech = await accessTokenFor(t.app, 'tech@demo.test');
    expect((await apiCall(t.app, { method: 'GET', path: apiPaths.ratings, token: tech, store: stores[101] })).statusCode).toBe(403);
    expect(
      (await apiCall(t.app, { method: 'GET', path: apiPaths.visitRating.replace(':visitId', visit.visitId), token: tech, store: stores[101] })).statusCode,
    ).toBe(403);
  });
});
