import { sql, type Kysely } from 'kysely';

/**
 * A catalogue tire's load range (issue 46 item 7): the letter a light-truck, trailer or commercial tire is rated
 * by (E: 10-ply), which the counter shows beside the load index and a size typed with one (LT245/75R16 E)
 * filters by. The catalogue had none: its rows stay without one until their feed gives it (a feed's change
 * gives the row a new version, which devices pull), so no row is sent again for a null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tires add column load_range text
    check (load_range in ('B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'L', 'M', 'N'))`.execute(db);
}
