import { sql, type Kysely } from 'kysely';

/**
 * Invitations (issue: store settings, users): an account made by an admin gets a one-time link to set its
 * password. Only a hash of the link's token is kept, so a copy of the database cannot be used to sign in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table user_invites (
    token_hash text primary key,
    user_id uuid not null references users(user_id) on delete cascade,
    invited_by uuid references users(user_id) on delete set null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz)`.execute(db);
  await sql`create index user_invites_user on user_invites (user_id)`.execute(db);
}
