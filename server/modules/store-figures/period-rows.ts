import type { DayRange } from '../../../src/domain/scheduler/scheduler-events.ts';
import { periodWindow, type PeriodRows } from '../../../src/domain/store/store-headline.ts';
import type { Db } from '../../db/connect.ts';

/**
 * A store's rows of a period, by the windows a device reads its replica with (periodWindow), so the comparison
 * and the store's own dashboard agree. The rows come out of the database in the contract's shapes (camelCase by
 * Kysely's plugin, ISO instants and YYYY-MM-DD dates by the drivers' parsers: server/db/connect.ts), which the
 * domain's functions take as they are; tombstones are left out, as a device deletes them. The visits booked from
 * the period's quotes, whatever their day, are found among the quotes' customers' visits (by the customer index).
 */
export async function readPeriodRows(db: Db, companyId: number, storeId: number, range: DayRange): Promise<PeriodRows> {
  const window = periodWindow(range);
  const serviceWindow = db
    .selectFrom('scheduledServices')
    .where('companyId', '=', companyId)
    .where('storeId', '=', storeId)
    .where('deleted', '=', false)
    .where('startDate', '>=', window.servicesFrom)
    .where('startDate', '<', window.servicesTo);
  const [store, services, visits, resources, blockedTimes, recurringBlockedTimes, specialHours, messages, ratings, quotes] = await Promise.all([
    db.selectFrom('storeLocations').selectAll().where('id', '=', storeId).executeTakeFirstOrThrow(),
    serviceWindow.selectAll().execute(),
    db
      .selectFrom('scheduledVisits')
      .selectAll()
      .where('companyId', '=', companyId)
      .where('storeId', '=', storeId)
      .where('deleted', '=', false)
      .where('scheduledVisitId', 'in', serviceWindow.select('scheduledVisitId'))
      .execute(),
    db.selectFrom('schedulerResources').selectAll().where('companyId', '=', companyId).where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    db
      .selectFrom('blockedTimes')
      .selectAll()
      .where('companyId', '=', companyId)
      .where('storeId', '=', storeId)
      .where('deleted', '=', false)
      .where('startDate', '>=', window.servicesFrom)
      .where('startDate', '<', window.to)
      .execute(),
    db.selectFrom('recurringBlockedTimes').selectAll().where('companyId', '=', companyId).where('storeId', '=', storeId).where('deleted', '=', false).execute(),
    db
      .selectFrom('specialStoreHours')
      .selectAll()
      .where('companyId', '=', companyId)
      .where('storeLocationId', '=', storeId)
      .where('deleted', '=', false)
      .where('date', '>=', range.from)
      .where('date', '<', range.to)
      .execute(),
    db
      .selectFrom('storeMessages')
      .selectAll()
      .where('companyId', '=', companyId)
      .where('storeId', '=', storeId)
      .where('deleted', '=', false)
      .where('sentOn', '>=', window.messagesFrom)
      .where('sentOn', '<', window.messagesTo)
      .execute(),
    db
      .selectFrom('ratings')
      .select(['score', 'visitDate'])
      .where('companyId', '=', companyId)
      .where('storeId', '=', storeId)
      .where('deleted', '=', false)
      .where('visitDate', '>=', window.from)
      .where('visitDate', '<', window.to)
      .execute(),
    db
      .selectFrom('tireQuotes')
      .select(['tireQuoteId', 'tireQuoteHashId', 'customerId', 'createdOn'])
      .where('companyId', '=', companyId)
      .where('storeId', '=', storeId)
      .where('deleted', '=', false)
      .where('createdOn', '>=', range.from)
      .where('createdOn', '<', range.to)
      .execute(),
  ]);
  const reportIds = visits.flatMap((v) => (v.inspectionReportId ? [v.inspectionReportId] : []));
  const customerIds = [...new Set(quotes.map((q) => q.customerId))];
  const [items, quoteVisits] = await Promise.all([
    reportIds.length === 0
      ? []
      : db
          .selectFrom('inspectionItems')
          .select(['customerDecision', 'decidedAt'])
          .where('companyId', '=', companyId)
          .where('storeId', '=', storeId)
          .where('deleted', '=', false)
          .where('inspectionReportId', 'in', reportIds)
          .where('decidedAt', 'is not', null)
          .execute(),
    customerIds.length === 0
      ? []
      : db
          .selectFrom('scheduledVisits')
          .select(['tireQuoteId', 'cancelDate'])
          .where('companyId', '=', companyId)
          .where('storeId', '=', storeId)
          .where('deleted', '=', false)
          .where('customerId', 'in', customerIds)
          .where('tireQuoteId', 'is not', null)
          .execute(),
  ]);
  return { hours: store, specialHours, services, visits, resources, blockedTimes, recurringBlockedTimes, items, messages, ratings, quotes, quoteVisits };
}
