import { emailAddressMessage, isEmailAddress } from '../../contract/email-address.ts';
import type { StoreMessage } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { SendEmail, SendSms } from '../../contract/writes.ts';
import { e164 } from '../people/phone.ts';
import { messageTexts } from './quick-reply.ts';
import { stoppedNumberProblem } from './text-keywords.ts';
import { textingEnabled } from './texting.ts';

export type Channel = 'sms' | 'email';
/** The most one text carries here: ten segments, what carriers deliver as one message. */
export const maxSmsLength = 1600;

/**
 * What stops a message to a customer from being sent, as the field and the words a person acts on (spec
 * section 8 for a missing number or address); empty when it can go. `isStopped` says whether a number (E.164)
 * texted STOP to the store.
 */
export function outgoingProblems(
  channel: Channel,
  message: { content: string; destinationPhoneNumber?: string | null; destinationEmailAddress?: string | null },
  store: Pick<StoreLocation, 'twilioPhoneNumber'>,
  isStopped: (phoneNumber: string) => boolean,
): Record<string, string[]> {
  if (message.content.trim() === '') return { content: ['Write the message before sending'] };
  if (channel === 'sms') {
    if (message.content.length > maxSmsLength) return { content: [`Keep a text under ${maxSmsLength} characters`] };
    if (!message.destinationPhoneNumber) return { destinationPhoneNumber: [messageTexts.noPhone] };
    if (!e164(message.destinationPhoneNumber)) return { destinationPhoneNumber: ['Enter a 10-digit phone number'] };
    if (!textingEnabled(store))
      return { destinationPhoneNumber: ["This store cannot text: it has no texting number (the platform's administrators assign one)"] };
    if (isStopped(e164(message.destinationPhoneNumber)!)) return { destinationPhoneNumber: [stoppedNumberProblem] };
    return {};
  }
  if (!message.destinationEmailAddress) return { destinationEmailAddress: [messageTexts.noEmail] };
  if (!isEmailAddress(message.destinationEmailAddress)) return { destinationEmailAddress: [emailAddressMessage] };
  return {};
}

/** Where a message goes: the number as the provider takes it (E.164), or the email address. */
export function destinationOf(channel: Channel, message: { destinationPhoneNumber?: string | null; destinationEmailAddress?: string | null }): string {
  return channel === 'sms' ? e164(message.destinationPhoneNumber)! : message.destinationEmailAddress!;
}

/**
 * The outbound store message a send makes, queued: the same row on the server and, until the server's copy
 * arrives, on the device that sent it offline.
 */
export function outgoingStoreMessage(channel: Channel, model: (SendSms | SendEmail) & { storeMessageId: string }, sentOn: string): StoreMessage {
  const to = destinationOf(channel, model as { destinationPhoneNumber?: string | null; destinationEmailAddress?: string | null });
  return {
    storeMessageId: model.storeMessageId,
    customerId: model.customerId,
    visitId: model.visitId,
    name: model.name,
    email: channel === 'email' ? to : null,
    phoneNumber: channel === 'sms' ? to : null,
    preferredContactMethod: channel === 'sms' ? 'Sms' : 'Email',
    messageDeliveryMethod: channel === 'sms' ? 'Sms' : 'Email',
    messageDirection: 'Outbound',
    templateType: model.templateType,
    content: model.content,
    sentOn,
    customerInquiryType: null,
    storeServiceId: null,
    isArchived: false,
    repliedToByUserId: null,
    repliedToByUserName: null,
    deliveryStatus: 'Queued',
    deliveryProblem: null,
  };
}

type DeliveryStatus = NonNullable<StoreMessage['deliveryStatus']>;
const deliveryOrder: Record<DeliveryStatus, number> = { Queued: 0, Sent: 1, Delivered: 2, Failed: 2 };

/**
 * A message's delivery state after a provider's report: reports arrive in any order and more than once, so
 * a state never goes back (a late "sent" leaves "delivered"), and delivered and failed are both final.
 */
export function deliveryStatusAfter(current: DeliveryStatus | null, reported: DeliveryStatus): DeliveryStatus {
  if (current === null) return reported;
  return deliveryOrder[reported] > deliveryOrder[current] ? reported : current;
}
