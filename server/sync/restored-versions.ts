import type { Db } from '../db/connect.ts';

/**
 * Versions a restore lost. A backup holds the rows up to some version M; the server it came from went on giving
 * out versions after it, and devices pulled some of them. A device whose cursor is past M holds rows the restored
 * server never had, and the versions it passed would be given out again to new rows it would never pull. So a
 * restore moves the version sequence far past anything the old server can have given out (to G) and records
 * (M, G]: a device pulling from a cursor in it starts its replica again; one from M or below resumes.
 */
export interface LostVersions {
  after: number;
  upTo: number;
}

export const lostVersionsKey = 'lostVersions';

/** How far past the backup's last version a restore moves the sequence: more than the old server can have given out since. */
export const restoreVersionGap = 1_000_000_000;

/** A query of either driver as the restore holds it (pg's client, PGlite). */
export type RawQuery = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * Run by npm run restore in the restored database, before any server starts on it: finds the backup's last version
 * (the highest of every `version` column: rows, tombstones, scope entries, the catalogue), moves the sequence past
 * it by the gap and adds the interval to those recorded.
 */
export async function recordLostVersions(query: RawQuery): Promise<LostVersions> {
  const tables = (
    (await query(`select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'version' order by 1`)).rows as {
      name: string;
    }[]
  ).map((r) => r.name);
  // A database with no versioned table yet (a backup of a fresh install) has lost nothing a device can hold.
  const highest = ['select 0::bigint as v', ...tables.map((name) => `select max(version) as v from public."${name}"`)].join(' union all ');
  const rowsUpTo = Number(((await query(`select coalesce(max(v), 0)::text as v from (${highest}) versions`)).rows[0] as { v: string }).v);
  const given = Number(((await query('select last_value::text as v from change_versions')).rows[0] as { v: string }).v);
  const lost: LostVersions = { after: rowsUpTo, upTo: Math.max(given, rowsUpTo) + restoreVersionGap };
  await query(`select setval('change_versions', ${lost.upTo})`);
  const recorded = ((await query(`select value from app_meta where key = '${lostVersionsKey}'`)).rows[0] as { value: LostVersions[] } | undefined)?.value ?? [];
  const value = JSON.stringify([...recorded, lost]).replaceAll("'", "''");
  await query(`insert into app_meta (key, value) values ('${lostVersionsKey}', '${value}'::jsonb) on conflict (key) do update set value = excluded.value`);
  return lost;
}

/** The intervals of versions restores lost, read once when the server starts (a restore happens with it stopped). */
export async function lostVersions(db: Db): Promise<LostVersions[]> {
  const row = await db.selectFrom('appMeta').select('value').where('key', '=', lostVersionsKey).executeTakeFirst();
  return (row?.value as LostVersions[] | undefined) ?? [];
}

/** Whether a device's cursor is one a restore lost: it saw versions the restored server does not have. */
export const cursorLost = (since: number, lost: readonly LostVersions[]) => lost.some((l) => since > l.after && since <= l.upTo);
