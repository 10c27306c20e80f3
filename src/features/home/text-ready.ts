import type { Customer, CustomerVehicle, MessageTemplate, ScheduledVisit, StoreMessage } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { displayName, messageName } from '../../domain/people/display-name.ts';
import { renderedTemplate, templateValues } from '../../domain/messages/message-templates.ts';
import { syncClient } from '../../sync/sync-client.ts';

/**
 * Texts a customer that their car is ready (the store's Vehicle Service Finished words), queued through the outbox
 * like any message: it goes out once when online, and the visit shows it was texted at once. A visit already
 * texted from any device (a text on its way or sent) is not texted again.
 */
export async function textReadyForPickup(store: StoreLocation, scheduledVisitId: string, customerId: string): Promise<string> {
  const db = replicaOf(store.id);
  const [customer, visit, templates] = await Promise.all([
    db.rows<Customer>('customers').get(customerId),
    db.rows<ScheduledVisit>('scheduledVisits').get(scheduledVisitId),
    db.rows<MessageTemplate>('messageTemplates').toArray(),
  ]);
  if (visit?.readyForPickupDate) {
    const texted = await db
      .rows<StoreMessage>('storeMessages')
      .where('sentOn')
      .aboveOrEqual(visit.readyForPickupDate)
      .filter((m) => m.visitId === scheduledVisitId && m.templateType === 'ServiceFinished' && m.deliveryStatus !== 'Failed')
      .first();
    if (texted) throw new Error('This customer has already been texted that the car is ready.');
  }
  if (!customer) throw new Error('This customer is not on this device yet; open the appointment once it has synced.');
  if (!customer.phoneNumber) throw new Error(`${displayName(customer)} has no mobile number: add one on the customer to text them.`);
  const vehicle = visit?.vehicleId ? await db.rows<CustomerVehicle>('customerVehicles').get(visit.vehicleId) : undefined;
  const words = renderedTemplate('ServiceFinished', templates, templateValues({ store, customer, vehicle: vehicle ?? null }))!;
  const queued = await syncClient().sendMessage('sms', {
    storeMessageId: crypto.randomUUID(),
    customerId,
    templateType: 'ServiceFinished',
    content: words.smsText,
    visitId: scheduledVisitId,
    name: messageName(customer),
    destinationPhoneNumber: customer.phoneNumber,
  });
  if (!queued) throw new Error('The text was not queued; try again.');
  return `Texted ${displayName(customer)} that their car is ready.`;
}
