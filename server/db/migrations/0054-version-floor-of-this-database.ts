import { sql, type Kysely } from 'kysely';

/**
 * The change feed's floor reads only this database's version marks. Advisory locks are the cluster's: pg_locks
 * lists every database's, and their versions come from other sequences. Read unfiltered, a write in flight in
 * another database of the same PostgreSQL server (another deployment, a staging copy, a test running beside)
 * held this one's floor at its own lower version: devices were served nothing newer until it committed, and
 * under steady writes there, hardly ever. Found by the write hammer run beside other PostgreSQL test files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function change_version_floor() returns bigint language plpgsql as $$
    declare
      floor bigint;
    begin
      perform pg_advisory_lock(1640020100);
      select least(
          (select min(-(((classid::bigint) << 32) | objid::bigint)) from pg_locks
            where locktype = 'advisory' and objsubid = 1 and granted and (((classid::bigint) << 32) | objid::bigint) < 0
              and database = (select oid from pg_database where datname = current_database())),
          (select case when is_called then last_value + 1 else last_value end from change_versions))
        into floor;
      perform pg_advisory_unlock(1640020100);
      return floor;
    end $$`.execute(db);
}
