import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { deviceHeader, outboxBacklogHeader } from '../../../src/contract/routes.ts';
import { sql } from 'kysely';
import { devicesPerPersonAndStore, maxReportedBacklog } from '../../../src/contract/platform-health.ts';
import type { Db } from '../../db/connect.ts';
import { transact } from '../../db/transaction-guard.ts';

/** What a device says of itself when it pulls: its id, its waiting changes and its browser. */
export interface DeviceReport {
  deviceId: string;
  outboxBacklog: number;
  userAgent: string | null;
}

/** Enough of a user agent to tell a phone from a laptop and one browser from another. */
const maxUserAgentChars = 200;
const reportSchema = z.object({
  deviceId: z.uuid(),
  outboxBacklog: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

/**
 * The device's report from a pull's headers, or null when it sent none or an unreadable one: an app from before
 * devices reported sends none, and a pull is never refused over what is only a report.
 */
export function deviceReportOf(headers: IncomingHttpHeaders): DeviceReport | null {
  const parsed = reportSchema.safeParse({ deviceId: headers[deviceHeader.toLowerCase()], outboxBacklog: headers[outboxBacklogHeader.toLowerCase()] });
  if (!parsed.success) return null;
  const userAgent = headers['user-agent']?.slice(0, maxUserAgentChars) || null;
  return { ...parsed.data, userAgent };
}

/**
 * Keeps the device's latest report at the store: one row per device and store, for the person and sign-in it last
 * pulled for. What one person can add is bounded (issue 46 item 26): a sign-in reports one device at a store (a new
 * id from it replaces the last), a person keeps the devices that pulled last (devicesPerPersonAndStore), and a
 * backlog counts up to maxReportedBacklog. A token without a sign-in (issued before reports were tied to one)
 * keeps nothing. One person's reports at one store are written one at a time, so the bounds hold under races.
 */
export async function recordDevice(
  db: Db,
  report: DeviceReport,
  at: { userId: string; signIn: string | null; companyId: number; storeId: number; now: Date },
): Promise<void> {
  const { signIn } = at;
  if (signIn === null) return;
  const row = {
    userId: at.userId,
    companyId: at.companyId,
    storeId: at.storeId,
    outboxBacklog: Math.min(report.outboxBacklog, maxReportedBacklog),
    lastSyncAt: at.now.toISOString(),
    userAgent: report.userAgent,
    signIn,
  };
  await transact(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('device-report'), hashtext(${`${at.userId}/${at.storeId}`}))`.execute(trx);
    await trx.deleteFrom('devices').where('storeId', '=', at.storeId).where('signIn', '=', signIn).where('deviceId', '<>', report.deviceId).execute();
    await trx
      .insertInto('devices')
      .values({ deviceId: report.deviceId, ...row })
      .onConflict((oc) => oc.columns(['deviceId', 'storeId']).doUpdateSet(row))
      .execute();
    const kept = trx
      .selectFrom('devices')
      .select('deviceId')
      .where('userId', '=', at.userId)
      .where('storeId', '=', at.storeId)
      .orderBy('lastSyncAt', 'desc')
      .orderBy('deviceId')
      .limit(devicesPerPersonAndStore);
    await trx.deleteFrom('devices').where('userId', '=', at.userId).where('storeId', '=', at.storeId).where('deviceId', 'not in', kept).execute();
  });
}
