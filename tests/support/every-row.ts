/** A connection of either driver: pg's client and PGlite both answer a query's text with its rows. */
interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

/** Every row of every table of the public schema as JSON text, sorted, by table: two databases compared whole. */
export async function everyRow(client: Queryable): Promise<Record<string, string[]>> {
  const tables = (await client.query(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).rows as { name: string }[];
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await client.query(`select to_jsonb(t)::text as row from public."${name}" t`);
    all[name] = (rows as { row: string }[]).map((r) => r.row).sort();
  }
  return all;
}

/**
 * The tables whose rows differ between two databases, each with how many rows only one side holds and the first of
 * them: empty when every row of every table is equal (a failure names the tables, not fourteen thousand rows).
 */
export function rowDifferences(expected: Record<string, string[]>, actual: Record<string, string[]>) {
  const differences: Record<string, { missing: number; extra: number; first: string | undefined }> = {};
  for (const table of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const want = expected[table] ?? [];
    const got = actual[table] ?? [];
    const missing = without(want, got);
    const extra = without(got, want);
    if (missing.length + extra.length > 0) differences[table] = { missing: missing.length, extra: extra.length, first: missing[0] ?? extra[0] };
  }
  return differences;
}

/** The rows of `rows` not in `other`, counting duplicates (a table without a key may hold one row twice). */
function without(rows: string[], other: string[]): string[] {
  const counts = new Map<string, number>();
  for (const row of other) counts.set(row, (counts.get(row) ?? 0) + 1);
  return rows.filter((row) => {
    const left = counts.get(row) ?? 0;
    counts.set(row, left - 1);
    return left <= 0;
  });
}

/**
 * A restored database's rows without the one row the restore adds (app_meta's lostVersions,
 * server/sync/restored-versions.ts), and that row's intervals: the rest must equal the backup's rows.
 */
export function withoutRestoreMark(all: Record<string, string[]>): { rows: Record<string, string[]>; lost: { after: number; upTo: number }[] } {
  const meta = (all.app_meta ?? []).map((row) => JSON.parse(row) as { key: string; value: unknown });
  const mark = meta.find((row) => row.key === 'lostVersions');
  return {
    rows: { ...all, app_meta: (all.app_meta ?? []).filter((_, i) => meta[i] !== mark) },
    lost: (mark?.value ?? []) as { after: number; upTo: number }[],
  };
}

/** The highest `version` of any row: what a device can have pulled from these rows at most. */
export function highestVersion(all: Record<string, string[]>): number {
  let highest = 0;
  for (const rows of Object.values(all))
    for (const row of rows) {
      const { version } = JSON.parse(row) as { version?: unknown };
      if (typeof version === 'number' && version > highest) highest = version;
    }
  return highest;
}
