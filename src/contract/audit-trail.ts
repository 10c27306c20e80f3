import { z } from 'zod';
import { jsonPatchSchema } from './user.ts';

/** What a change did to a row: made it, changed fields of it, left its tombstone, or brought it back. */
export const auditActions = ['create', 'patch', 'delete', 'restore'] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * One change of a row as the write path recorded it in the change's own transaction (issue 51, "Audit trail").
 * `patch` is a JSON patch (RFC 6902) of the row's fields: a create adds each field; a patch tests each changed
 * field for its value before, then replaces it; a delete tests every field for its value before, then removes
 * the row (path ""). Fields the reader may not see of the row (contact details) have null values.
 */
export const auditRecordSchema = z.object({
  auditRecordId: z.number().int(),
  collection: z.string(),
  key: z.string(),
  action: z.enum(auditActions),
  /** A person's change (null: the system's, a job's or a customer's page). */
  changedBy: z.string().nullable(),
  /** Whose change the system made, when it acted for a person (a queued message sent for its author). */
  onBehalfOf: z.string().nullable(),
  /** The person's name, or what the system's writer is called ("Automatic messages"), as it was then. */
  changedByName: z.string().nullable(),
  /** The device the change came from, when the request said (X-AllTrac-Device). */
  deviceId: z.string().nullable(),
  /** The server's time of the change. */
  recordedAt: z.iso.datetime({ offset: true }),
  /** When the person did it by their device (Occurred-At, bounded as actionTime bounds it); null when not said. */
  actedAt: z.iso.datetime({ offset: true }).nullable(),
  patch: jsonPatchSchema,
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** `GET /api/alltrac/history/{collection}/{key}`: a row's changes, oldest first. */
export const rowHistorySchema = z.object({
  collection: z.string(),
  key: z.string(),
  records: z.array(auditRecordSchema),
});
export type RowHistory = z.infer<typeof rowHistorySchema>;
