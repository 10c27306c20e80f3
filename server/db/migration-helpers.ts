import { sql, type Kysely } from 'kysely';

/**
 * Gives every row of a replicated table a new version: devices synced before a migration hold cursors past the
 * rows' old versions, so their next pull brings the rows with the new columns. Versions come from the company
 * counters in migrations before 0023 (which replaced them), from the one sequence after it.
 */
export async function giveNewVersions(db: Kysely<unknown>, table: string): Promise<void> {
  const t = sql.table(table);
  const { rows } = await sql<{ sequence: string | null }>`select to_regclass('change_versions')::text as sequence`.execute(db);
  if (rows[0]?.sequence) {
    await sql`update ${t} set version = nextval('change_versions')`.execute(db);
    return;
  }
  await sql`with numbered as (
      select r.ctid as row_id, c.version + row_number() over (partition by r.company_id) as version
      from ${t} r join company_change_counters c on c.company_id = r.company_id)
    update ${t} r set version = numbered.version from numbered where r.ctid = numbered.row_id`.execute(db);
  await sql`update company_change_counters c set version = m.version
    from (select company_id, max(version) as version from ${t} group by company_id) m
    where m.company_id = c.company_id and m.version > c.version`.execute(db);
}
