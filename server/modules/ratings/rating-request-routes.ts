import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ratingSubmissionSchema, type RatingRequest } from '../../../src/contract/rating-request.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { ratingLinkOpen, reviewLinks } from '../../../src/domain/figures/ratings.ts';
import { storeTimeZone } from '../../../src/domain/calendar/time-zone.ts';
import type { AuthUser } from '../../auth/auth.ts';
import type { Db } from '../../db/connect.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { followUpChangedRating, followUpRating } from '../../messaging/rating-follow-ups.ts';
import type { Writer } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { ratings } from './routes.ts';

const notValid = "This link is not valid. It may have expired: the store's links to rate a visit work for 30 days.";
const customerUser = { userId: null, name: 'Customer rating' } as unknown as AuthUser;

/** A visit by its public id, with what the rating page shows and what the rating needs; undefined when the link leads nowhere. */
async function ratedVisit(db: Db | Writer['trx'], scheduledVisitHashId: string) {
  const visit = await db
    .selectFrom('scheduledVisits')
    .innerJoin('storeLocations', 'storeLocations.id', 'scheduledVisits.storeId')
    .leftJoin('customers', 'customers.customerId', 'scheduledVisits.customerId')
    .leftJoin('customerVehicles', 'customerVehicles.vehicleId', 'scheduledVisits.vehicleId')
    .select([
      'scheduledVisits.scheduledVisitId',
      'scheduledVisits.customerId',
      'scheduledVisits.cancelDate',
      'scheduledVisits.checkOutDate',
      'storeLocations.id as storeId',
      'storeLocations.companyId',
      'storeLocations.name',
      'storeLocations.phoneNumber',
      'storeLocations.timeZone',
      'storeLocations.googleReviewUrl',
      'storeLocations.yelpReviewUrl',
      'storeLocations.twilioPhoneNumber',
      'storeLocations.ratingsEnabled',
      'storeLocations.lowRatingFollowUpEnabled',
      'storeLocations.highRatingFollowUpEnabled',
      sql<string | null>`nullif(trim(coalesce(customers.first_name, '') || ' ' || coalesce(customers.last_name, '')), '')`.as('customerName'),
      sql<string | null>`nullif(trim(concat_ws(' ', customer_vehicles.year, customer_vehicles.make, customer_vehicles.model)), '')`.as('vehicle'),
    ])
    .where('scheduledVisits.scheduledVisitHashId', '=', scheduledVisitHashId)
    .where('scheduledVisits.deleted', '=', false)
    .where('storeLocations.deleted', '=', false)
    .executeTakeFirst();
  if (!visit) return undefined;
  const services = await db
    .selectFrom('scheduledServices')
    .leftJoin('storeServices', 'storeServices.storeServiceId', 'scheduledServices.storeServiceId')
    .select(['scheduledServices.startDate', 'storeServices.name'])
    .where('scheduledServices.scheduledVisitId', '=', visit.scheduledVisitId)
    .where('scheduledServices.deleted', '=', false)
    .orderBy('scheduledServices.startDate')
    .execute();
  return { ...visit, id: visit.storeId, startDate: services[0]?.startDate ?? null, services: services.map((s) => s.name).filter((n): n is string => !!n) };
}

/**
 * The public rating page's calls (spec section 7: GET /visit/{visitId}/rating-request for customers arriving
 * from a text link; the submission beside it is ours). The link names the visit by its unguessable public id;
 * a guessed, expired or canceled one is a 404 that says the link is not valid, and nothing is stored. One
 * rating per visit: rating again changes it. Each address may call RATING_TRIES_PER_MINUTE times a minute.
 */
export async function ratingRequestRoutes(app: FastifyInstance, { db, clock, writes, outbound, config }: ModuleContext): Promise<void> {
  const limit = { config: { rateLimit: { max: config.ratingTriesPerMinute, timeWindow: '1 minute' } } };
  const hashOf = (request: { params: unknown }) => {
    const parsed = z.object({ visitId: z.string().regex(/^[\w-]{16,64}$/) }).safeParse(request.params);
    if (!parsed.success) throw new ProblemError('notFound', notValid);
    return parsed.data.visitId;
  };
  const openVisit = async (source: Db | Writer['trx'], hash: string) => {
    const visit = await ratedVisit(source, hash);
    if (!visit || !ratingLinkOpen(visit, visit.ratingsEnabled, clock.now())) throw new ProblemError('notFound', notValid);
    return visit;
  };

  app.get(apiPaths.ratingRequest, limit, async (request, reply): Promise<RatingRequest> => {
    const visit = await openVisit(db, hashOf(request));
    const rating = await db
      .selectFrom('ratings')
      .select(['score', 'comment'])
      .where('visitId', '=', visit.scheduledVisitId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    void reply.header('cache-control', 'no-store');
    return {
      store: { name: visit.name, phoneNumber: visit.phoneNumber, timeZone: storeTimeZone(visit.timeZone, () => undefined) },
      visit: { date: visit.checkOutDate ?? visit.startDate!, services: visit.services, vehicle: visit.vehicle },
      reviewLinks: reviewLinks(visit),
      rating: rating ?? null,
    };
  });

  app.post(apiPaths.ratingRequest, limit, async (request, reply) => {
    const hash = hashOf(request);
    const submission = parseOrProblem(ratingSubmissionSchema, request.body, 'The rating');
    const visit = await openVisit(db, hash);
    const answer = await writes.background({ user: customerUser, companyId: visit.companyId, storeId: visit.storeId }, async (w) => {
      // One rating per visit: a second submission at the same moment changes the first.
      await w.lockOn('rating-of-visit', visit.scheduledVisitId);
      const current = await w.trx
        .selectFrom('ratings')
        .select('ratingId')
        .where('companyId', '=', visit.companyId)
        .where('visitId', '=', visit.scheduledVisitId)
        .where('deleted', '=', false)
        .executeTakeFirst();
      const fields = { score: submission.score, comment: submission.comment ?? null };
      let status = 200;
      let ratingId: string;
      const rated = { visitId: visit.scheduledVisitId, score: fields.score, comment: fields.comment, customerName: visit.customerName };
      if (current) {
        ratingId = current.ratingId;
        // A changed rating is news to the store again (unread until someone looks), and keeps what it said before.
        const was = await w.find(ratings, { ratingId });
        const { row, changed } = await w.change(ratings, { ratingId }, () =>
          was.score === fields.score && was.comment === fields.comment
            ? null
            : {
                ...fields,
                isRead: false,
                previousRatings: [...was.previousRatings, { score: was.score, comment: was.comment, ratedAt: was.changedAt }].slice(-50),
              },
        );
        if (changed) {
          w.event(ratings, row, 'NewRatingMessage', [ratingId]);
          await followUpChangedRating(w, visit, was.score, rated, config.publicUrl);
        }
      } else {
        status = 201;
        ratingId = randomUUID();
        const row = await w.create(ratings, {
          ratingId,
          customerId: visit.customerId,
          visitId: visit.scheduledVisitId,
          ...fields,
          visitDate: visit.checkOutDate ?? visit.startDate!,
          isRead: false,
          previousRatings: [],
        });
        w.event(ratings, row, 'NewRatingMessage', [ratingId]);
        await followUpRating(w, visit, rated, config.publicUrl);
      }
      return { status, body: { ...fields, reviewLinks: reviewLinks(visit) } };
    });
    outbound.kick();
    return reply.code(answer.status).send(answer.body);
  });
}
