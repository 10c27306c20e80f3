import { z } from 'zod';

/**
 * The store comparison of the manager dashboard (issue 28; ours, docs/api.md): GET /api/alltrac/store-figures
 * answers each store the caller administers with its headline figures over a period of store-local days. A
 * device holds only its own store's rows, so comparing stores is this online call; one store's figures, in full,
 * are worked out on the device (workers/dashboard-figures.ts) by the same rules (src/domain/store/store-headline.ts).
 */

/** The longest period compared: a quarter, so an answer reads at most about three months of each store's rows. */
export const maxPeriodDays = 92;
/** Stores in one answer, by store number: a company with more is told how many were left out. */
export const maxComparedStores = 50;

const dayMs = 86_400_000;
const day = (label: string) => z.iso.date(`Enter the ${label} day as YYYY-MM-DD`);

/** `from` and `to` are the first and the last day of the period (both included), as each store's calendar reads them. */
export const storeFiguresQuerySchema = z.object({ from: day('first'), to: day('last') }).superRefine(({ from, to }, context) => {
  const days = (Date.parse(to) - Date.parse(from)) / dayMs + 1;
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'End the period on or after its first day' });
  else if (days > maxPeriodDays) context.addIssue({ code: 'custom', path: ['to'], message: `Choose a period of at most ${maxPeriodDays} days` });
});
export type StoreFiguresQuery = z.infer<typeof storeFiguresQuerySchema>;

const count = z.number().int().min(0);
const share = z.number().min(0).nullable();

/** A store's figures at a glance over a period: what the comparison lines up and the dashboard heads its page with. */
export const storeHeadlineSchema = z.object({
  /** Visits checked in. */
  carCount: count,
  /** Visits booked for the period's days, canceled ones included; the no-shows and cancellations among them. */
  booked: count,
  noShows: count,
  cancellations: count,
  /** Every active column together: minutes booked against minutes open; null when never open. */
  bays: z.object({ bookedMinutes: count, openMinutes: count, utilisation: share }),
  /** Inspection findings the customers answered; null when none did. */
  inspections: z.object({ approved: count, declined: count, approvalRate: share }),
  /** Customers' messages answered, and the average minutes to the store's first reply; null when none were. */
  replies: z.object({ answered: count, unanswered: count, averageMinutes: share }),
  ratings: z.object({ count, average: z.number().min(0).max(5).nullable() }),
  /** Quotes saved in the period, those sent to the customer (a message carried the link) and those booked as a visit. */
  tireQuotes: z.object({ saved: count, sent: count, booked: count }),
});
export type StoreHeadline = z.infer<typeof storeHeadlineSchema>;

export const comparedStoreSchema = z.object({
  storeId: z.number().int(),
  storeNumber: z.number().int(),
  name: z.string(),
  figures: storeHeadlineSchema,
});
export type ComparedStore = z.infer<typeof comparedStoreSchema>;

export const storeComparisonSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** The instant the figures were worked out at (a no-show is a confirmed visit whose day had ended by then). */
  computedAt: z.iso.datetime({ offset: true }),
  stores: z.array(comparedStoreSchema).max(maxComparedStores),
  /** Every store compared would list: more than `stores` holds when the company has more than maxComparedStores. */
  totalStores: count,
});
export type StoreComparison = z.infer<typeof storeComparisonSchema>;
