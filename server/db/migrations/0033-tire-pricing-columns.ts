import { sql, type Kysely } from 'kysely';
import { giveNewVersions } from '../migration-helpers.ts';

/**
 * What a tire quote reads (issue 26): whether a tire purchase add-on is charged once for each tire (as every
 * add-on was until now) or once for the job; and on the catalogue's tires, a list price, the second load index
 * of tires used in pairs, UTQG, run-flat and new tread depth; indexes for the catalogue's lists. Add-ons are
 * replicated: they get new versions, so devices synced before pull them again with the new field.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tire_purchase_add_ons add column charged_per text not null default 'PerTire'`.execute(db);
  await sql`alter table tires
    add column dual_load_index integer,
    add column price_in_cents integer,
    add column utqg text,
    add column is_run_flat boolean not null default false,
    add column tread_depth32nds integer`.execute(db);
  // The catalogue's lists narrow tires by size and product line, and lines by brand: by index, not by scanning
  // a catalogue of tens of thousands of tires.
  await sql`create index tires_size on tires (tire_size_id)`.execute(db);
  await sql`create index tires_product_line on tires (product_line_hash_id)`.execute(db);
  await sql`create index product_lines_brand on product_lines (brand_hash_id)`.execute(db);
  await giveNewVersions(db, 'tire_purchase_add_ons');
}
