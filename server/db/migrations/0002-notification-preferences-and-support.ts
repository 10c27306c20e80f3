import { sql, type Kysely } from 'kysely';
import { syncColumns } from './0001-initial.ts';

/**
 * Two replicated collections that belong to one user: which kinds of notification they want shown in the
 * app, and their messages to platform support (docs/decisions/shell-and-pwa.md). Both replicate to the user's devices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create table notification_preferences (
    identity_id uuid not null references users(user_id) on delete cascade,
    kind text not null,
    in_app boolean not null,
    primary key (identity_id, kind),${syncColumns})`);
  await run(`create index notification_preferences_company_version on notification_preferences (company_id, version)`);

  await run(`create table support_requests (
    support_request_id uuid primary key,
    identity_id uuid not null references users(user_id),
    subject text not null, message text not null, callback_phone text,
    date_submitted timestamptz not null default now(),${syncColumns})`);
  await run(`create index support_requests_company_version on support_requests (company_id, version)`);
  await run(`create index support_requests_date_submitted on support_requests (date_submitted desc)`);
}
