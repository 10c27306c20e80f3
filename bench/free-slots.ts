import { performance } from 'node:perf_hooks';
import type { Db } from '../server/db/connect.ts';
import { readSlotRows, readSlotStore } from '../server/modules/booking/slot-rows.ts';
import { freeSlots } from '../src/domain/scheduler/free-slots.ts';

const dayMs = 86_400_000;

/**
 * Free appointment times for the next 14 days of the big store, as the booking call works them out on the server:
 * its rows read and the times computed, against a plain read of the same rows (issue 30: p95 ≤ 50 ms).
 */
export async function freeSlotBench(
  db: Db,
  storeId: number,
  runs = 40,
): Promise<{ total: number[]; read: number[]; entriesPerDay: number; resources: number; times: number }> {
  const store = (await readSlotStore(db, storeId))!;
  const { companyId } = await db.selectFrom('storeLocations').select('companyId').where('id', '=', storeId).executeTakeFirstOrThrow();
  const { storeServiceId } = await db
    .selectFrom('schedulerResourceServices')
    .select('storeServiceId')
    .where('storeId', '=', storeId)
    .groupBy('storeServiceId')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .executeTakeFirstOrThrow();
  const service = await db
    .selectFrom('storeServices')
    .select(['storeServiceId', 'durationInMinutes'])
    .where('storeServiceId', '=', storeServiceId)
    .executeTakeFirstOrThrow();
  const now = new Date();
  const range = { from: now.toISOString(), to: new Date(now.getTime() + 15 * dayMs).toISOString() };
  const ask = { services: [service], checkOutMethod: 'Waiting' as const, now, leadMinutes: 120, horizonDays: 14, dailyCapMinutes: null };
  const once = async () => {
    const started = performance.now();
    const rows = await readSlotRows(db, { companyId, storeId }, range);
    const days = freeSlots(store, rows, ask);
    return { ms: performance.now() - started, rows, days };
  };
  const plainRead = async () => {
    const started = performance.now();
    await readSlotRows(db, { companyId, storeId }, range);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) {
    await once();
    await plainRead();
  }
  const total: number[] = [];
  const read: number[] = [];
  let last: Awaited<ReturnType<typeof once>> | null = null;
  for (let i = 0; i < runs; i++) {
    last = await once();
    total.push(last.ms);
    read.push(await plainRead());
  }
  return {
    total,
    read,
    entriesPerDay: Math.round(last!.rows.scheduledServices.length / 15),
    resources: last!.rows.resources.length,
    times: last!.days.reduce((n, d) => n + d.slots.length, 0),
  };
}
