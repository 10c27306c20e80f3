import { sql, type Kysely } from 'kysely';

/**
 * Messages to customers (issue: messaging): the outbound store message carries its delivery state, and each
 * one to send waits in `outbound_messages`, written in the transaction that made it and sent after commit,
 * once (DESIGN.md). The store message's id is the key: one send per message, whoever drains the queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table store_messages add column delivery_status text, add column delivery_problem text`.execute(db);
  await sql`create table outbound_messages (
    store_message_id uuid primary key,
    company_id integer not null references companies(id),
    store_id integer not null,
    channel text not null check (channel in ('sms', 'email')),
    to_address text not null,
    from_address text,
    subject text,
    body text not null,
    sent_by uuid,
    sent_by_name text,
    status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null,
    claimed_until timestamptz,
    provider_id text,
    problem text,
    created_at timestamptz not null,
    sent_at timestamptz)`.execute(db);
  await sql`create index outbound_messages_due on outbound_messages (next_attempt_at) where status = 'queued'`.execute(db);
}
