import { sql } from 'kysely';
import type { MessageTemplateType } from '../../src/contract/enums.ts';
import { visitMessageDue, type VisitMessageKind } from '../../src/domain/messages/visit-messages.ts';
import type { AuthUser } from '../auth/auth.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { Every } from '../jobs/every.ts';
import type { JobHealth } from '../jobs/job-health.ts';
import type { WritePath, Writer } from '../sync/write-path.ts';
import { queueVisitMessage } from './visit-message.ts';

const kinds: Record<
  VisitMessageKind,
  {
    templateType: MessageTemplateType;
    enabled: 'appointmentReminderEnabled' | 'appointmentThankYouEnabled';
    hours: 'appointmentReminderHoursBefore' | 'appointmentThankYouHoursAfter';
  }
> = {
  reminder: { templateType: 'AppointmentReminder', enabled: 'appointmentReminderEnabled', hours: 'appointmentReminderHoursBefore' },
  thankYou: { templateType: 'ServiceThankYou', enabled: 'appointmentThankYouEnabled', hours: 'appointmentThankYouHoursAfter' },
};
const automatic = { userId: null, name: 'Automatic messages' } as unknown as AuthUser;

type Store = Awaited<ReturnType<typeof storesSending>>[number];
function storesSending(db: Db) {
  return db
    .selectFrom('storeLocations')
    .select([
      'id',
      'companyId',
      'name',
      'phoneNumber',
      'timeZone',
      'googleReviewUrl',
      'yelpReviewUrl',
      'twilioPhoneNumber',
      'ratingsEnabled',
      'appointmentReminderEnabled',
      'appointmentReminderHoursBefore',
      'appointmentThankYouEnabled',
      'appointmentThankYouHoursAfter',
    ])
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('appointmentReminderEnabled', '=', true), eb('appointmentThankYouEnabled', '=', true)]))
    .execute();
}

/**
 * Sends each visit's AppointmentReminder and ServiceThankYou at the hours the store set (settings,
 * appointments), once per visit: the job claims a visit's message by inserting its row in the transaction
 * that queues it, so two server processes running the job at once send it once. A customer who asked for
 * calls, texted STOP or gave no consent to texts is skipped or emailed, as automaticChannel says.
 */
export class VisitMessagesJob {
  private readonly timer = new Every(
    () => this.run(),
    (error) => {
      const message = 'Sending reminders and thank-yous failed; the job tries again in a minute.';
      this.options.log(message, error);
      this.options.health?.recordError('visitMessages', this.options.clock.now(), message, error);
    },
    () => this.options.health?.recordRun('visitMessages', this.options.clock.now()),
  );

  constructor(
    private readonly options: {
      db: Db;
      writes: WritePath;
      clock: Clock;
      outbound: { kick(): void };
      publicUrl: string;
      log: (message: string, error?: unknown) => void;
      health?: JobHealth;
    },
  ) {}

  start(everyMs = 60_000): void {
    this.timer.start(everyMs);
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** Queues what is due now; answers how many visits were handled (sent or skipped with the reason). */
  async run(): Promise<number> {
    const now = this.options.clock.now();
    let handled = 0;
    for (const store of await storesSending(this.options.db)) {
      for (const kind of Object.keys(kinds) as VisitMessageKind[]) {
        if (!store[kinds[kind].enabled]) continue;
        for (const visitId of await this.dueVisits(store, kind, now)) {
          const done = await this.options.writes.background({ user: automatic, companyId: store.companyId, storeId: store.id }, (w) =>
            send(w, store, kind, visitId, this.options.publicUrl),
          );
          if (done) handled += 1;
        }
      }
    }
    if (handled > 0) this.options.outbound.kick();
    return handled;
  }

  /** Visits whose message of this kind is due and not yet handled (narrowed in SQL, decided by the domain rule). */
  private async dueVisits(store: Store, kind: VisitMessageKind, now: Date): Promise<string[]> {
    const hours = store[kinds[kind].hours];
    const dayMs = 24 * 3600_000;
    let query = this.options.db
      .selectFrom('scheduledVisits')
      .select(['scheduledVisitId', 'scheduledCustomerCheckIn', 'cancelDate', 'checkInDate', 'checkOutDate'])
      .where('companyId', '=', store.companyId)
      .where('storeId', '=', store.id)
      .where('deleted', '=', false)
      .where('customerId', 'is not', null)
      .where('cancelDate', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('visitMessages')
              .select(sql.lit(1).as('one'))
              .whereRef('visitMessages.scheduledVisitId', '=', 'scheduledVisits.scheduledVisitId')
              .where('visitMessages.kind', '=', kind),
          ),
        ),
      );
    query =
      kind === 'reminder'
        ? query
            .where('scheduledCustomerCheckIn', '>', now.toISOString())
            .where('scheduledCustomerCheckIn', '<=', new Date(now.getTime() + hours * 3600_000).toISOString())
        : query
            .where('checkOutDate', '<=', new Date(now.getTime() - hours * 3600_000).toISOString())
            .where('checkOutDate', '>=', new Date(now.getTime() - hours * 3600_000 - dayMs).toISOString());
    const visits = await query.execute();
    return visits.filter((v) => visitMessageDue(kind, v, hours, now)).map((v) => v.scheduledVisitId);
  }
}

/** Claims the visit's message and queues it (or records why it does not go); false when another process had it. */
async function send(w: Writer, store: Store, kind: 'reminder' | 'thankYou', scheduledVisitId: string, publicUrl: string): Promise<boolean> {
  return (
    (await queueVisitMessage(w, store, { scheduledVisitId, kind, templateType: kinds[kind].templateType, withRatingLink: kind === 'thankYou', publicUrl })) !==
    null
  );
}
