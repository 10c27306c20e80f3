import { Alert, List, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { Temporal } from 'temporal-polyfill';
import { storeFormatters } from '../../app/store-time.ts';
import type { Customer, ScheduledService, ScheduledVisit } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { displayName } from '../../domain/people/display-name.ts';
import type { Booking } from '../../domain/store/store-hours.ts';
import { instantToWallClock, storeTimeZone, wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { isVisitOpen } from '../../domain/scheduler/visit-rules.ts';

/**
 * The store's appointments from today on that are still to come (not canceled, not picked up), at the store's
 * wall clock: what a change of hours is checked against.
 */
export function useUpcomingBookings(store: StoreLocation): Booking[] | undefined {
  return useLiveQuery(async () => {
    const zone = storeTimeZone(store.timeZone);
    const db = replicaOf(store.id);
    const today = wallClockIsoToInstant(`${Temporal.Now.plainDateISO(zone).toString()}T00:00:00`, zone);
    const services = await db.rows<ScheduledService>('scheduledServices').where('startDate').aboveOrEqual(today).toArray();
    const visits = new Map(
      (await db.rows<ScheduledVisit>('scheduledVisits').bulkGet([...new Set(services.map((s) => s.scheduledVisitId))])).flatMap((v) =>
        v && isVisitOpen(v) ? [[v.scheduledVisitId, v] as const] : [],
      ),
    );
    const customerIds = [...new Set([...visits.values()].flatMap((v) => (v.customerId ? [v.customerId] : [])))];
    const customers = new Map((await db.rows<Customer>('customers').bulkGet(customerIds)).flatMap((c) => (c ? [[c.customerId, c] as const] : [])));
    return services.flatMap((s): Booking[] => {
      const visit = visits.get(s.scheduledVisitId);
      if (!visit) return [];
      const customer = visit.customerId ? customers.get(visit.customerId) : undefined;
      return [
        {
          startDate: instantToWallClock(s.startDate, zone),
          endDate: instantToWallClock(s.endDate, zone),
          name: (customer && displayName(customer)) || 'An appointment',
        },
      ];
    });
  }, [store.id, store.timeZone]);
}

const shown = 5;

/** A warning, before saving, of the appointments the new hours leave outside them: saving keeps them. */
export function LeftOutsideWarning({ store, bookings }: { store: StoreLocation; bookings: readonly Booking[] }) {
  if (bookings.length === 0) return null;
  const formats = storeFormatters(store);
  const at = (wall: string) => formats.dateTime(wallClockIsoToInstant(wall, formats.timeZone));
  const one = bookings.length === 1;
  return (
    <Alert color="yellow" title={`${bookings.length} booked ${one ? 'appointment falls' : 'appointments fall'} outside these hours`} role="status">
      <List size="sm" spacing={2}>
        {bookings.slice(0, shown).map((b) => (
          <List.Item key={`${b.startDate}|${b.name}`}>
            {at(b.startDate)} · {b.name}
          </List.Item>
        ))}
      </List>
      {bookings.length > shown && <Text size="sm">and {bookings.length - shown} more</Text>}
      <Text size="sm" mt={4}>
        Saving keeps {one ? 'it' : 'them'} on the calendar: call the {one ? 'customer' : 'customers'} to move {one ? 'it' : 'them'}.
      </Text>
    </Alert>
  );
}
