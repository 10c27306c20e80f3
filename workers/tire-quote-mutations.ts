import type { Customer } from '../src/contract/entities.ts';
import { fillPath } from '../src/contract/fill-path.ts';
import { apiPaths } from '../src/contract/routes.ts';
import type { StoreLocation } from '../src/contract/store-location.ts';
import { tireQuoteCreateSchema, type TireQuote, type TireQuoteMessage } from '../src/contract/tire-pricing.ts';
import type { SendEmail, SendSms } from '../src/contract/writes.ts';
import { outgoingStoreMessage } from '../src/domain/messages/outgoing-messages.ts';
import { quoteSendProblem } from '../src/domain/messages/texting-consent.ts';
import { messageName } from '../src/domain/people/display-name.ts';
import { quoteChoicesChanged, quoteMessageWaiting } from '../src/domain/tires/saved-quote-prices.ts';
import type { Mutation } from './sync-engine.ts';

/**
 * A tire quote saved at the counter, offline too: made with a create the first time, then each save sends the
 * choices whole (the server prices them again; a quote is one person's at the counter, so the last save wins
 * rather than field by field). `quote` is already priced by the device with the replica's prices, so the
 * screen shows the saved total at once; the server's answer replaces it.
 */
export const tireQuoteMutations = {
  saveTireQuote(storeId: number, quote: TireQuote): Mutation {
    return {
      collection: 'tireQuotes',
      key: quote.tireQuoteId,
      description: 'Save a tire quote',
      build: (current) => {
        if (!current) {
          const parsed = tireQuoteCreateSchema.safeParse(quote);
          if (!parsed.success) throw new Error(`The quote was not saved: ${parsed.error.issues[0]!.message}.`);
          return { next: { ...quote, storeId }, request: { method: 'POST', path: apiPaths.tireQuotes, body: parsed.data } };
        }
        // Compared whatever the order of their fields (the server's copy comes back from a JSON column in its own order).
        const unchanged = !quoteChoicesChanged(current.choices as TireQuote['choices'], quote.choices) && current.vehicleId === quote.vehicleId;
        if (unchanged) return null;
        const patch = [
          { op: 'replace' as const, path: '/choices', value: quote.choices },
          ...(current.vehicleId === quote.vehicleId ? [] : [{ op: 'replace' as const, path: '/vehicleId', value: quote.vehicleId }]),
        ];
        return {
          next: { ...current, ...quote, storeId },
          request: { method: 'PATCH', path: fillPath(apiPaths.tireQuote, { tireQuoteId: quote.tireQuoteId }), body: patch },
        };
      },
    };
  },

  /**
   * "Text quote" or "Email quote" (one verb, issue 46): the quote saved as the counter has it, then the message,
   * whose outbox entry depends on the quote's: it waits for the quote's save, and is refused with it. The server
   * writes the message from the quote as it stored it (POST …/tire-quotes/{id}/messages), so the customer gets
   * the figures the public page shows. Refused here first, in the same words as the server, when it cannot go
   * (texting consent, no number or address, STOP).
   */
  sendTireQuote(
    store: Pick<StoreLocation, 'id' | 'twilioPhoneNumber'>,
    quote: TireQuote,
    channel: TireQuoteMessage['channel'],
    customer: Pick<Customer, 'customerId' | 'companyName' | 'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'textConsentMethod'>,
    storeMessageId: string,
    isStopped: (phoneNumber: string) => boolean,
    now = new Date(),
  ): Mutation[] {
    const problem = quoteSendProblem(channel, customer, store, isStopped);
    if (problem) throw new Error(`${problem}.`);
    const body: TireQuoteMessage = { storeMessageId, channel };
    const shown = {
      storeMessageId,
      customerId: customer.customerId,
      visitId: null,
      name: messageName(customer),
      templateType: 'FreeForm' as const,
      content: quoteMessageWaiting,
      ...(channel === 'sms' ? { destinationPhoneNumber: customer.phoneNumber } : { destinationEmailAddress: customer.email }),
    } as (SendSms | SendEmail) & { storeMessageId: string };
    const message: Mutation = {
      collection: 'storeMessages',
      key: storeMessageId,
      description: channel === 'sms' ? 'Text a tire quote' : 'Email a tire quote',
      refs: [`customers/${customer.customerId}`],
      dependsOn: [`tireQuotes/${quote.tireQuoteId}`],
      build: () => ({
        next: { ...outgoingStoreMessage(channel, shown, now.toISOString()), storeId: store.id },
        request: { method: 'POST', path: fillPath(apiPaths.tireQuoteMessages, { tireQuoteId: quote.tireQuoteId }), body },
      }),
    };
    return [tireQuoteMutations.saveTireQuote(store.id, quote), message];
  },
};
