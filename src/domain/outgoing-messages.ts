import type { StoreLocation } from '../contract/store-location.ts';
import { e164 } from './phone.ts';
import { messageTexts } from './quick-reply.ts';
import { textingEnabled } from './texting.ts';

export type Channel = 'sms' | 'email';
/** The most one text carries here: ten segments, what carriers deliver as one message. */
export const maxSmsLength = 1600;

/**
 * What stops a message to a customer from being sent, as the field and the words a person acts on (spec
 * section 8 for a missing number or address); empty when it can go.
 */
export function outgoingProblems(channel: Channel, message: { content: string; destinationPhoneNumber?: string | null; destinationEmailAddress?: string | null }, store: Pick<StoreLocation, 'twilioPhoneNumber'>): Record<string, string[]> {
  if (message.content.trim() === '') return { content: ['Write the message before sending'] };
  if (channel === 'sms') {
    if (message.content.length > maxSmsLength) return { content: [`Keep a text under ${maxSmsLength} characters`] };
    if (!message.destinationPhoneNumber) return { destinationPhoneNumber: [messageTexts.noPhone] };
    if (!e164(message.destinationPhoneNumber)) return { destinationPhoneNumber: ['Enter a 10-digit phone number'] };
    if (!textingEnabled(store)) return { destinationPhoneNumber: ['This store cannot text: it has no texting number (Settings, General)'] };
    return {};
  }
  if (!message.destinationEmailAddress) return { destinationEmailAddress: [messageTexts.noEmail] };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(message.destinationEmailAddress)) return { destinationEmailAddress: ['Enter an email address like name@example.com'] };
  return {};
}
