import type { Selectable } from 'kysely';
import type { AuthUser } from '../auth/auth.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { JobHealth } from '../jobs/job-health.ts';
import type { Mailer } from '../mail/mailer.ts';
import { storeMessages } from '../modules/store-messages/tables.ts';
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

type Outcome = { status: 'sent'; providerId: string } | { status: 'failed' | 'retry'; problem: string };

/** Said of a message whose process stopped while handing it to the provider. */
export const interruptedProblem =
  'The server stopped while handing this message to the provider, so it may or may not have gone; it was not sent again. Check with the customer before sending it once more.';

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

  constructor(
    private readonly options: {
      db: Db;
      writes: WritePath;
      clock: Clock;
      sms: SmsSender;
      mailer: Mailer;
      log: (message: string, error?: unknown) => void;
      health?: JobHealth;
    },
  ) {}

  /** Logged, and kept as the job's last problem for the platform's health view. */
  private problem(message: string, error?: unknown): void {
    this.options.log(message, error);
    this.options.health?.recordError('outboundMessages', this.options.clock.now(), message, error);
  }

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
          this.options.health?.recordRun('outboundMessages', this.options.clock.now());
        } catch (error) {
          this.problem('Sending queued messages failed; they are tried again shortly.', error);
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Drains every few seconds too: retries, and messages left by a process that stopped. */
  start(everyMs = 5000): void {
    this.timer ??= setInterval(() => this.kick(), everyMs);
    this.timer.unref();
    this.kick();
  }

  /** Resolves once no drain runs (each kick's work is recorded): what a caller waits on instead of a time. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Sends what is due now; answers how many were handled. */
  async drain(): Promise<number> {
    await this.giveUpInterrupted();
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
    return db
      .updateTable('outboundMessages')
      .set((eb) => ({ claimedUntil: new Date(now.getTime() + leaseMs).toISOString(), attempts: eb('attempts', '+', 1) }))
      .where(
        'storeMessageId',
        'in',
        db
          .selectFrom('outboundMessages')
          .select('storeMessageId')
          .where('status', '=', 'queued')
          .where('nextAttemptAt', '<=', now.toISOString())
          .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now.toISOString())]))
          .orderBy('createdAt')
          .limit(batch)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  /**
   * Messages whose process stopped while handing them to the provider (still `sending` when the claim ran
   * out): the provider may have taken them, so they are recorded as failed with that said, never sent again.
   */
  private async giveUpInterrupted(): Promise<void> {
    const now = this.options.clock.now().toISOString();
    const interrupted = await this.options.db
      .updateTable('outboundMessages')
      .set({ status: 'failed', claimedUntil: null, problem: interruptedProblem })
      .where('status', '=', 'sending')
      .where('claimedUntil', '<', now)
      .returningAll()
      .execute();
    for (const message of interrupted) await this.recordOnMessage(message, { status: 'failed', problem: interruptedProblem });
  }

  private async deliver(message: Outbound): Promise<void> {
    // Handed over from here: committed before the provider is called, so whatever becomes of this process or
    // of the recording below, no one hands this message to the provider again.
    const handed = await this.options.db
      .updateTable('outboundMessages')
      .set({ status: 'sending', handedAt: this.options.clock.now().toISOString() })
      .where('storeMessageId', '=', message.storeMessageId)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(handed.numUpdatedRows) === 0) return;
    let outcome: Outcome;
    try {
      if (message.channel === 'sms') {
        const sent = await this.options.sms.send({ to: message.toAddress, from: message.fromAddress ?? '', body: message.body });
        outcome = { status: 'sent', providerId: sent.providerId };
      } else {
        const via = await this.options.mailer.send({
          to: message.toAddress,
          subject: message.subject ?? 'A message from your tire and auto store',
          text: message.body,
        });
        outcome = { status: 'sent', providerId: via === 'sink' ? sinkProviderId : 'smtp' };
      }
    } catch (error) {
      // The provider refused or could not be reached: it did not take the message, so a passing failure may be tried again.
      const problem = reasonOf(error);
      outcome = isPermanent(error) || message.attempts >= maxAttempts ? { status: 'failed', problem } : { status: 'retry', problem };
    }
    await this.recordOnQueue(message, outcome);
    await this.recordOnMessage(message, outcome);
  }

  /** The queue row first, on its own: once it says sent or failed, nothing sends the message again. */
  private async recordOnQueue(message: Outbound, outcome: Outcome): Promise<void> {
    const now = this.options.clock.now();
    const row = this.options.db.updateTable('outboundMessages').where('storeMessageId', '=', message.storeMessageId);
    if (outcome.status === 'retry') {
      const backoff = Math.min(30 * 60_000, 15_000 * 2 ** (message.attempts - 1));
      const nextAttemptAt = new Date(now.getTime() + backoff).toISOString();
      await row.set({ status: 'queued', nextAttemptAt, claimedUntil: null, problem: outcome.problem }).execute();
      this.problem(`Message ${message.storeMessageId} could not be sent (${outcome.problem}); it is tried again from ${nextAttemptAt}.`);
      return;
    }
    await row
      .set(
        outcome.status === 'sent'
          ? { status: 'sent', providerId: outcome.providerId, sentAt: now.toISOString(), claimedUntil: null, problem: null }
          : { status: 'failed', claimedUntil: null, problem: outcome.problem },
      )
      .execute();
  }

  /**
   * The store message's delivery state (the devices learn it by the feed). A failure here is logged and leaves
   * the queue as recorded: the message is not sent again because its row could not be written.
   */
  private async recordOnMessage(message: Outbound, outcome: Outcome): Promise<void> {
    if (outcome.status === 'retry') return;
    // The change is the sender's: they queued the message; the provider's answer completes what they did.
    const sender = { userId: message.sentBy, name: message.sentByName ?? 'Messages' } as AuthUser;
    try {
      await this.options.writes.background({ user: sender, companyId: message.companyId, storeId: message.storeId }, async (w) => {
        const key = { storeMessageId: message.storeMessageId };
        // A notice to the store's people has no store message to follow it.
        if (!(await w.read(storeMessages, key))) return;
        const { row, changed } = await w.change(storeMessages, key, () =>
          outcome.status === 'sent'
            ? { deliveryStatus: 'Sent' as const, deliveryProblem: null }
            : { deliveryStatus: 'Failed' as const, deliveryProblem: outcome.problem },
        );
        if (changed) w.event(storeMessages, row, 'NewOutGoingMessage', [message.storeMessageId]);
      });
    } catch (error) {
      this.problem(
        `Message ${message.storeMessageId} was ${outcome.status === 'sent' ? 'sent' : 'given up'}, but its thread could not be updated; it is not sent again.`,
        error,
      );
    }
  }
}
