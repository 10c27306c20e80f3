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
  const row = await w.create(storeMessages, message);
  await enqueue(w, message.storeMessageId, envelope);
  w.event(storeMessages, row, 'NewOutGoingMessage', [message.storeMessageId]);
  return row;
}

/**
 * Queues an email to the store's own people (a notice, not a conversation with a customer): the same queue
 * and the same once-only sending, with no store message. `id` names it, so a retried write queues it once.
 */
export async function queueStaffEmail(w: Writer, id: string, envelope: Omit<Envelope, 'channel' | 'from'>): Promise<void> {
  await enqueue(w, id, { ...envelope, channel: 'email', from: null });
}

async function enqueue(w: Writer, id: string, envelope: Envelope): Promise<void> {
  const { storeId } = w.scope;
  if (storeId === null) throw new Error('A store\'s message is sent from a store: write it in a store scope.');
  const now = w.now.toISOString();
  await w.trx.insertInto('outboundMessages').values({
    storeMessageId: id, companyId: w.scope.companyId, storeId, channel: envelope.channel,
    toAddress: envelope.to, fromAddress: envelope.from, subject: envelope.subject, body: envelope.body,
    sentBy: w.scope.user.userId, sentByName: w.scope.user.name, nextAttemptAt: now,
    claimedUntil: null, providerId: null, problem: null, createdAt: now, sentAt: null,
  }).onConflict((oc) => oc.column('storeMessageId').doNothing()).execute();
}
