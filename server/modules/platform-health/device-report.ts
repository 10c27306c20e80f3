import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { deviceHeader, outboxBacklogHeader } from '../../../src/contract/routes.ts';
import type { Db } from '../../db/connect.ts';

/** What a device says of itself when it pulls: its id, its waiting changes and its browser. */
export interface DeviceReport {
  deviceId: string;
  outboxBacklog: number;
  userAgent: string | null;
}

/** Enough of a user agent to tell a phone from a laptop and one browser from another. */
const maxUserAgentChars = 200;
const reportSchema = z.object({ deviceId: z.uuid(), outboxBacklog: z.string().regex(/^\d{1,9}$/).transform(Number) });

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

/** Keeps the device's latest report at the store: one row per device and store, for the person it last pulled for. */
export async function recordDevice(db: Db, report: DeviceReport, at: { userId: string; companyId: number; storeId: number; now: Date }): Promise<void> {
  const row = { userId: at.userId, companyId: at.companyId, storeId: at.storeId, outboxBacklog: report.outboxBacklog, lastSyncAt: at.now.toISOString(), userAgent: report.userAgent };
  await db.insertInto('devices').values({ deviceId: report.deviceId, ...row })
    .onConflict((oc) => oc.columns(['deviceId', 'storeId']).doUpdateSet(row)).execute();
}
