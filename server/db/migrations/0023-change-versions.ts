import { sql, type Kysely } from 'kysely';

/**
 * Versions without a company-wide lock (docs/sync.md, "Versions and the floor"). Versions come from one sequence;
 * a transaction that takes versions marks the first of them with a transaction-level advisory lock (a key
 * below zero: the negated version), which PostgreSQL drops at commit or rollback. A reader of the change feed
 * serves only versions below the floor: the lowest version still marked, else the next the sequence will give.
 * A gate (a session advisory lock taken shared by a writer between nextval and its mark, exclusively by a
 * reader for the instant it reads the floor) keeps a reader from seeing a version taken but not yet marked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  const start = await sql<{ start: string }>`select (coalesce(max(version), 0) + 1)::text as start from company_change_counters`.execute(db);
  await run(`create sequence change_versions as bigint start with ${Number(start.rows[0]!.start)}`);
  await run(`create function take_change_versions(n integer) returns bigint language plpgsql as $$
    declare
      first bigint;
    begin
      if n = 1 then
        perform pg_advisory_lock_shared(1640020100);
      else
        perform pg_advisory_lock(1640020100);
      end if;
      begin
        first := nextval('change_versions');
        if n > 1 then
          perform setval('change_versions', first + n - 1);
        end if;
        if current_setting('alltrac.version_mark', true) is null or current_setting('alltrac.version_mark', true) = '' then
          perform pg_advisory_xact_lock_shared(-first);
          perform set_config('alltrac.version_mark', first::text, true);
        end if;
      exception when others then
        perform pg_advisory_unlock_all();
        raise;
      end;
      if n = 1 then
        perform pg_advisory_unlock_shared(1640020100);
      else
        perform pg_advisory_unlock(1640020100);
      end if;
      return first;
    end $$`);
  await run(`create function change_version_floor() returns bigint language plpgsql as $$
    declare
      floor bigint;
    begin
      perform pg_advisory_lock(1640020100);
      select least(
          (select min(-(((classid::bigint) << 32) | objid::bigint)) from pg_locks
            where locktype = 'advisory' and objsubid = 1 and granted and (((classid::bigint) << 32) | objid::bigint) < 0),
          (select case when is_called then last_value + 1 else last_value end from change_versions))
        into floor;
      perform pg_advisory_unlock(1640020100);
      return floor;
    end $$`);
  // The per-company counters and their lock are gone: versions come from the sequence.
  await run(`drop table company_change_counters`);
}
