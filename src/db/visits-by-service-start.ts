import type { ScheduledService, ScheduledVisit } from '../contract/entities.ts';
import { serviceStartField } from './derived-fields.ts';
import type { StoreDb } from './store-db.ts';

/**
 * A period's visits in one range read instead of one read per visit (10,500 visits of a big store's month: 1.0–1.8 s
 * key by key in Chromium, a third of that as a range), by a device-only field: the start of one of the visit's
 * services, the first one in the last period read that held it. The field speeds the read up and never decides
 * it: the services decide which visits a period holds. A visit the index misses (a row the sync replaced without
 * the field, a service moved into the period, one running in from before it) is read by key and marked; a mark left
 * on a visit whose services left the period is taken off.
 */
type Marked = ScheduledVisit & { [serviceStartField]?: string };

/** A period's visits, and the marks to set (a start) or take off (null) for the next read (markServiceStarts). */
export interface VisitsOfServices {
  visits: ScheduledVisit[];
  marks: Map<string, string | null>;
}

/** The visits the index holds for a period [from, to): read beside the period's services, in their transaction. */
export function indexedVisits(db: StoreDb, from: string, to: string): Promise<Marked[]> {
  return db.rows<Marked>('scheduledVisits').where(serviceStartField).between(from, to, true, false).toArray();
}

/**
 * The visits of a period's services, in the order the services name them (the caller's read transaction), from
 * the visits the index gave for the same period and, for those it missed, by key.
 */
export async function visitsOfServices(db: StoreDb, services: ScheduledService[], indexed: Marked[]): Promise<VisitsOfServices> {
  const firstStarts = new Map<string, string>();
  for (const s of services) {
    const seen = firstStarts.get(s.scheduledVisitId);
    if (seen === undefined || s.startDate < seen) firstStarts.set(s.scheduledVisitId, s.startDate);
  }
  const marks = new Map<string, string | null>();
  const found = new Map<string, Marked>();
  for (const visit of indexed) {
    if (firstStarts.has(visit.scheduledVisitId)) found.set(visit.scheduledVisitId, visit);
    else marks.set(visit.scheduledVisitId, null);
  }
  const missing = [...firstStarts.keys()].filter((id) => !found.has(id));
  for (const visit of await db.rows<Marked>('scheduledVisits').bulkGet(missing)) {
    if (!visit) continue;
    found.set(visit.scheduledVisitId, visit);
    marks.set(visit.scheduledVisitId, firstStarts.get(visit.scheduledVisitId)!);
  }
  const visits = [...firstStarts.keys()].flatMap((id) => found.get(id) ?? []);
  return { visits, marks };
}

/** Visits written back per transaction: the sync's pages and the user's taps wait for none of them long. */
const markBatch = 500;

/**
 * Sets or takes off visits' marks, a batch at a time. Each visit is read again in the batch's write transaction, so
 * a newer copy the sync wrote since the period was read is kept, with only the mark changed; a visit already marked
 * so (by another tab's read) is not written again, as every write calls the watches' reads again.
 */
export async function markServiceStarts(db: StoreDb, marks: Map<string, string | null>): Promise<void> {
  const table = db.rows<Marked>('scheduledVisits');
  const ids = [...marks.keys()];
  for (let i = 0; i < ids.length; i += markBatch) {
    await db.transaction('rw', table, async () => {
      const changed = (await table.bulkGet(ids.slice(i, i + markBatch))).filter((row): row is Marked => {
        if (!row) return false;
        const mark = marks.get(row.scheduledVisitId)!;
        if ((row[serviceStartField] ?? null) === mark) return false;
        if (mark === null) delete row[serviceStartField];
        else row[serviceStartField] = mark;
        return true;
      });
      if (changed.length > 0) await table.bulkPut(changed);
    });
  }
}
