import { Temporal } from 'temporal-polyfill';
import type { MessageTemplateType } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { instantToWallClock, wallClockIsoToInstant } from '../calendar/time-zone.ts';

/** Spec section 9: the average of scores, or null when there are none. */
export function averageScore(scores: readonly number[]): number | null {
  return averageOfTallies(scores.map((score) => ({ score, count: 1 }))).average;
}

/** The same average, of scores tallied (each score given and how many gave it: an index's keys and counts). */
export function averageOfTallies(tallies: readonly { score: number; count: number }[]): Average {
  const count = tallies.reduce((sum, t) => sum + t.count, 0);
  return { average: count === 0 ? null : tallies.reduce((sum, t) => sum + t.score * t.count, 0) / count, count };
}

/** Five stars in half steps (spec section 9): an average shown as the nearest half star. */
export const halfStars = (average: number) => Math.round(average * 2) / 2;

export type Star = 'full' | 'half' | 'empty';
/** The five stars that show an average (spec section 9: empty, half and full star icons). */
export function starsOf(average: number | null): Star[] {
  const shown = average === null ? 0 : halfStars(average);
  return [1, 2, 3, 4, 5].map((n) => (shown >= n ? 'full' : shown >= n - 0.5 ? 'half' : 'empty'));
}

/** A customer gives one to five whole stars; scores in between come only from averages (and older data). */
export const ratingScores = [1, 2, 3, 4, 5] as const;

/** A score the store follows up as a complaint: one or two stars (two and a half from older data). */
export const isLowScore = (score: number) => score <= 2.5;
/** A score the store thanks for and may ask to share as a review: four or five stars. */
export const isHighScore = (score: number) => score >= 4;

export type ScoreBand = 'low' | 'middle' | 'high';
/** Where a score stands: the band a screen filters by is the one the follow-ups answer, so the two never part. */
export const scoreBand = (score: number): ScoreBand => (isLowScore(score) ? 'low' : isHighScore(score) ? 'high' : 'middle');
/** The bands in words that name their edges, half stars included, since older scores have them. */
export const scoreBandLabels: Record<ScoreBand, string> = { low: '2½ stars or fewer', middle: '3 or 3½ stars', high: '4 stars or more' };

/**
 * The first instant of the seven days that end with the store's today (spec section 9: the recent average
 * covers the last seven days): midnight, at the store, six days before today.
 */
export function recentWindowStart(now: Date, timeZone: string): string {
  const today = Temporal.PlainDate.from(instantToWallClock(now.toISOString(), timeZone).slice(0, 10));
  return wallClockIsoToInstant(`${today.subtract({ days: 6 }).toString()}T00:00:00`, timeZone);
}

/** What the ratings list keeps: unread only, a band of scores (null: any), and visit days at the store from and to (YYYY-MM-DD, both whole; null: open). */
export interface RatingFilters {
  unreadOnly: boolean;
  band: ScoreBand | null;
  from: string | null;
  to: string | null;
}

/**
 * The instants the store's days `from` to `to` (both whole) cover, [start, end): from the store's midnight
 * starting the first to the one ending the last, by the calendar, so a day the clocks change on lasts the 23 or
 * 25 hours the store lives. An open side covers everything that way.
 */
export function storeDaysSpan(from: string | null, to: string | null, timeZone: string): { start: number; end: number } {
  const midnight = (day: Temporal.PlainDate) => day.toZonedDateTime({ timeZone }).epochMilliseconds;
  return {
    start: from ? midnight(Temporal.PlainDate.from(from.slice(0, 10))) : -Infinity,
    end: to ? midnight(Temporal.PlainDate.from(to.slice(0, 10)).add({ days: 1 })) : Infinity,
  };
}

/** The ratings the list's filters keep, in the order given. */
export function filterRatings<T extends { isRead: boolean; score: number; visitDate: string }>(
  ratings: readonly T[],
  filters: RatingFilters,
  timeZone: string,
): T[] {
  const { start, end } = storeDaysSpan(filters.from, filters.to, timeZone);
  return ratings.filter((r) => {
    const at = Date.parse(r.visitDate);
    return (!filters.unreadOnly || !r.isRead) && (filters.band === null || scoreBand(r.score) === filters.band) && at >= start && at < end;
  });
}

export interface Average {
  average: number | null;
  count: number;
}

/** The shell's rating summary (spec sections 1 and 9): the last seven days at the store, and all ratings. */
export function ratingSummary(ratings: readonly { score: number; visitDate: string }[], now: Date, timeZone: string): { recent: Average; overall: Average } {
  const from = Date.parse(recentWindowStart(now, timeZone));
  const recent = ratings.filter((r) => Date.parse(r.visitDate) >= from).map((r) => r.score);
  const all = ratings.map((r) => r.score);
  return { recent: { average: averageScore(recent), count: recent.length }, overall: { average: averageScore(all), count: all.length } };
}

/**
 * Ratings week by week (Monday to Sunday at the store), the last `weeks` weeks up to the one holding `now`,
 * oldest first; a week without ratings has a null average.
 */
export function weeklyRatings(
  ratings: readonly { score: number; visitDate: string }[],
  now: Date,
  timeZone: string,
  weeks: number,
): { week: string; average: number | null; count: number }[] {
  const dayOf = (iso: string) => Temporal.PlainDate.from(instantToWallClock(iso, timeZone).slice(0, 10));
  const today = dayOf(now.toISOString());
  const thisMonday = today.subtract({ days: today.dayOfWeek - 1 });
  const mondays = Array.from({ length: weeks }, (_, i) => thisMonday.subtract({ weeks: weeks - 1 - i }).toString());
  const scores = new Map<string, number[]>(mondays.map((m) => [m, []]));
  for (const r of ratings) {
    const day = dayOf(r.visitDate);
    scores.get(day.subtract({ days: day.dayOfWeek - 1 }).toString())?.push(r.score);
  }
  return mondays.map((week) => {
    const inWeek = scores.get(week)!;
    return { week, average: averageScore(inWeek), count: inWeek.length };
  });
}

export type ReviewPlatform = 'Google' | 'Yelp';
/** Where a customer may leave a public review of the store, by platform (the store's review links). */
export function reviewLinks(store: Pick<StoreLocation, 'googleReviewUrl' | 'yelpReviewUrl'>): { platform: ReviewPlatform; url: string }[] {
  return [
    ...(store.googleReviewUrl ? [{ platform: 'Google' as const, url: store.googleReviewUrl }] : []),
    ...(store.yelpReviewUrl ? [{ platform: 'Yelp' as const, url: store.yelpReviewUrl }] : []),
  ];
}

export type RatingFollowUpKind = 'lowRating' | 'highRating';
/**
 * What the store sends a customer after their rating, when it chose to (settings, appointments): to a low
 * score, a message asking what went wrong; to a high one, thanks, with a request for a review when the store
 * has a review link. Nothing to a middling score, nor when the store did not choose it.
 */
export function ratingFollowUp(
  score: number,
  store: Pick<StoreLocation, 'lowRatingFollowUpEnabled' | 'highRatingFollowUpEnabled' | 'googleReviewUrl' | 'yelpReviewUrl'>,
): { kind: RatingFollowUpKind; templateType: MessageTemplateType } | null {
  if (isLowScore(score)) return store.lowRatingFollowUpEnabled ? { kind: 'lowRating', templateType: 'ServiceLowRatingStep1' } : null;
  if (isHighScore(score) && store.highRatingFollowUpEnabled) {
    return { kind: 'highRating', templateType: reviewLinks(store).length > 0 ? 'ServiceHighRatingWithReview' : 'ServiceHighRating' };
  }
  return null;
}

/** How long after a visit its rating link stays good: long enough for a late answer, not forever. */
export const ratingLinkDays = 30;

/**
 * Whether a visit's rating link is good at `now`: the store asks for ratings, the visit was not canceled, it
 * has happened (checked out, else its first service has started), and that was no more than `ratingLinkDays` ago.
 */
export function ratingLinkOpen(
  visit: { cancelDate: string | null; checkOutDate: string | null; startDate: string | null },
  ratingsEnabled: boolean,
  now: Date,
): boolean {
  const from = visit.checkOutDate ?? visit.startDate;
  if (!ratingsEnabled || visit.cancelDate || from === null) return false;
  const age = now.getTime() - Date.parse(from);
  return age >= 0 && age <= ratingLinkDays * 86_400_000;
}

/** The public page where a customer rates one visit, by the visit's public id. */
export const ratingLinkPath = (scheduledVisitHashId: string) => `/rating?visit=${encodeURIComponent(scheduledVisitHashId)}`;

/**
 * The whole address of a visit's rating page for a message, or null when the store does not ask for ratings, or
 * the visit has no public id yet (booked on this device: the server gives it with its copy of the visit).
 */
export function ratingLinkFor(
  baseUrl: string,
  store: Pick<StoreLocation, 'ratingsEnabled'>,
  visit: { scheduledVisitHashId: string } | null | undefined,
): string | null {
  return store.ratingsEnabled && visit?.scheduledVisitHashId ? `${baseUrl.replace(/\/$/, '')}${ratingLinkPath(visit.scheduledVisitHashId)}` : null;
}
