import { sql, type Kysely } from 'kysely';

/**
 * The first schema: every entity of spec section 3 with the sync columns of DESIGN.md
 * (company_id, store_id, version, deleted), the per-company change counter and the idempotency store.
 * Column names are the contract's field names in snake_case (Kysely's CamelCasePlugin maps them).
 */
export const syncColumns = `
  company_id integer not null references companies(id),
  store_id integer references store_locations(id),
  version bigint not null,
  deleted boolean not null default false`;

const weekdayFlags = ['mondays', 'tuesdays', 'wednesdays', 'thursdays', 'fridays', 'saturdays', 'sundays']
  .map((d) => `is_open_${d} boolean not null`)
  .concat(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => `${d}_appointments_enabled boolean not null`))
  .join(',\n  ');

const replicated: Record<string, string> = {
  customers: `
    customer_id uuid primary key,
    first_name text, last_name text, company_name text, email text, phone_number text,
    preferred_contact_method text not null default 'Phone',
    address_line1 text, city text, state text, postal_code text, notes text,
    legacy_customer_id integer, created_on timestamptz not null default now()`,
  customer_vehicles: `
    vehicle_id uuid primary key,
    vehicle_hash_id text not null unique,
    customer_id uuid not null references customers(customer_id),
    year integer, make text, model text, trim text, vin text,
    vehicle_license_plate_state text, vehicle_license_plate_number text,
    color text not null default 'Unknown', mileage integer, legacy_vehicle_id integer`,
  scheduler_resources: `
    scheduler_resource_id uuid primary key,
    name text not null, assigned_technician_id uuid references users(user_id),
    sort_order integer not null default 0, is_active boolean not null default true`,
  store_service_categories: `
    store_service_category_id uuid primary key,
    name text not null, sort_order integer not null default 0`,
  store_services: `
    store_service_id uuid primary key,
    store_service_hash_id text not null unique,
    store_service_category_id uuid references store_service_categories(store_service_category_id),
    name text not null, description text,
    duration_in_minutes integer not null, price_in_cents integer,
    traction_service_code text, is_active boolean not null default true,
    online_booking_enabled boolean not null default false`,
  appointment_resources: `
    appointment_resource_id uuid not null references scheduler_resources(scheduler_resource_id),
    store_service_id uuid not null references store_services(store_service_id),
    primary key (appointment_resource_id, store_service_id)`,
  scheduler_resource_services: `
    scheduler_resource_id uuid not null references scheduler_resources(scheduler_resource_id),
    store_service_id uuid not null references store_services(store_service_id),
    primary key (scheduler_resource_id, store_service_id)`,
  scheduled_visits: `
    scheduled_visit_id uuid primary key,
    scheduled_visit_hash_id text not null unique,
    customer_id uuid references customers(customer_id),
    vehicle_id uuid references customer_vehicles(vehicle_id),
    customer_vehicle_status smallint check (customer_vehicle_status between 1 and 3),
    description text, staff_notes text, customer_comments text, key_tag text,
    is_external boolean not null default false, scheduled_by text, traction_invoice_number text,
    visit_appointment_count integer,
    scheduled_customer_check_in timestamptz, pick_up_time timestamptz,
    confirmation_date timestamptz, cancel_date timestamptz, check_in_date timestamptz,
    work_start_date timestamptz, work_complete_date timestamptz, ready_for_pickup_date timestamptz,
    check_out_date timestamptz,
    vehicle_status_id integer, vehicle_inspection_status text, inspection_report_id uuid,
    legacy_visit_id integer`,
  scheduled_services: `
    scheduled_service_id uuid primary key,
    scheduled_visit_id uuid not null references scheduled_visits(scheduled_visit_id),
    store_service_id uuid references store_services(store_service_id),
    resource_id uuid references scheduler_resources(scheduler_resource_id),
    start_date timestamptz not null, end_date timestamptz not null,
    duration_in_minutes integer not null, service_notes text,
    selected_technician uuid references users(user_id)`,
  unconfirmed_visits: `
    unconfirmed_visit_id uuid primary key,
    first_name text, last_name text, email text, phone_number text,
    preferred_contact_method text not null default 'Phone',
    vehicle_description text,
    store_service_id uuid references store_services(store_service_id),
    requested_start_date timestamptz not null, customer_comments text,
    submitted_on timestamptz not null default now(),
    confirmed_visit_id uuid references scheduled_visits(scheduled_visit_id)`,
  blocked_times: `
    blocked_time_id uuid primary key,
    resource_id uuid references scheduler_resources(scheduler_resource_id),
    start_date timestamptz not null, end_date timestamptz not null,
    duration_in_minutes integer not null, description text`,
  recurring_blocked_times: `
    recurring_blocked_time_id uuid primary key,
    resource_id uuid references scheduler_resources(scheduler_resource_id),
    start_date date not null, time_of_day text not null,
    duration_in_minutes integer not null, description text, recurrence_end_date date`,
  store_messages: `
    store_message_id uuid primary key,
    customer_id uuid references customers(customer_id),
    visit_id uuid references scheduled_visits(scheduled_visit_id),
    name text, email text, phone_number text,
    preferred_contact_method text not null default 'Phone',
    message_delivery_method text not null, message_direction text not null,
    template_type text not null default 'FreeForm',
    content text not null, sent_on timestamptz not null,
    customer_inquiry_type text,
    store_service_id uuid references store_services(store_service_id),
    is_archived boolean not null default false,
    replied_to_by_user_id uuid references users(user_id), replied_to_by_user_name text`,
  ratings: `
    rating_id uuid primary key,
    customer_id uuid references customers(customer_id),
    visit_id uuid references scheduled_visits(scheduled_visit_id),
    score numeric(2,1) not null check (score between 0 and 5),
    comment text, visit_date timestamptz not null, is_read boolean not null default false`,
  user_notifications: `
    user_notification_id uuid primary key,
    identity_id uuid not null references users(user_id),
    content text not null, link text, kind text not null,
    date_added timestamptz not null default now(), date_marked_read timestamptz`,
  retail_price_catalogs: `
    retail_price_catalog_id uuid primary key,
    name text not null, description text, is_subscribable boolean not null default false`,
  retail_store_settings: `
    website_url text, show_prices boolean not null default false,
    online_booking_lead_time_hours integer not null default 2,
    retail_price_catalog_id uuid references retail_price_catalogs(retail_price_catalog_id),
    unique (store_id)`,
  store_contacts: `
    store_contact_id uuid primary key,
    name text not null, title text, email text, phone_number text`,
  social_media_accounts: `
    social_media_account_id uuid primary key,
    platform text not null, url text not null`,
  tire_purchase_add_ons: `
    tire_purchase_add_on_id uuid primary key,
    category text not null, name text not null, price_in_cents integer not null,
    is_taxable boolean not null default true`,
  traction_orders: `
    traction_order_id uuid primary key,
    traction_order_hash_id text not null unique,
    invoice_number text not null, customer_first_name text, customer_last_name text, company_name text,
    related_visit_id uuid references scheduled_visits(scheduled_visit_id),
    order_date timestamptz not null, total_in_cents integer not null`,
  store_tire_services: `
    store_tire_service_id uuid primary key,
    type text not null default 'TireStudding', is_enabled boolean not null default false, price_in_cents integer`,
  store_tire_warranties: `
    store_tire_warranty_id uuid primary key,
    type text not null default 'PromisePlus', is_enabled boolean not null default false, price_in_cents integer`,
  logistics_transfers: `
    logistics_transfer_id uuid primary key,
    from_store_id integer not null references store_locations(id),
    to_store_id integer not null references store_locations(id),
    transit_days integer not null`,
  inventory_summaries: `
    tire_id uuid not null references tires(tire_id),
    quantity_on_hand integer not null, quantity_on_order integer not null,
    unique (store_id, tire_id)`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table app_meta (key text primary key, value jsonb not null)`);
  await run(`create table companies (
    id integer generated by default as identity primary key,
    alltrac_company_id integer not null unique,
    name text not null)`);
  await run(`create table company_change_counters (
    company_id integer primary key references companies(id),
    version bigint not null default 0)`);
  await run(`create table store_locations (
    id integer generated by default as identity primary key,
    alltrac_company_id integer not null references companies(alltrac_company_id),
    name text not null, store_number integer not null, service_key text, time_zone text,
    latitude double precision not null, longitude double precision not null, google_place_id text not null,
    calendar_interval integer not null,
    appointment_reminder_enabled boolean not null, appointment_reminder_hours_before integer not null,
    appointment_thank_you_enabled boolean not null, appointment_thank_you_hours_after integer not null,
    auto_adjust_appointment_times boolean not null, inspection_report_link_enabled boolean not null,
    online_appointments_enabled boolean not null, pickup_and_delivery_enabled boolean not null,
    ratings_enabled boolean not null, walk_ins_enabled boolean not null,
    ${weekdayFlags},
    twilio_phone_number text,
    company_id integer not null references companies(id),
    version bigint not null, deleted boolean not null default false,
    unique (alltrac_company_id, store_number))`);
  await run(`create index store_locations_company_version on store_locations (company_id, version)`);
  await run(`create table special_store_hours (
    special_store_hours_id uuid primary key,
    store_location_id integer not null references store_locations(id) on delete cascade,
    date date not null, open_time text, close_time text, is_closed boolean not null default false,
    description text)`);

  await run(`create table users (
    user_id uuid primary key,
    company_id integer not null references companies(id),
    email text not null, name text not null, password_hash text not null,
    created_on timestamptz not null default now())`);
  await run(`create unique index users_email on users (lower(email))`);
  await run(`create table user_roles (
    user_id uuid not null references users(user_id) on delete cascade,
    store_id integer references store_locations(id) on delete cascade,
    role text not null)`);
  await run(`create unique index user_roles_unique on user_roles (user_id, coalesce(store_id, 0), role)`);
  await run(`create table user_settings (
    user_id uuid primary key references users(user_id) on delete cascade,
    all_trac_current_store_location integer references store_locations(id) on delete set null,
    all_trac_hide_install_prompt timestamptz)`);

  await run(`create table system_notifications (
    system_notification_id uuid primary key,
    content text not null, date_started timestamptz not null, date_ended timestamptz not null,
    severity_level text not null, application text not null)`);

  await run(`create table brands (brand_hash_id text primary key, name text not null)`);
  await run(`create table product_lines (
    product_line_hash_id text primary key,
    brand_hash_id text not null references brands(brand_hash_id),
    name text not null, description text)`);
  await run(`create table tire_sizes (
    tire_size_id uuid primary key, width integer not null, aspect_ratio integer not null,
    rim_diameter numeric(4,1) not null, display_name text not null)`);
  await run(`create table tires (
    tire_id uuid primary key,
    product_line_hash_id text not null references product_lines(product_line_hash_id),
    tire_size_id uuid not null references tire_sizes(tire_size_id),
    sku text not null unique, category text not null, subcategory text, web_category text,
    load_index integer, speed_rating text)`);

  for (const [table, columns] of Object.entries(replicated)) {
    await run(`create table ${table} (${columns},${syncColumns})`);
    await run(`create index ${table}_company_version on ${table} (company_id, version)`);
  }

  await run(`create table idempotency_keys (
    user_id uuid not null references users(user_id) on delete cascade,
    key text not null,
    method text not null, path text not null,
    status_code integer not null, response jsonb,
    created_on timestamptz not null default now(),
    primary key (user_id, key))`);

  await run(`create table oidc_payloads (
    model text not null, id text not null, payload jsonb not null,
    grant_id text, user_code text, uid text,
    expires_at timestamptz, consumed_at timestamptz,
    primary key (model, id))`);
  await run(`create index oidc_payloads_grant on oidc_payloads (grant_id)`);
  await run(`create index oidc_payloads_uid on oidc_payloads (uid)`);
  await run(`create table server_keys (name text primary key, value jsonb not null)`);
  await run(`create table sign_in_failures (
    subject text primary key, failures integer not null, first_failure_at timestamptz not null)`);
}
