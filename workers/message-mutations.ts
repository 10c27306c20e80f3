import { apiPaths } from '../src/contract/routes.ts';
import type { StoreLocation } from '../src/contract/store-location.ts';
import { sendEmailSchema, sendSmsSchema, type SendEmail, type SendSms } from '../src/contract/writes.ts';
import { outgoingProblems, outgoingStoreMessage, type Channel } from '../src/domain/messages/outgoing-messages.ts';
import { mutations } from './mutations.ts';
import type { Mutation } from './sync-engine.ts';

/** Messages to customers, as the device queues them: the same rules and the same row as the server. */
export const messageMutations = {
  /**
   * A text or an email: in its thread at once as queued, sent by the outbox when online (one call, with its
   * Idempotency-Key: never twice). The message it answers is marked replied after it, as the server does too.
   */
  send(
    channel: Channel,
    input: (SendSms | SendEmail) & { storeMessageId: string },
    store: Pick<StoreLocation, 'id' | 'twilioPhoneNumber'>,
    sender: { userId: string; name: string },
    isStopped: (phoneNumber: string) => boolean,
    now = new Date(),
  ): Mutation[] {
    const model = channel === 'sms' ? sendSmsSchema.parse(input) : sendEmailSchema.parse(input);
    const problem = Object.values(outgoingProblems(channel, model, store, isStopped))[0]?.[0];
    // The spec's own words where it has them ("Message failed to send due to missing reply-to phonenumber").
    if (problem) throw new Error(problem);
    const storeMessageId = input.storeMessageId;
    const send: Mutation = {
      collection: 'storeMessages',
      key: storeMessageId,
      description: channel === 'sms' ? 'Send a text' : 'Send an email',
      ...(model.customerId ? { refs: [`customers/${model.customerId}`] } : {}),
      build: () => ({
        next: { ...outgoingStoreMessage(channel, { ...model, storeMessageId }, now.toISOString()), storeId: store.id },
        request: { method: 'POST', path: channel === 'sms' ? apiPaths.smsMessages : apiPaths.emailMessages, body: { ...model, storeMessageId } },
      }),
    };
    if (!model.replyToStoreMessageId) return [send];
    const answered = mutations.markMessageReplied(model.replyToStoreMessageId, sender);
    return [send, { ...answered, refs: [`storeMessages/${storeMessageId}`] }];
  },
};
