import { sql, type Kysely } from 'kysely';

/**
 * Gives every row of a replicated table a new version from its company's counter: devices synced before a
 * migration hold cursors past the rows' old versions, so their next pull brings the rows with the new columns.
 */
export async function giveNewVersions(db: Kysely<unknown>, table: string): Promise<void> {
  const t = sql.table(table);
  await sql`with numbered as (
      select r.ctid as row_id, c.version + row_number() over (partition by r.company_id) as version
      from ${t} r join company_change_counters c on c.company_id = r.company_id)
    update ${t} r set version = numbered.version from numbered where r.ctid = numbered.row_id`.execute(db);
  await sql`update company_change_counters c set version = m.version
    from (select company_id, max(version) as version from ${t} group by company_id) m
    where m.company_id = c.company_id and m.version > c.version`.execute(db);
}
