import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { appointmentsEnabledFields, isOpenFields, weekdayHoursFields } from '../../../src/contract/store-week.ts';
import type { SlotRows, SlotStore } from '../../../src/domain/scheduler/free-slots.ts';
import type { Database } from '../../db/schema.ts';

const dayMs = 86_400_000;
/** How far back a booking or block may start and still reach into the asked days (none lasts longer). */
const longestEntryMs = dayMs;

const slotStoreFields = [
  'timeZone',
  'calendarInterval',
  'onlineAppointmentsEnabled',
  ...appointmentsEnabledFields,
  ...isOpenFields,
  ...weekdayHoursFields.flatMap((d) => [d.open, d.close]),
] as const;

/** The store settings free appointment times follow, or undefined for no such store. */
export function readSlotStore(db: Kysely<Database>, storeId: number): Promise<SlotStore | undefined> {
  return db.selectFrom('storeLocations').select(slotStoreFields).where('id', '=', storeId).where('deleted', '=', false).executeTakeFirst();
}

/** A query's rows as one JSON array, keyed as written: one value to carry instead of thousands of rows to decode. */
function jsonRows<O extends Record<string, Expression<unknown>>>(row: O) {
  const built = jsonBuildObject(row);
  return sql<(typeof built extends RawBuilder<infer R> ? R : never)[]>`coalesce(json_agg(${built}), '[]')`;
}

/**
 * The rows free appointment times follow (src/domain/scheduler/free-slots.ts), for one store and the instants [from, to):
 * what the booking call reads before it offers or re-checks a time, by the store's calendar-window indexes.
 * One statement answers with every table as a JSON array (a busy store's fortnight is some 3,000 bookings, and
 * decoding them row by row cost more than finding them); canceled visits are left out there, so `visits` is empty.
 */
export async function readSlotRows(
  db: Kysely<Database>,
  scope: { companyId: number; storeId: number },
  range: { from: string; to: string },
): Promise<SlotRows> {
  const { companyId, storeId } = scope;
  const earliest = new Date(Date.parse(range.from) - longestEntryMs).toISOString();
  const [fromDate, toDate] = [range.from.slice(0, 10), new Date(Date.parse(range.to) + dayMs).toISOString().slice(0, 10)];
  const rows = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('specialStoreHours')
        .select((r) => jsonRows({ date: r.ref('date'), isClosed: r.ref('isClosed'), openTime: r.ref('openTime'), closeTime: r.ref('closeTime') }).as('rows'))
        .where('companyId', '=', companyId)
        .where('storeLocationId', '=', storeId)
        .where('deleted', '=', false)
        .where('date', '>=', new Date(Date.parse(range.from) - dayMs).toISOString().slice(0, 10))
        .where('date', '<=', toDate)
        .$asScalar()
        .as('specialStoreHours'),
      eb
        .selectFrom('schedulerResources')
        .select((r) => jsonRows({ schedulerResourceId: r.ref('schedulerResourceId'), isActive: r.ref('isActive'), sortOrder: r.ref('sortOrder') }).as('rows'))
        .where('companyId', '=', companyId)
        .where('storeId', '=', storeId)
        .where('deleted', '=', false)
        .$asScalar()
        .as('resources'),
      eb
        .selectFrom('schedulerResourceServices')
        .select((r) => jsonRows({ schedulerResourceId: r.ref('schedulerResourceId'), storeServiceId: r.ref('storeServiceId') }).as('rows'))
        .where('companyId', '=', companyId)
        .where('storeId', '=', storeId)
        .where('deleted', '=', false)
        .$asScalar()
        .as('resourceServices'),
      eb
        .selectFrom('scheduledServices')
        .select((r) =>
          jsonRows({
            scheduledVisitId: r.ref('scheduledVisitId'),
            resourceId: r.ref('resourceId'),
            startDate: r.ref('startDate'),
            endDate: r.ref('endDate'),
            durationInMinutes: r.ref('durationInMinutes'),
          }).as('rows'),
        )
        .where('companyId', '=', companyId)
        .where('storeId', '=', storeId)
        .where('deleted', '=', false)
        .where('startDate', '>=', earliest)
        .where('startDate', '<', range.to)
        // By the store's canceled visits (migration 0047): a handful, where a lookup per service would be thousands.
        .where((w) =>
          w.not(
            w.exists(
              w
                .selectFrom('scheduledVisits')
                .select(sql.lit(1).as('one'))
                .whereRef('scheduledVisits.scheduledVisitId', '=', 'scheduledServices.scheduledVisitId')
                .where('scheduledVisits.storeId', '=', storeId)
                .where('scheduledVisits.cancelDate', 'is not', null),
            ),
          ),
        )
        .$asScalar()
        .as('scheduledServices'),
      eb
        .selectFrom('unconfirmedVisits')
        .select((r) =>
          jsonRows({
            storeServiceId: r.ref('storeServiceId'),
            requestedStartDate: r.ref('requestedStartDate'),
            confirmedVisitId: r.ref('confirmedVisitId'),
            declinedOn: r.ref('declinedOn'),
          }).as('rows'),
        )
        .where('companyId', '=', companyId)
        .where('storeId', '=', storeId)
        .where('deleted', '=', false)
        // A booking-page request holds its bays with an unconfirmed visit, counted with the bookings.
        .where('confirmedVisitId', 'is', null)
        .where('declinedOn', 'is', null)
        .where('scheduledVisitId', 'is', null)
        .where('requestedStartDate', '>=', earliest)
        .where('requestedStartDate', '<', range.to)
        .$asScalar()
        .as('requests'),
      eb
        .selectFrom('storeServices')
        .select((r) => jsonRows({ storeServiceId: r.ref('storeServiceId'), durationInMinutes: r.ref('durationInMinutes') }).as('rows'))
        .where('companyId', '=', companyId)
        .where('storeId', '=', storeId)
        .where('deleted', '=', false)
        .$asScalar()
        .as('storeServices'),
      eb
        .selectFrom('blockedTimes')
        .select((r) => jsonRows({ resourceId: r.ref('resourceId'), startDate: r.ref('startDate'), endDate: r.ref('endDate') }).as('rows'))
        .where('companyId', '=', companyId)
        .where('storeId', '=', storeId)
        .where('deleted', '=', false)
        .where('startDate', '>=', earliest)
        .where('startDate', '<', range.to)
        .$asScalar()
        .as('blockedTimes'),
      eb
        .selectFrom('recurringBlockedTimes')
        .select((r) =>
          jsonRows({
            resourceId: r.ref('resourceId'),
            startDate: r.ref('startDate'),
            timeOfDay: r.ref('timeOfDay'),
            durationInMinutes: r.ref('durationInMinutes'),
            recurrenceEndDate: r.ref('recurrenceEndDate'),
          }).as('rows'),
        )
        .where('companyId', '=', companyId)
        .where('storeId', '=', storeId)
        .where('deleted', '=', false)
        .where('startDate', '<=', toDate)
        .where((w) => w.or([w('recurrenceEndDate', 'is', null), w('recurrenceEndDate', '>=', fromDate)]))
        .$asScalar()
        .as('recurringBlockedTimes'),
    ])
    .executeTakeFirstOrThrow();
  return { ...rows, visits: [] };
}
