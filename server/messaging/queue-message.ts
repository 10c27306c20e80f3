import type { StoreMessage } from '../../src/contract/entities.ts';
import type { Channel } from '../../src/domain/outgoing-messages.ts';
import { storeMessages } from '../modules/store-messages/routes.ts';
import type { Versioned, Writer } from '../sync/write-path.ts';

/** A message as its provider gets it. */
export interface Envelope {
  channel: Channel;
  to: string;
  from: string | null;
  subject: string | null;
  body: string;
}

/**
 * Stores an outbound store message and queues it for its provider in the same transaction (DESIGN.md: side
 * effects after commit, once): the dispatcher sends it after the write commits, whoever kicks it.
 */
export async function queueMessage(w: Writer, message: StoreMessage, envelope: Envelope): Promise<Versioned<StoreMessage>> {
  const { storeId } = w.scope;
  if (storeId === null) throw new Error('A message to a customer is sent from a store: write it in a store scope.');
  const now = w.now.toISOString();
  const row = await w.create(storeMessages, message);
  await w.trx.insertInto('outboundMessages').values({
    storeMessageId: message.storeMessageId, companyId: w.scope.companyId, storeId, channel: envelope.channel,
    toAddress: envelope.to, fromAddress: envelope.from, subject: envelope.subject, body: envelope.body,
    sentBy: w.scope.user.userId, sentByName: w.scope.user.name, nextAttemptAt: now,
    claimedUntil: null, providerId: null, problem: null, createdAt: now, sentAt: null,
  }).execute();
  w.event(storeMessages, row, 'NewOutGoingMessage', [message.storeMessageId]);
  return row;
}
