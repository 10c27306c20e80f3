import { sql } from 'kysely';
import type { StoreMessage } from '../../src/contract/entities.ts';
import { messageLimitReached, type RecentMessages } from '../../src/domain/messages/message-limits.ts';
import type { Channel } from '../../src/domain/messages/outgoing-messages.ts';
import { ProblemError } from '../http/problem.ts';
import { storeMessages } from '../modules/store-messages/tables.ts';
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
 * Whose budget of messages (src/domain/messages/message-limits.ts) a queued message spends: the person who sent it and the
 * store ('sender'); the store alone ('store': staff's answer to a customer's online request is the request's, not
 * the person's sending); or none ('none': notices to the store's own people, and the acknowledgement of an online
 * request, which the store's cap on waiting requests bounds instead). Issue 46: a flood of booking requests spent
 * the store's minute, and a staff member's own text to a customer was refused.
 */
export type MessageBudget = 'sender' | 'store' | 'none';

/**
 * Stores an outbound store message and queues it for its provider in the same transaction (DESIGN.md: side
 * effects after commit, once): the dispatcher sends it after the write commits, whoever kicks it.
 */
export async function queueMessage(w: Writer, message: StoreMessage, envelope: Envelope, budget: MessageBudget = 'sender'): Promise<Versioned<StoreMessage>> {
  await refuseOverLimit(w, budget);
  const row = await w.create(storeMessages, message);
  await enqueue(w, message.storeMessageId, envelope, budget);
  w.event(storeMessages, row, 'NewOutGoingMessage', [message.storeMessageId]);
  return row;
}

/**
 * Queues an email to the store's own people (a notice, not a conversation with a customer): the same queue
 * and the same once-only sending, with no store message. `id` names it, so a retried write queues it once.
 */
export async function queueStaffEmail(w: Writer, id: string, envelope: Omit<Envelope, 'channel' | 'from'>): Promise<void> {
  await enqueue(w, id, { ...envelope, channel: 'email', from: null }, 'none');
}

/**
 * Messages queued in the last minute and day by the store and, for a person's send, by that person. Read after
 * the store's and the person's message locks (in that order, always), so two sends at once count each other.
 */
async function recentMessages(w: Writer, storeId: number, budget: MessageBudget): Promise<RecentMessages> {
  const person = budget === 'sender' ? w.scope.user.userId : null;
  await w.lockOn('messages-of-store', storeId);
  if (person) await w.lockOn('messages-of-person', person);
  const minuteAgo = new Date(w.now.getTime() - 60_000).toISOString();
  const dayAgo = new Date(w.now.getTime() - 86_400_000).toISOString();
  const { rows } = await sql<{ storeMinute: number; storeDay: number; personMinute: number; personDay: number }>`
    select count(*) filter (where store_id = ${storeId} and created_at > ${minuteAgo})::int as "storeMinute",
      count(*) filter (where store_id = ${storeId})::int as "storeDay",
      count(*) filter (where sent_by = ${person} and budget = 'sender' and created_at > ${minuteAgo})::int as "personMinute",
      count(*) filter (where sent_by = ${person} and budget = 'sender')::int as "personDay"
    from outbound_messages where created_at > ${dayAgo} and budget <> 'none' and (store_id = ${storeId} or sent_by = ${person})`.execute(w.trx);
  const counts = rows[0]!;
  return {
    store: { minute: counts.storeMinute, day: counts.storeDay },
    person: person ? { minute: counts.personMinute, day: counts.personDay } : null,
  };
}

/** Why one more message may not leave the writer's store now (src/domain/messages/message-limits.ts), or null. */
export async function messageLimitOf(w: Writer, budget: MessageBudget = 'sender'): Promise<{ words: string; retryAfterSeconds: number } | null> {
  const { storeId } = w.scope;
  if (storeId === null) throw new Error("A store's message is sent from a store: write it in a store scope.");
  return messageLimitReached(await recentMessages(w, storeId, budget), w.messageLimits);
}

/** A 429 with Retry-After when one more message of this budget may not leave the store now. */
async function refuseOverLimit(w: Writer, budget: MessageBudget): Promise<void> {
  if (budget === 'none') return;
  const reached = await messageLimitOf(w, budget);
  if (reached) throw new ProblemError('tooManyRequests', reached.words, { headers: { 'retry-after': String(reached.retryAfterSeconds) } });
}

async function enqueue(w: Writer, id: string, envelope: Envelope, budget: MessageBudget): Promise<void> {
  const { storeId } = w.scope;
  if (storeId === null) throw new Error("A store's message is sent from a store: write it in a store scope.");
  await refuseOverLimit(w, budget);
  const now = w.now.toISOString();
  await w.trx
    .insertInto('outboundMessages')
    .values({
      storeMessageId: id,
      companyId: w.scope.companyId,
      storeId,
      channel: envelope.channel,
      toAddress: envelope.to,
      fromAddress: envelope.from,
      subject: envelope.subject,
      body: envelope.body,
      sentBy: w.scope.user.userId,
      sentByName: w.scope.user.name,
      nextAttemptAt: now,
      claimedUntil: null,
      providerId: null,
      problem: null,
      createdAt: now,
      sentAt: null,
      budget,
    })
    .onConflict((oc) => oc.column('storeMessageId').doNothing())
    .execute();
}
