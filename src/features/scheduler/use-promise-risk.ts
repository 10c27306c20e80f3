import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useMinute } from '../../app/use-minute.ts';
import type { ScheduledService, ScheduledVisit } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { floorTables, readFloorRows, type FloorReplicaRows } from '../../db/floor-rows.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { storeTimeZone } from '../../domain/calendar/time-zone.ts';
import { proposedPickUpTime, visitsAtRisk, type VisitAtRisk } from '../../domain/scheduler/promise.ts';
import { storeDayAt } from '../../domain/store/store-day.ts';

/** The floor's rows of the store's today from the replica, read again on every change of them (and when the day turns). */
function useFloorRows(store: StoreLocation, minute: number): FloorReplicaRows | undefined {
  const timeZone = storeTimeZone(store.timeZone);
  const date = storeDayAt(new Date(minute), timeZone).date;
  return useLiveQuery(() => {
    const db = replicaOf(store.id);
    return db.transaction(
      'r',
      floorTables.map((name) => db.collection(name)),
      () => readFloorRows(db, new Date(), timeZone),
    );
  }, [store.id, timeZone, date]);
}

/**
 * The store's visits whose promise is at risk now, by visit id (the calendar marks their entries), from the
 * replica: placed again on every change of the floor's rows and each minute.
 */
export function useVisitsAtRisk(store: StoreLocation): ReadonlyMap<string, VisitAtRisk> {
  const minute = useMinute();
  const rows = useFloorRows(store, minute);
  return useMemo(() => new Map(rows ? visitsAtRisk(store, rows, new Date(minute)).map((r) => [r.scheduledVisitId, r]) : []), [rows, store, minute]);
}

/**
 * The earliest honest ready-by time for a visit as its services stand on the floor now (the promise rule's
 * proposal), or undefined while the floor is read; null when the store has no open time for it in two weeks.
 */
export function useProposedPickUpTime(store: StoreLocation, visit: ScheduledVisit, services: readonly ScheduledService[]): string | null | undefined {
  const minute = useMinute();
  const rows = useFloorRows(store, minute);
  return useMemo(() => (rows ? proposedPickUpTime(store, rows, { visit, services }, new Date(minute)) : undefined), [rows, store, visit, services, minute]);
}
