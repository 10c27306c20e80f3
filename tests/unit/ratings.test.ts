import { describe, expect, it } from 'vitest';
import {
  averageScore,
  filterRatings,
  halfStars,
  ratingFollowUp,
  ratingLinkFor,
  ratingLinkOpen,
  ratingSummary,
  recentWindowStart,
  scoreBand,
  scoreBandLabels,
  starsOf,
  storeDaysSpan,
  weeklyRatings,
} from '../../src/domain/figures/ratings.ts';

describe('an average of ratings', () => {
  it.each([
    [[], null],
    [[5], 5],
    [[5, 4], 4.5],
    [[5, 4, 4], 13 / 3],
    [[1, 2, 2.5], 5.5 / 3],
  ])('of %j is %s', (scores, average) => {
    expect(averageScore(scores)).toBe(average);
  });
});

describe('five stars in half steps', () => {
  it.each([
    [4.74, 4.5, ['full', 'full', 'full', 'full', 'half']],
    [4.75, 5, ['full', 'full', 'full', 'full', 'full']],
    [4.24, 4, ['full', 'full', 'full', 'full', 'empty']],
    [4.25, 4.5, ['full', 'full', 'full', 'full', 'half']],
    [1.2, 1, ['full', 'empty', 'empty', 'empty', 'empty']],
    [0.3, 0.5, ['half', 'empty', 'empty', 'empty', 'empty']],
    [0, 0, ['empty', 'empty', 'empty', 'empty', 'empty']],
  ] as const)('show %s as %s', (average, shown, stars) => {
    expect(halfStars(average)).toBe(shown);
    expect(starsOf(average)).toEqual(stars);
  });

  it('show no average as five empty stars', () => {
    expect(starsOf(null)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });
});

describe("the recent average's seven days", () => {
  it.each([
    // 23:30 on Monday 8 June at a store in Los Angeles is already Tuesday in UTC: its week starts Tuesday 2 June, local midnight.
    ['2026-06-09T06:30:00.000Z', 'America/Los_Angeles', '2026-06-02T07:00:00.000Z'],
    // 00:30 on Tuesday 9 June in Los Angeles.
    ['2026-06-09T07:30:00.000Z', 'America/Los_Angeles', '2026-06-03T07:00:00.000Z'],
    // Across the autumn clock change in Berlin: midnight of 22 October was at UTC+2, today is at UTC+1.
    ['2026-10-28T12:00:00.000Z', 'Europe/Berlin', '2026-10-21T22:00:00.000Z'],
  ])('at %s in %s start at %s', (now, zone, start) => {
    expect(recentWindowStart(new Date(now), zone)).toBe(start);
  });

  it("end at the store's today: a rating from the store's morning seven days back counts, the evening before does not", () => {
    const now = new Date('2026-06-09T06:30:00.000Z');
    const ratings = [
      { score: 1, visitDate: '2026-06-02T06:59:00.000Z' },
      { score: 5, visitDate: '2026-06-02T07:00:00.000Z' },
      { score: 4, visitDate: '2026-06-09T06:00:00.000Z' },
    ];
    expect(ratingSummary(ratings, now, 'America/Los_Angeles')).toEqual({ recent: { average: 4.5, count: 2 }, overall: { average: 10 / 3, count: 3 } });
  });
});

describe('ratings week by week', () => {
  it('count and average each week from Monday at the store, oldest first, with empty weeks', () => {
    const weeks = weeklyRatings(
      [
        { score: 5, visitDate: '2026-06-08T15:00:00.000Z' },
        { score: 3, visitDate: '2026-06-14T20:00:00.000Z' },
        // Sunday 23:00 in New York is Monday in UTC: it belongs to the week before.
        { score: 1, visitDate: '2026-06-08T03:00:00.000Z' },
      ],
      new Date('2026-06-10T12:00:00.000Z'),
      'America/New_York',
      3,
    );
    expect(weeks).toEqual([
      { week: '2026-05-25', average: null, count: 0 },
      { week: '2026-06-01', average: 1, count: 1 },
      { week: '2026-06-08', average: 4, count: 2 },
    ]);
  });
});

describe('the follow-up to a rating', () => {
  const store = { lowRatingFollowUpEnabled: true, highRatingFollowUpEnabled: true, googleReviewUrl: 'https://g.example/review', yelpReviewUrl: null };
  it.each([
    [1, store, { kind: 'lowRating', templateType: 'ServiceLowRatingStep1' }],
    [2.5, store, { kind: 'lowRating', templateType: 'ServiceLowRatingStep1' }],
    [3, store, null],
    [4, store, { kind: 'highRating', templateType: 'ServiceHighRatingWithReview' }],
    [5, { ...store, googleReviewUrl: null }, { kind: 'highRating', templateType: 'ServiceHighRating' }],
    [1, { ...store, lowRatingFollowUpEnabled: false }, null],
    [5, { ...store, highRatingFollowUpEnabled: false }, null],
  ] as const)('to %s stars is %j', (score, settings, followUp) => {
    expect(ratingFollowUp(score, settings)).toEqual(followUp);
  });
});

describe('low, middle and high scores', () => {
  const answersEverything = { lowRatingFollowUpEnabled: true, highRatingFollowUpEnabled: true, googleReviewUrl: null, yelpReviewUrl: null };
  it.each([
    [0.5, 'low', 'lowRating'],
    [1, 'low', 'lowRating'],
    [2, 'low', 'lowRating'],
    [2.5, 'low', 'lowRating'],
    [2.75, 'middle', null],
    [3, 'middle', null],
    [3.5, 'middle', null],
    [4, 'high', 'highRating'],
    [4.5, 'high', 'highRating'],
    [5, 'high', 'highRating'],
  ] as const)('a score of %s is filtered as %s, the band its follow-up (%s) answers', (score, band, followUp) => {
    expect(scoreBand(score)).toBe(band);
    expect(ratingFollowUp(score, answersEverything)?.kind ?? null).toBe(followUp);
  });

  it.each([
    ['low', '2½ stars or fewer'],
    ['middle', '3 or 3½ stars'],
    ['high', '4 stars or more'],
  ] as const)('the %s band is offered as "%s", naming the half star at its edge', (band, label) => {
    expect(scoreBandLabels[band]).toBe(label);
  });
});

describe("a visit's rating link", () => {
  const now = new Date('2026-06-10T12:00:00.000Z');
  it.each([
    ['checked out yesterday', { cancelDate: null, checkOutDate: '2026-06-09T12:00:00.000Z', startDate: '2026-06-09T09:00:00.000Z' }, true, true],
    ['checked out 30 days ago', { cancelDate: null, checkOutDate: '2026-05-11T12:00:00.000Z', startDate: null }, true, true],
    ['checked out 31 days ago', { cancelDate: null, checkOutDate: '2026-05-10T11:00:00.000Z', startDate: null }, true, false],
    ['not begun yet', { cancelDate: null, checkOutDate: null, startDate: '2026-06-11T09:00:00.000Z' }, true, false],
    ['under way', { cancelDate: null, checkOutDate: null, startDate: '2026-06-10T09:00:00.000Z' }, true, true],
    ['canceled', { cancelDate: '2026-06-09T08:00:00.000Z', checkOutDate: null, startDate: '2026-06-09T09:00:00.000Z' }, true, false],
    ['at a store that asks for no ratings', { cancelDate: null, checkOutDate: '2026-06-09T12:00:00.000Z', startDate: null }, false, false],
  ])('is good when %s: %s', (_what, visit, ratingsEnabled, open) => {
    expect(ratingLinkOpen(visit, ratingsEnabled as boolean, now)).toBe(open);
  });

  it("is the public rating page by the visit's public id, or nothing where the store asks for no ratings", () => {
    expect(ratingLinkFor('https://app.example.com/', { ratingsEnabled: true }, { scheduledVisitHashId: 'abc_DEF-123' })).toBe(
      'https://app.example.com/rating?visit=abc_DEF-123',
    );
    expect(ratingLinkFor('https://app.example.com', { ratingsEnabled: false }, { scheduledVisitHashId: 'abc' })).toBeNull();
    expect(ratingLinkFor('https://app.example.com', { ratingsEnabled: true }, null)).toBeNull();
  });
});

describe("the ratings list's visit days (issue 46 item 18)", () => {
  const ny = 'America/New_York';
  const rating = (visitDate: string) => ({ ratingId: visitDate, isRead: false, score: 5, visitDate });
  const none = { unreadOnly: false, band: null, from: null, to: null };
  it.each([
    // Sunday 1 November 2026 in New York lasts 25 hours: its 23:30 is 04:30 UTC the next day.
    ['keeps the last half hour of a 25-hour fall-back day', '2026-11-01', '2026-11-02T04:30:00.000Z', true],
    ['leaves out the midnight after a fall-back day', '2026-11-01', '2026-11-02T05:00:00.000Z', false],
    // Sunday 8 March 2026 lasts 23 hours: the next midnight is 04:00 UTC, not 05:00.
    ['keeps the last minute of a 23-hour spring-forward day', '2026-03-08', '2026-03-09T03:59:00.000Z', true],
    ['leaves out 00:30 the day after a spring-forward day', '2026-03-08', '2026-03-09T04:30:00.000Z', false],
    ["keeps a day's first instant", '2026-03-08', '2026-03-08T05:00:00.000Z', true],
    ['leaves out the evening before', '2026-03-08', '2026-03-08T04:59:00.000Z', false],
  ])('%s (%s, a visit at %s)', (_, day, visitDate, kept) => {
    expect(filterRatings([rating(visitDate)], { ...none, from: day, to: day }, ny).length).toBe(kept ? 1 : 0);
  });

  it("spans from the store's midnight before the first day to the one after the last, across the fall-back change", () => {
    expect(storeDaysSpan('2026-10-31', '2026-11-01', ny)).toEqual({
      start: Date.parse('2026-10-31T04:00:00.000Z'),
      end: Date.parse('2026-11-02T05:00:00.000Z'),
    });
    expect(storeDaysSpan(null, null, ny)).toEqual({ start: -Infinity, end: Infinity });
  });

  it('keeps unread ones and a band of scores only when asked, in the order given', () => {
    const ratings = [
      { ...rating('2026-06-01T12:00:00.000Z'), score: 2 },
      { ...rating('2026-06-02T12:00:00.000Z'), isRead: true },
      rating('2026-06-03T12:00:00.000Z'),
    ];
    expect(filterRatings(ratings, none, ny)).toEqual(ratings);
    expect(filterRatings(ratings, { ...none, unreadOnly: true }, ny)).toEqual([ratings[0], ratings[2]]);
    expect(filterRatings(ratings, { ...none, band: 'high' }, ny)).toEqual([ratings[1], ratings[2]]);
  });
});
