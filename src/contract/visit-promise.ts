import { z } from 'zod';

/**
 * A visit's promise history (issue 48): each ready-by time it was given, the one before, who gave it, when and
 * why. Made by the server when a write changes a visit's `pickUpTime`; never changed after. Not replicated yet.
 */
export const visitPromiseSchema = z.object({
  visitPromiseId: z.uuid(),
  scheduledVisitId: z.uuid(),
  /** The promise given; null when the visit's promise was taken away. */
  pickUpTime: z.iso.datetime({ offset: true }).nullable(),
  previousPickUpTime: z.iso.datetime({ offset: true }).nullable(),
  /** Who gave it (null: the system); their name as it was then. */
  movedBy: z.string().nullable(),
  movedByName: z.string().nullable(),
  movedAt: z.iso.datetime({ offset: true }),
  reason: z.string().max(500).nullable(),
});
export type VisitPromise = z.infer<typeof visitPromiseSchema>;

/** The counter gives a visit a new promise, with why (one action: `POST …/promises`). */
export const movePromiseSchema = z
  .object({
    pickUpTime: z.iso.datetime({ offset: true }).nullable(),
    reason: z.string().trim().max(500, 'Say why in 500 characters or fewer').nullable().default(null),
    /** When the counter moved it, by its device (kept when plausible, as a milestone's). */
    at: z.iso.datetime({ offset: true }).optional(),
    /**
     * Tell the customer in the same write (promise-update.ts's words, by text or email under their consent and the
     * store's message limits): when the update cannot go, nothing is stored and the move is refused.
     */
    tellCustomer: z.boolean().default(false),
  })
  .strict()
  .refine((move) => !move.tellCustomer || move.pickUpTime !== null, {
    message: 'Give the new ready-by time to tell the customer',
    path: ['pickUpTime'],
  });
export type MovePromise = z.input<typeof movePromiseSchema>;
