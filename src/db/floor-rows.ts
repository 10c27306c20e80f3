import type { ScheduledService, ScheduledVisit, SchedulerResource, SpecialStoreHours } from '../contract/entities.ts';
import type { FloorRows } from '../domain/scheduler/promise.ts';
import { isVisitOpen } from '../domain/scheduler/visit-rules.ts';
import { storeDayAt } from '../domain/store/store-day.ts';
import type { StoreDb } from './store-db.ts';

const dayMs = 86_400_000;
/** How far back the floor looks for cars still in the store's hands (as home does): older ones are records to tidy. */
export const floorLookBackDays = 14;

/** The tables `readFloorRows` reads, for a caller's own read transaction. */
export const floorTables = ['scheduledServices', 'scheduledVisits', 'schedulerResources', 'specialStoreHours'] as const;

export type FloorReplicaRows = FloorRows & { visits: ScheduledVisit[]; services: ScheduledService[] };

/**
 * The rows the promise rule places (src/domain/scheduler/promise.ts) as of `now`, each by an index: the services
 * of the store's today, the cars in its hands (by the mark the device keeps on them) and all their services, the
 * open visits of those, the columns and the special days. Tomorrow's work waits behind today's on every lane, so
 * it changes no promise of today and is not read.
 */
export async function readFloorRows(db: StoreDb, now: Date, timeZone: string): Promise<FloorReplicaRows> {
  const day = storeDayAt(now, timeZone);
  const iso = (ms: number) => new Date(ms).toISOString();
  const [todays, inHand, resources, specialStoreHours] = await Promise.all([
    db.rows<ScheduledService>('scheduledServices').where('startDate').between(iso(day.start), iso(day.end), true, false).toArray(),
    db
      .rows<ScheduledVisit>('scheduledVisits')
      .where('inHandSince')
      .aboveOrEqual(iso(now.getTime() - floorLookBackDays * dayMs))
      .toArray(),
    db.rows<SchedulerResource>('schedulerResources').toArray(),
    db.rows<SpecialStoreHours>('specialStoreHours').toArray(),
  ]);
  const inHandIds = new Set(inHand.map((v) => v.scheduledVisitId));
  const [others, inHandServices] = await Promise.all([
    db.rows<ScheduledVisit>('scheduledVisits').bulkGet([...new Set(todays.map((s) => s.scheduledVisitId))].filter((id) => !inHandIds.has(id))),
    db
      .rows<ScheduledService>('scheduledServices')
      .where('scheduledVisitId')
      .anyOf([...inHandIds])
      .toArray(),
  ]);
  const visits = [...inHand, ...others.filter((v): v is ScheduledVisit => v !== undefined)].filter(isVisitOpen);
  const open = new Set(visits.map((v) => v.scheduledVisitId));
  const services = new Map([...todays, ...inHandServices].filter((s) => open.has(s.scheduledVisitId)).map((s) => [s.scheduledServiceId, s]));
  return { services: [...services.values()], visits, resources, specialStoreHours };
}
