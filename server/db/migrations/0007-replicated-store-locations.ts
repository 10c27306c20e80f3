import { sql, type Kysely } from 'kysely';

const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * Store settings (issue: store settings): store locations and their special hours become replicated rows,
 * so a change reaches every device of the store through the change feed and the hub, not a session refresh.
 * A store's row belongs to the store itself (store_id is its id, kept so by the database), and whether it
 * has a service key is a column of its own: the feed withholds the key from non-admins but not that fact.
 * Also new: opening and closing times per weekday, review links per platform, and the store's address and phone;
 * and the store's staff (who has a role at the store, with their name) as replicated rows, so devices can
 * name a resource's technician offline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table store_locations
    add column store_id integer generated always as (id) stored,
    add column has_service_key boolean generated always as (service_key is not null) stored,
    add column changed_by uuid, add column changed_by_name text, add column changed_at timestamptz,
    ${days.map((d) => `add column ${d}_open_time text not null default '08:00', add column ${d}_close_time text not null default '18:00'`).join(',\n    ')},
    add column google_review_url text, add column yelp_review_url text,
    add column address_line1 text, add column city text, add column state text, add column postal_code text, add column phone_number text`);

  await run(`alter table special_store_hours
    add column company_id integer references companies(id),
    add column store_id integer references store_locations(id),
    add column version bigint, add column deleted boolean not null default false,
    add column changed_by uuid, add column changed_by_name text, add column changed_at timestamptz`);
  await run(`update special_store_hours h set company_id = s.company_id, store_id = s.id from store_locations s where s.id = h.store_location_id`);

  // Devices synced before this migration hold cursors past these rows' versions: each row takes a new
  // version from its company's counter, so the next pull brings it.
  await run(`create table store_staff (
    user_id uuid not null references users(user_id) on delete cascade,
    name text not null, email text not null, roles jsonb not null,
    company_id integer not null references companies(id),
    store_id integer not null references store_locations(id),
    version bigint not null default 0, deleted boolean not null default false,
    changed_by uuid, changed_by_name text, changed_at timestamptz,
    primary key (store_id, user_id))`);
  await run(`insert into store_staff (user_id, name, email, roles, company_id, store_id)
    select u.user_id, u.name, u.email, jsonb_agg(r.role order by r.role), u.company_id, r.store_id
    from user_roles r join users u on u.user_id = r.user_id where r.store_id is not null
    group by u.user_id, u.name, u.email, u.company_id, r.store_id`);
  await run(`create index store_staff_company_version on store_staff (company_id, version)`);

  for (const table of ['store_locations', 'special_store_hours', 'store_staff']) {
    await run(`insert into company_change_counters (company_id, version)
      select distinct company_id, 0 from ${table} where company_id is not null on conflict (company_id) do nothing`);
    await run(`with numbered as (
        select t.ctid as row_id, c.version + row_number() over (partition by t.company_id) as version
        from ${table} t join company_change_counters c on c.company_id = t.company_id)
      update ${table} t set version = numbered.version from numbered where t.ctid = numbered.row_id`);
    await run(`update company_change_counters c set version = m.version
      from (select company_id, max(version) as version from ${table} group by company_id) m
      where m.company_id = c.company_id and m.version > c.version`);
  }
  await run(`alter table special_store_hours alter column company_id set not null, alter column store_id set not null, alter column version set not null`);
  await run(`create index special_store_hours_company_version on special_store_hours (company_id, version)`);
  await run(`create unique index special_store_hours_one_per_day on special_store_hours (store_location_id, date) where not deleted`);
}
