import type { StoreMessage } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { e164 } from '../people/phone.ts';
import { isPhoneReplyOnly } from './texting.ts';

/** The texts of spec sections 2, 4 and 8, word for word. */
export const messageTexts = {
  failed: 'Message failed to send',
  noPhone: 'Message failed to send due to missing reply-to phonenumber',
  noEmail: 'Message failed to send due to missing reply-to email',
  archived: 'This message has been archived',
  repliedBy: (name: string) => `This message was replied to by ${name}`,
  empty: 'No New Messages',
} as const;

type Message = Pick<StoreMessage, 'preferredContactMethod' | 'messageDeliveryMethod' | 'isArchived' | 'repliedToByUserId' | 'phoneNumber' | 'email'>;
type Store = Pick<StoreLocation, 'twilioPhoneNumber'>;

/** Spec section 4: a message counts as done once archived or replied. */
export const isDone = (message: Pick<StoreMessage, 'isArchived' | 'repliedToByUserId'>) => message.isArchived || message.repliedToByUserId !== null;

/**
 * Spec section 5: Quick Reply and Archive are hidden when the message is phone-reply-only, already replied,
 * archived, or its reply box is open.
 */
export function showsReplyActions(message: Message, store: Store, replyBoxOpen: boolean): boolean {
  return !isPhoneReplyOnly(message.preferredContactMethod, store) && message.repliedToByUserId === null && !message.isArchived && !replyBoxOpen;
}

/** Spec section 5: the call-customer box shows when there is a number, the message is not archived, and it is phone-reply-only. */
export function showsCallBox(message: Message, store: Store): boolean {
  return !!message.phoneNumber && !message.isArchived && isPhoneReplyOnly(message.preferredContactMethod, store);
}

/**
 * Spec section 5: the call box shows the number as (nnn)nnn-nnnn after dropping its first two characters.
 * The spec's numbers are stored as +1nnnnnnnnnn; one stored as typed is read in that form first.
 */
export function callBoxNumber(phoneNumber: string): string {
  const rest = (e164(phoneNumber) ?? phoneNumber).slice(2);
  return `(${rest.slice(0, 3)})${rest.slice(3, 6)}-${rest.slice(6)}`;
}

/** How a quick reply goes out, or why it does not (spec sections 4, 5 and 8). */
export type QuickReplyRoute =
  | { send: 'sms'; to: string }
  | { send: 'email'; to: string }
  /** Nothing to do: empty content, or a customer who wants a call (the box shows instead). */
  | { send: 'nothing' }
  | { send: 'refused'; reason: string };

/**
 * Spec section 5: nothing for empty content; never for a Phone preference; a Form message goes by SMS when
 * its preference is Sms and by email otherwise; any other message goes back the way it came. Email only with
 * an address and SMS only with a number, else the spec's failure texts.
 */
export function quickReplyRoute(message: Message, content: string): QuickReplyRoute {
  if (content.trim() === '') return { send: 'nothing' };
  if (message.preferredContactMethod === 'Phone') return { send: 'nothing' };
  const bySms = message.messageDeliveryMethod === 'Form' ? message.preferredContactMethod === 'Sms' : message.messageDeliveryMethod === 'Sms';
  if (bySms) return message.phoneNumber ? { send: 'sms', to: message.phoneNumber } : { send: 'refused', reason: messageTexts.noPhone };
  return message.email ? { send: 'email', to: message.email } : { send: 'refused', reason: messageTexts.noEmail };
}

/** Spec section 2: rows of the incoming list are blue-grey when done, green for the contact form, blue otherwise. */
export function messageRowColor(message: Pick<StoreMessage, 'isArchived' | 'repliedToByUserId' | 'messageDeliveryMethod'>): 'blue-grey' | 'green' | 'blue' {
  if (isDone(message)) return 'blue-grey';
  return message.messageDeliveryMethod === 'Form' ? 'green' : 'blue';
}
