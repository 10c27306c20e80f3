import type { Selectable } from 'kysely';
import type { AuthUser } from '../auth/auth.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { storeMessages } from '../modules/store-messages/routes.ts';
import type { WritePath } from '../sync/write-path.ts';
import { sinkProviderId, type SmsSender } from './sms.ts';

type Outbound = Selectable<Database['outboundMessages']>;

/** How long a drainer holds a claimed message before another may take it (a crash frees it after this). */
const leaseMs = 2 * 60_000;
/** Tries before a message that keeps failing for passing reasons is given up as failed. */
const maxAttempts = 6;
const batch = 20;

/** A provider's refusal that trying again will not change (a bad number, a refused address). */
function isPermanent(error: unknown): boolean {
  const status = (error as { status?: number; responseCode?: number }).status ?? (error as { responseCode?: number }).responseCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}

/** Words for the store about why a message did not go, from the provider's error without its internals. */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends the messages queued by committed writes (DESIGN.md: side effects after commit, once). Each message
 * is claimed by one drainer at a time (row lock, skip locked, and a lease), so several server processes share
 * the queue without sending one twice; a process that dies mid-send frees its claims when the lease ends.
 */
export class OutboundDispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: { db: Db; writes: WritePath; clock: Clock; sms: SmsSender; mailer: Mailer; log: (message: string, error?: unknown) => void }) {}

  /** Drains soon (after a write that queued something commits); drains again if it was already draining. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.drain();
        } catch (error) {
          this.options.log('Sending queued messages failed; they are tried again shortly.', error);
        }
      } while (this.again);
    })().finally(() => { this.running = null; });
  }

  /** Drains every few seconds too: retries, and messages left by a process that stopped. */
  start(everyMs = 5000): void {
    this.timer ??= setInterval(() => this.kick(), everyMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Sends what is due now; answers how many were handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await this.claim();
      for (const message of claimed) await this.deliver(message);
      handled += claimed.length;
      if (claimed.length < batch) return handled;
    }
  }

  private async claim(): Promise<Outbound[]> {
    const now = this.options.clock.now();
    const { db } = this.options;
    return db.updateTable('outboundMessages')
      .set((eb) => ({ claimedUntil: new Date(now.getTime() + leaseMs).toISOString(), attempts: eb('attempts', '+', 1) }))
      .where('storeMessageId', 'in', db.selectFrom('outboundMessages').select('storeMessageId')
        .where('status', '=', 'queued').where('nextAttemptAt', '<=', now.toISOString())
        .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now.toISOString())]))
        .orderBy('createdAt').limit(batch).forUpdate().skipLocked())
      .returningAll().execute();
  }

  private async deliver(message: Outbound): Promise<void> {
    let outcome: { status: 'sent'; providerId: string } | { status: 'failed' | 'retry'; problem: string };
    try {
      if (message.channel === 'sms') {
        const sent = await this.options.sms.send({ to: message.toAddress, from: message.fromAddress ?? '', body: message.body });
        outcome = { status: 'sent', providerId: sent.providerId };
      } else {
        const via = await this.options.mailer.send({ to: message.toAddress, subject: message.subject ?? 'A message from your tire and auto store', text: message.body });
        outcome = { status: 'sent', providerId: via === 'sink' ? sinkProviderId : 'smtp' };
      }
    } catch (error) {
      const problem = reasonOf(error);
      outcome = isPermanent(error) || message.attempts >= maxAttempts ? { status: 'failed', problem } : { status: 'retry', problem };
    }
    await this.record(message, outcome);
  }

  /** The queue row and the store message's delivery state, in one write (the devices learn it by the feed). */
  private async record(message: Outbound, outcome: { status: 'sent'; providerId: string } | { status: 'failed' | 'retry'; problem: string }): Promise<void> {
    const now = this.options.clock.now();
    // The change is the sender's: they queued the message; the provider's answer completes what they did.
    const sender = { userId: message.sentBy, name: message.sentByName ?? 'Messages' } as AuthUser;
    await this.options.writes.background({ user: sender, companyId: message.companyId, storeId: message.storeId }, async (w) => {
      const key = { storeMessageId: message.storeMessageId };
      if (outcome.status === 'retry') {
        const backoff = Math.min(30 * 60_000, 15_000 * 2 ** (message.attempts - 1));
        await w.trx.updateTable('outboundMessages').set({ nextAttemptAt: new Date(now.getTime() + backoff).toISOString(), claimedUntil: null, problem: outcome.problem })
          .where('storeMessageId', '=', message.storeMessageId).execute();
        return;
      }
      await w.trx.updateTable('outboundMessages').set(outcome.status === 'sent'
        ? { status: 'sent', providerId: outcome.providerId, sentAt: now.toISOString(), claimedUntil: null, problem: null }
        : { status: 'failed', claimedUntil: null, problem: outcome.problem })
        .where('storeMessageId', '=', message.storeMessageId).execute();
      // A notice to the store's people has no store message to follow it.
      if (!(await w.read(storeMessages, key))) return;
      const { row, changed } = await w.change(storeMessages, key, () => (outcome.status === 'sent'
        ? { deliveryStatus: 'Sent' as const, deliveryProblem: null }
        : { deliveryStatus: 'Failed' as const, deliveryProblem: outcome.problem }));
      if (changed) w.event(storeMessages, row, 'NewOutGoingMessage', [message.storeMessageId]);
    });
  }
}
