import { z } from 'zod';

/**
 * The public rating page's calls (spec section 7: GET /visit/{visitId}/rating-request, public, for customers
 * arriving from a text link; the submission is ours, docs/api.md). `{visitId}` is the visit's public id (its
 * unguessable hash id), never its internal one.
 */
export const ratingRequestSchema = z.object({
  store: z.object({ name: z.string(), phoneNumber: z.string().nullable(), timeZone: z.string() }),
  visit: z.object({ date: z.string(), services: z.array(z.string()), vehicle: z.string().nullable() }),
  /** Where the customer may also leave a public review: offered whatever the score (no review gating). */
  reviewLinks: z.array(z.object({ platform: z.enum(['Google', 'Yelp']), url: z.string() })),
  /** The customer's rating of this visit when they gave one: they may change it. */
  rating: z.object({ score: z.number(), comment: z.string().nullable() }).nullable(),
});
export type RatingRequest = z.infer<typeof ratingRequestSchema>;

export const ratingSubmissionSchema = z
  .object({
    score: z.number().int('Choose one to five stars').min(1, 'Choose one to five stars').max(5, 'Choose one to five stars'),
    comment: z
      .string()
      .trim()
      .max(2000, 'Keep your comment under 2,000 characters')
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .strict();
export type RatingSubmission = z.input<typeof ratingSubmissionSchema>;

/** A customer's average score at the active store (GET /customers/{customerId}/ratings/average). */
export const customerRatingAverageSchema = z.object({ customerId: z.uuid(), average: z.number().nullable(), count: z.number().int() });
export type CustomerRatingAverage = z.infer<typeof customerRatingAverageSchema>;
