import type { ScheduledVisit } from '../contract/entities.ts';
import type { CollectionName } from '../contract/sync.ts';
import { customerSearchTokens, vehicleSearchTokens, type SearchableCustomer, type SearchableVehicle } from '../domain/people/customer-search.ts';
import { isDone } from '../domain/messages/quick-reply.ts';
import { isVisitOpen } from '../domain/scheduler/visit-rules.ts';
import type { Row } from './store-db.ts';

/**
 * Sets a field the device indexes only on the rows it marks, and takes it off the others: IndexedDB leaves a row
 * without the field out of the index, so counting or reading the marked rows never touches the rest.
 */
function mark(row: Row, field: string, value: string | number | null | undefined | false) {
  if (value === null || value === undefined || value === false) delete row[field];
  else row[field] = value;
}

/**
 * Fields the device adds to rows it stores, for its own indexes: never sent to the server. Customers and
 * vehicles carry their search tokens (src/domain/people/customer-search.ts), so the counter's search is a few
 * IndexedDB index lookups, offline too. Incoming messages still to answer, unread ratings and notifications, and
 * visits whose car is still in the store's hands are marked, so the badges and home count and read those few
 * alone, not a store's years of messages, ratings, notifications and visits.
 */
export function withDerivedFields(collection: CollectionName, row: Row): Row {
  if (collection === 'customers') row.searchTokens = customerSearchTokens(row as unknown as SearchableCustomer);
  else if (collection === 'customerVehicles') row.searchTokens = vehicleSearchTokens(row as unknown as SearchableVehicle);
  else if (collection === 'storeMessages')
    mark(row, 'awaitingReply', row.messageDirection === 'Inbound' && !isDone(row as { isArchived: boolean; repliedToByUserId: string | null }) && 1);
  else if (collection === 'ratings') mark(row, 'unread', row.isRead === false && 1);
  else if (collection === 'userNotifications') mark(row, 'unread', row.dateMarkedRead === null && 1);
  else if (collection === 'scheduledVisits') mark(row, 'inHandSince', inHandSince(row));
  return row;
}

/** When the store took the car (checked in, or marked ready without a check-in), while it has not left nor been canceled. */
function inHandSince(visit: Row): string | null {
  if (!isVisitOpen(visit as Pick<ScheduledVisit, 'cancelDate' | 'checkOutDate'>)) return null;
  const since = visit.checkInDate ?? visit.readyForPickupDate;
  return typeof since === 'string' ? since : null;
}

/**
 * A visit's mark for the reads of a period (visits-by-service-start.ts): set by those reads, not by the write path,
 * as it comes from the visit's services, not its own row.
 */
export const serviceStartField = 'serviceStart';

/** Fields of the device only: left out of what is compared or sent. */
export const deviceOnlyFields = new Set(['searchTokens', 'awaitingReply', 'unread', 'inHandSince', serviceStartField]);
