import { z } from 'zod';

/**
 * The tires a visit fits (issue 26: "technicians see a visit's tires"), one row per tire: what it is (the
 * catalogue's tire when it is one, and the words the counter quoted it by) and, once the bay has read it off the
 * sidewall, its DOT code (src/domain/tires/tire-dot.ts), kept for the maker's recalls and the customer's registration.
 * The counter adds them when it books the install of a quoted option; the bay records each DOT code. No price:
 * the bay sees these rows whole.
 */
export const visitTireSchema = z.object({
  visitTireId: z.uuid(),
  scheduledVisitId: z.uuid(),
  /** The catalogue's tire (its brand, line and size are read from the catalogue), or none for a tire typed by hand. */
  tireId: z.uuid().nullable(),
  /** As quoted: brand, line and size. */
  description: z.string().trim().min(1, 'Describe the tire, e.g. its brand, line and size').max(200),
  /** Its place in the set as booked (front sizes before rear), from 0: the order the bay lists the tires in. */
  position: z.number().int().min(0).max(7),
  /** "DOT " and the code's symbols without spaces, as parseDot stores it (shown in its groups by showDot); null until the bay reads it. */
  dotCode: z
    .string()
    .regex(/^DOT [A-Z0-9]{8,13}$/, 'Type the DOT code as on the sidewall, e.g. DOT 4B3 N5 9K7R 0124')
    .nullable(),
  dotRecordedAt: z.iso.datetime({ offset: true }).nullable(),
  dotRecordedBy: z.string().max(200).nullable(),
});
export type VisitTire = z.infer<typeof visitTireSchema>;

/** POST /api/alltrac/scheduled-visits/{scheduledVisitId}/tires: the tires of a visit, made by the counter's device. */
export const addVisitTiresSchema = z
  .object({
    tires: z
      .array(visitTireSchema.pick({ visitTireId: true, tireId: true, description: true, position: true }).strict())
      .min(1, 'Add at least one tire')
      .max(8, 'A visit fits at most 8 tires'),
  })
  .strict();
export type AddVisitTires = z.infer<typeof addVisitTiresSchema>;

/** PUT /api/alltrac/visit-tires/{visitTireId}/dot: the code as typed (the server reads it by parseDot), or null to clear it. */
export const recordDotSchema = z
  .object({
    dotCode: z.string().max(40).nullable(),
    /** Copying one tire's code to the set: a tire that has a code keeps it. */
    onlyIfNone: z.boolean().optional(),
  })
  .strict();
export type RecordDot = z.infer<typeof recordDotSchema>;
