import { z } from 'zod';
import { inventorySummarySchema, specialStoreHoursSchema, timeOfDay } from './entities.ts';
import { isOpenFields, weekdayHoursFields } from './store-week.ts';

/**
 * A store of the company as a transfer from or to it needs it (GET /api/logistics/stores, ours, issue 46): its
 * number and name, its clock, its week and its special days ahead. What a counter person may know of every store
 * of their company: never its customers, settings or keys.
 */
export const transferStoreSchema = z.object({
  storeId: z.number().int(),
  storeNumber: z.number().int(),
  name: z.string(),
  /** The store's Windows time-zone name (spec section 3). */
  timeZone: z.string().nullable(),
  ...(Object.fromEntries(isOpenFields.map((f) => [f, z.boolean()])) as Record<(typeof isOpenFields)[number], z.ZodBoolean>),
  ...(Object.fromEntries(
    weekdayHoursFields.flatMap((d) => [
      [d.open, timeOfDay],
      [d.close, timeOfDay],
    ]),
  ) as Record<(typeof weekdayHoursFields)[number]['open' | 'close'], typeof timeOfDay>),
  /** Its special days from yesterday (in any zone) to `transferStoreDaysAhead` ahead. */
  specialDays: z.array(specialStoreHoursSchema.pick({ date: true, isClosed: true, openTime: true, closeTime: true })),
});
export type TransferStoreRow = z.infer<typeof transferStoreSchema>;

/** How far ahead a store's special days are sent: beyond the transfer rule's horizon from any day it starts. */
export const transferStoreDaysAhead = 45;

/** A store's stock of a tire, as GET /api/logistics/summary answers it for every store of the company. */
export const storeStockSchema = inventorySummarySchema.extend({ storeId: z.number().int() });
export type StoreStock = z.infer<typeof storeStockSchema>;

/** Every store's stock of a tire, and the stores that have some (and this one) as a transfer between them needs them. */
export interface StockElsewhere {
  stock: StoreStock[];
  stores: TransferStoreRow[];
}
