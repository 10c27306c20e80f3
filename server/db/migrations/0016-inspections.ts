import { sql, type Kysely } from 'kysely';

const syncColumns = `company_id integer not null references companies(id),
    store_id integer not null references store_locations(id),
    version bigint not null, deleted boolean not null default false,
    changed_by uuid, changed_by_name text, changed_at timestamptz`;

/**
 * Inspections in the bay (issue: technicians): a report per visit, made on the technician's device with the
 * store's template as it was then; each item's result as its own row, so the technician's edits and the
 * customer's decisions on other items never overwrite each other; photos as rows (replicated) whose bytes
 * arrive separately, in pieces, so an upload that breaks off goes on where it stopped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create table inspection_reports (
    inspection_report_id uuid primary key,
    inspection_report_hash_id text not null unique,
    scheduled_visit_id uuid not null references scheduled_visits(scheduled_visit_id),
    vehicle_id uuid references customer_vehicles(vehicle_id),
    technician_id uuid references users(user_id),
    groups jsonb not null,
    started_at timestamptz not null, completed_at timestamptz, sent_at timestamptz,
    approved_by_name text, approved_at timestamptz,
    ${syncColumns})`);
  await run(`create unique index inspection_reports_one_per_visit on inspection_reports (scheduled_visit_id) where not deleted`);
  await run(`create index inspection_reports_company_version on inspection_reports (company_id, version)`);
  await run(`create index inspection_reports_vehicle on inspection_reports (vehicle_id)`);
  await run(`create table inspection_items (
    inspection_report_id uuid not null references inspection_reports(inspection_report_id),
    item_id uuid not null,
    status text not null check (status in ('NotInspected', 'Passed', 'Warning', 'Failed')),
    notes text, measurement numeric(6,1),
    customer_decision text check (customer_decision in ('Approved', 'Declined')), decided_at timestamptz,
    ${syncColumns},
    primary key (inspection_report_id, item_id))`);
  await run(`create index inspection_items_company_version on inspection_items (company_id, version)`);
  await run(`create table inspection_photos (
    inspection_photo_id uuid primary key,
    inspection_report_id uuid not null references inspection_reports(inspection_report_id),
    item_id uuid not null,
    content_type text not null, byte_size integer not null, width integer not null, height integer not null,
    taken_at timestamptz not null, uploaded_at timestamptz,
    ${syncColumns})`);
  await run(`create index inspection_photos_company_version on inspection_photos (company_id, version)`);
  await run(`create index inspection_photos_report on inspection_photos (inspection_report_id)`);
  // The bytes, outside the replicated row: devices learn that a photo arrived (uploaded_at), and fetch it when shown.
  await run(`create table inspection_photo_contents (
    inspection_photo_id uuid primary key references inspection_photos(inspection_photo_id),
    received integer not null default 0,
    bytes bytea not null default ''::bytea)`);
}
