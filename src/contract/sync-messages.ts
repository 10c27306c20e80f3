import { z } from 'zod';

/** The change feed's messages (GET /api/sync/changes), read by the sync worker and the server; the shell never parses them. */
export const syncChangeSchema = z.object({
  /** A collection this version of the app may not know yet (a newer server): such rows are skipped, not fatal. */
  collection: z.string(),
  key: z.string(),
  version: z.number().int(),
  deleted: z.boolean(),
  /**
   * The row as the contract shapes it (with storeId); for a deleted row, its key fields at least. Checked only
   * as an object: a first sync reads hundreds of thousands of rows, and checking each field costs real time.
   */
  value: z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'A row must be an object'),
});
export type SyncChange = z.infer<typeof syncChangeSchema>;

export const syncChangesResponseSchema = z.object({
  changes: z.array(syncChangeSchema),
  /** Pass as `since` for the next page; the highest version in this page, or `since` when empty. */
  cursor: z.number().int(),
  hasMore: z.boolean(),
  /** Changes a first sync receives (tombstones too), given on the first page (since=0) for a progress bar. */
  total: z.number().int().optional(),
  /** Changes when the server's data is reset; a replica of another epoch is stale and re-syncs from 0. */
  epoch: z.string(),
});
export type SyncChangesResponse = z.infer<typeof syncChangesResponseSchema>;

export const syncQuerySchema = z.object({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  /** true: only what the day needs first (today's and this week's calendar, open messages, resources, services). */
  priority: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
