import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

/**
 * Ratings and reviews (issue: ratings): one rating per visit (a customer who rates again changes it), the
 * store's choice of follow-ups to low and high scores, and the follow-ups sent for each visit, once, beside
 * its reminder and thank-you. Store rows take new versions so devices learn the new settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`update ratings set deleted = true where rating_id in (
    select rating_id from (select rating_id, row_number() over (partition by visit_id order by visit_date desc, rating_id) as n
      from ratings where visit_id is not null and not deleted) d where n > 1)`);
  await run(`create unique index ratings_one_per_visit on ratings (visit_id) where visit_id is not null and not deleted`);
  await run(`alter table store_locations
    add column low_rating_follow_up_enabled boolean not null default false,
    add column high_rating_follow_up_enabled boolean not null default false`);
  await run(`alter table visit_messages drop constraint visit_messages_kind_check`);
  await run(`alter table visit_messages add constraint visit_messages_kind_check
    check (kind in ('reminder', 'thankYou', 'lowRating', 'lowRatingStep2', 'highRating'))`);
  await giveNewVersions(db, 'store_locations');
}
