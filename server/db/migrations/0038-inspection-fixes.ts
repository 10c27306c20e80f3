import { sql, type Kysely } from 'kysely';

/**
 * An inspection item's fix, priced (issue 26: findings with a price): the counter's choice and the quote rule's
 * lines and total for it, one jsonb document, as a tire quote keeps its choices and options. Null: not priced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table inspection_items add column fix jsonb`.execute(db);
}
