import { sql, type Kysely } from 'kysely';

/**
 * The tire catalogue goes to devices (issue 26): the counter finds tires by size with no signal. Brands, product
 * lines and tires join the change feed as the platform's rows (no company), so they carry a version from the one
 * sequence and a deleted flag (a discontinued tire leaves devices as a tombstone). A tire also keeps its size's key
 * and its line's brand, which the device's finder narrows by without the sizes and lines at hand.
 *
 * Triggers keep both for every writer (the demo seed, a future catalogue import): a changed row takes a new
 * version by `take_change_versions`, so the feed's floor holds for catalogue writes as for any other; a tire's
 * size key and brand are read from its size and line as it is written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create function take_catalogue_version() returns trigger language plpgsql as $$
    begin
      new.version := take_change_versions(1);
      return new;
    end $$`);
  await run(`create function tire_catalogue_keys() returns trigger language plpgsql as $$
    begin
      select display_name into new.size_key from tire_sizes where tire_size_id = new.tire_size_id;
      select brand_hash_id into new.brand_hash_id from product_lines where product_line_hash_id = new.product_line_hash_id;
      return new;
    end $$`);
  for (const table of ['brands', 'product_lines', 'tires']) {
    await run(`alter table ${table} add column version bigint not null default 0, add column deleted boolean not null default false`);
    await run(`update ${table} set version = nextval('change_versions')`);
    await run(`create index ${table}_version on ${table} (version)`);
    await run(`create trigger ${table}_version before insert or update on ${table} for each row execute function take_catalogue_version()`);
  }
  await run(`alter table tires add column size_key text, add column brand_hash_id text`);
  await run(`update tires t set size_key = s.display_name from tire_sizes s where s.tire_size_id = t.tire_size_id`);
  await run(`update tires t set brand_hash_id = l.brand_hash_id from product_lines l where l.product_line_hash_id = t.product_line_hash_id`);
  await run(`alter table tires alter column size_key set not null, alter column brand_hash_id set not null`);
  await run(
    `create trigger tires_catalogue_keys before insert or update of tire_size_id, product_line_hash_id on tires for each row execute function tire_catalogue_keys()`,
  );
}
