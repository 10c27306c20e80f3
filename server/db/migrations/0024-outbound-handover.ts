import { sql, type Kysely } from 'kysely';

/**
 * A message handed to its provider is never handed again (DESIGN.md: at most once toward the outside world):
 * `sending` is written and committed before the provider is called; a message found `sending` after its
 * claim ran out (its process died mid-call) is recorded as failed, not sent again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbound_messages drop constraint outbound_messages_status_check`.execute(db);
  await sql`alter table outbound_messages add constraint outbound_messages_status_check check (status in ('queued', 'sending', 'sent', 'failed'))`.execute(db);
  await sql`alter table outbound_messages add column handed_at timestamptz`.execute(db);
  await sql`create index outbound_messages_handed on outbound_messages (claimed_until) where status = 'sending'`.execute(db);
}
