import { ProblemError } from '../http/problem.ts';
import { promiseUpdateRefusal, promiseUpdateRoute, promiseUpdateSubject, promiseUpdateText, workOrderLink } from '../../src/domain/scheduler/promise-update.ts';
import type { Writer } from '../sync/write-path.ts';
import { customerReach, queueToCustomer } from './visit-message.ts';

/**
 * Tells a visit's customer its promise moved (issue 48), inside the write that moves it: the words of
 * promise-update.ts, the way the customer may be reached (their preference, texting consent, STOP), spending the
 * sender's message budget. When it cannot go the whole write is refused (409 in words, or queueMessage's 429),
 * so no promise moves untold when telling was asked. A person's send, sent each time asked: no claim as the
 * automatic messages have.
 */
export async function queuePromiseUpdate(
  w: Writer,
  update: { scheduledVisitId: string; pickUpTime: string; previousPickUpTime: string | null; reason: string | null; publicUrl: string },
): Promise<string> {
  const storeId = w.scope.storeId!;
  const store = await w.trx
    .selectFrom('storeLocations')
    .select(['id', 'companyId', 'name', 'timeZone', 'twilioPhoneNumber'])
    .where('id', '=', storeId)
    .executeTakeFirstOrThrow();
  const visit = await w.trx
    .selectFrom('scheduledVisits')
    .select(['customerId', 'vehicleId', 'scheduledVisitHashId'])
    .where('scheduledVisitId', '=', update.scheduledVisitId)
    .executeTakeFirstOrThrow();
  const { customer, isStopped } = await customerReach(w, storeId, visit.customerId);
  const route = promiseUpdateRoute(customer, store, isStopped);
  if ('cannot' in route) throw new ProblemError('conflict', promiseUpdateRefusal(route.cannot));
  const vehicle = visit.vehicleId
    ? await w.trx.selectFrom('customerVehicles').select(['year', 'make', 'model']).where('vehicleId', '=', visit.vehicleId).executeTakeFirst()
    : undefined;
  const text = promiseUpdateText({
    vehicle,
    pickUpTime: update.pickUpTime,
    previousPickUpTime: update.previousPickUpTime,
    reason: update.reason,
    link: workOrderLink(update.publicUrl, visit.scheduledVisitHashId),
    store,
    now: w.now,
  });
  // Not a store template (its words are the counter's reason around the rule's): the spec's free-form type.
  const row = await queueToCustomer(w, store, {
    customer: customer!,
    scheduledVisitId: update.scheduledVisitId,
    route,
    templateType: 'FreeForm',
    words: { smsText: text, emailSubject: promiseUpdateSubject(vehicle), emailText: text },
  });
  return row.storeMessageId;
}
