import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

/**
 * A customer's signed decision on an inspection item is final (issue 24 item 8): each item keeps who decided it,
 * and each report keeps every signing and every reopening by staff, in order. Both tables take new versions so
 * every device receives the new fields.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table inspection_items add column decided_by_name text`.execute(db);
  await sql`alter table inspection_reports add column decision_log jsonb not null default '[]'`.execute(db);
  // A decision stored before: its report's signature is the best name for it.
  await sql`update inspection_items i set decided_by_name = r.approved_by_name from inspection_reports r
    where r.inspection_report_id = i.inspection_report_id and i.customer_decision is not null`.execute(db);
  await giveNewVersions(db, 'inspection_items');
  await giveNewVersions(db, 'inspection_reports');
}
