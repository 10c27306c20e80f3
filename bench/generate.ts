import { sql } from 'kysely';
import type { Db } from '../server/db/connect.ts';
import { takeVersions } from '../server/db/versions.ts';
import { rebuildCustomerKeys } from '../server/sync/customer-keys.ts';
import { rebuildVisitScope } from '../server/sync/visit-scope.ts';

/** How many rows of each kind a generated store gets. */
export interface StoreSize {
  customers: number;
  vehicles: number;
  visits: number;
  messages: number;
  ratings: number;
  /** Scheduler columns of the store (the demo has four; the rest are added). */
  columns: number;
}

/** A big store, as a busy tire store has after two years. */
export const storeSize = (scale: number): StoreSize => ({
  customers: Math.round(50_000 * scale), vehicles: Math.round(100_000 * scale), visits: Math.round(200_000 * scale),
  messages: Math.round(20_000 * scale), ratings: Math.round(10_000 * scale), columns: 12,
});

/** BENCH_SCALE shrinks the store for a quick trial run (the figures that count use 1). */
export const bigStore = storeSize(Number(process.env.BENCH_SCALE ?? 1));

/** Adds a big store's worth of rows to store #101 of the demo company. */
export async function generateBigStore(db: Db): Promise<{ storeId: number; rows: number }> {
  const store = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  const rows = await fillStore(db, store.id, bigStore);
  await rebuildCustomerKeys(db, (await db.selectFrom('storeLocations').select('companyId').where('id', '=', store.id).executeTakeFirstOrThrow()).companyId);
  // Fresh statistics, as autovacuum would make them on PostgreSQL: without them the planner expects a few
  // rows and sorts whole tables instead of walking the (company_id, version) index.
  await sql`analyze`.execute(db);
  return { storeId: store.id, rows };
}

/**
 * A dealer network's company: the demo company's store #101 and `stores - 1` more like it (numbers 201, 202…),
 * each filled with `size` rows. Answers the stores' ids, #101 first.
 */
export async function generateBigCompany(db: Db, stores: number, size: StoreSize): Promise<{ storeIds: number[]; rows: number }> {
  const first = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  // The keys of #101's customers are made with the other stores' (addBigStores makes the company's keys once).
  const rows = await fillStore(db, first.id, size);
  const more = await addBigStores(db, stores - 1, size);
  return { storeIds: [first.id, ...more.storeIds], rows: rows + more.rows };
}

/** `count` more stores like #101 in the demo company (numbers 201, 202… after those already there), each filled with `size` rows. */
export async function addBigStores(db: Db, count: number, size: StoreSize): Promise<{ storeIds: number[]; rows: number }> {
  const first = await db.selectFrom('storeLocations').select(['id', 'companyId']).where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  const taken = await db.selectFrom('storeLocations').select((eb) => eb.fn.max('storeNumber').as('n')).where('storeNumber', '>', 200).executeTakeFirst();
  const columns = (await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_name = 'store_locations' and table_schema = current_schema() and is_generated = 'NEVER'
      and column_name not in ('id', 'store_number', 'name', 'twilio_phone_number', 'contact_form_id', 'version')`.execute(db)).rows.map((c) => sql.ref(c.name));
  const storeIds: number[] = [];
  for (let n = 1; n <= count; n++) {
    const storeNumber = Math.max(200, Number(taken?.n ?? 0)) + n;
    const [version] = await db.transaction().execute(async (trx) => [await takeVersions(trx)]);
    const { rows } = await sql<{ id: number }>`insert into store_locations (store_number, name, version, ${sql.join(columns)})
      select ${storeNumber}, ${`Demo Tire & Auto #${storeNumber}`}, ${version}, ${sql.join(columns)} from store_locations where id = ${first.id} returning id`.execute(db);
    const id = rows[0]!.id;
    await sql`insert into store_services (store_service_id, store_service_hash_id, store_service_category_id, name, description, duration_in_minutes, price_in_cents, traction_service_code, is_active, online_booking_enabled, company_id, store_id, version)
      select gen_random_uuid(), md5(random()::text), store_service_category_id, name, description, duration_in_minutes, price_in_cents, null, is_active, online_booking_enabled, company_id, ${id}, ${version}
      from store_services where store_id = ${first.id} and not deleted`.execute(db);
    storeIds.push(id);
  }
  let rows = 0;
  for (const id of storeIds) rows += await fillStore(db, id, size);
  await rebuildCustomerKeys(db, first.companyId);
  await sql`analyze`.execute(db);
  return { storeIds, rows };
}

/**
 * Adds `size` rows to a store of the demo company, with set-based SQL (one statement per table) and versions
 * taken from the sequence like any write. Answers how many rows it made.
 */
async function fillStore(db: Db, storeId: number, bigStore: StoreSize): Promise<number> {
  const store = await db.selectFrom('storeLocations').select(['id', 'companyId', 'storeNumber']).where('id', '=', storeId).executeTakeFirstOrThrow();
  // Store #101 keeps the phones and addresses the bench's searches type; the others' are their own.
  const phoneBase = 5_550_000_000 + (store.storeNumber === 101 ? 0 : (store.storeNumber % 100) * 1_000_000);
  const emailPrefix = store.storeNumber === 101 ? 'c' : `s${store.storeNumber}c`;
  const service = await db.selectFrom('storeServices').select('storeServiceId').where('storeId', '=', store.id).executeTakeFirstOrThrow();
  const c = store.companyId;
  const s = store.id;
  // A big store has a dozen columns: its bays and technicians.
  const existing = await db.selectFrom('schedulerResources').select('schedulerResourceId').where('storeId', '=', s).execute();
  const added = Math.max(0, bigStore.columns - existing.length);
  await db.transaction().execute(async (trx) => {
    const total = added + bigStore.customers + bigStore.vehicles + 2 * bigStore.visits + bigStore.messages + bigStore.ratings;
    let v = await takeVersions(trx, total);
    const next = (n: number) => { const first = v; v += n; return first; };
    await sql`insert into scheduler_resources (scheduler_resource_id, name, assigned_technician_id, sort_order, is_active, company_id, store_id, version)
      select gen_random_uuid(), 'Bench bay ' || i, null, 100 + i, true, ${c}, ${s}, ${next(added)} + i - 1 from generate_series(1, ${added}) i`.execute(trx);
    const resources = await trx.selectFrom('schedulerResources').select('schedulerResourceId').where('storeId', '=', s).execute();
    await sql`create temporary table bench_customers as select i, gen_random_uuid() as id from generate_series(1, ${bigStore.customers}) i`.execute(trx);
    await sql`insert into customers (customer_id, first_name, last_name, email, phone_number, preferred_contact_method, city, state, postal_code, created_on, company_id, store_id, version)
      select id, 'First' || i, 'Last' || (i % 5000), ${emailPrefix} || i || '@example.com', lpad((${phoneBase}::bigint + i)::text, 10, '0'), 'Text', 'Springfield', 'IL', '62701', now() - (i || ' minutes')::interval, ${c}, null, ${next(bigStore.customers)} + i - 1
      from bench_customers`.execute(trx);
    await sql`create temporary table bench_vehicles as select g.i, gen_random_uuid() as id, c.id as customer_id
      from generate_series(1, ${bigStore.vehicles}) g(i) join bench_customers c on c.i = 1 + (g.i % ${bigStore.customers})`.execute(trx);
    await sql`insert into customer_vehicles (vehicle_id, vehicle_hash_id, customer_id, year, make, model, vehicle_license_plate_state, vehicle_license_plate_number, color, company_id, store_id, version)
      select id, md5(id::text), customer_id, 2005 + (i % 20), 'Make' || (i % 30), 'Model' || (i % 90), 'IL', 'P' || i, 'Silver', ${c}, null, ${next(bigStore.vehicles)} + i - 1
      from bench_vehicles`.execute(trx);
    await sql`create temporary table bench_visits as
      select g.i, gen_random_uuid() as id, v.customer_id, v.id as vehicle_id,
        date_trunc('day', now()) - ((g.i % 740) - 10 || ' days')::interval + ((8 + g.i % 9) || ' hours')::interval as start_date
      from generate_series(1, ${bigStore.visits}) g(i) join bench_vehicles v on v.i = 1 + (g.i % ${bigStore.vehicles})`.execute(trx);
    await sql`insert into scheduled_visits (scheduled_visit_id, scheduled_visit_hash_id, customer_id, vehicle_id, customer_vehicle_status, is_external, visit_appointment_count, confirmation_date, check_in_date, check_out_date, company_id, store_id, version)
      select id, md5(id::text), customer_id, vehicle_id, 1 + i % 3, false, 1, start_date - interval '2 days',
        case when start_date < now() then start_date end, case when start_date < now() - interval '1 day' then start_date + interval '2 hours' end,
        ${c}, ${s}, ${next(bigStore.visits)} + i - 1
      from bench_visits`.execute(trx);
    await sql`insert into scheduled_services (scheduled_service_id, scheduled_visit_id, store_service_id, resource_id, start_date, end_date, duration_in_minutes, company_id, store_id, version)
      select gen_random_uuid(), id, ${service.storeServiceId}, (${sql.val(resources.map((r) => r.schedulerResourceId))}::uuid[])[1 + i % ${resources.length}],
        start_date, start_date + interval '1 hour', 60, ${c}, ${s}, ${next(bigStore.visits)} + i - 1
      from bench_visits`.execute(trx);
    await sql`insert into store_messages (store_message_id, customer_id, name, phone_number, preferred_contact_method, message_delivery_method, message_direction, template_type, content, sent_on, is_archived, company_id, store_id, version)
      select gen_random_uuid(), c.id, 'First' || c.i, '5550000000', 'Sms', 'Sms', 'Inbound', 'Incoming', 'Is my car ready? #' || g.i, now() - (g.i || ' minutes')::interval, g.i > 200, ${c}, ${s}, ${next(bigStore.messages)} + g.i - 1
      from generate_series(1, ${bigStore.messages}) g(i) join bench_customers c on c.i = 1 + (g.i % ${bigStore.customers})`.execute(trx);
    await sql`insert into ratings (rating_id, customer_id, score, visit_date, is_read, company_id, store_id, version)
      select gen_random_uuid(), c.id, 1 + (g.i % 9) * 0.5, now() - (g.i || ' hours')::interval, g.i > 100, ${c}, ${s}, ${next(bigStore.ratings)} + g.i - 1
      from generate_series(1, ${bigStore.ratings}) g(i) join bench_customers c on c.i = 1 + (g.i % ${bigStore.customers})`.execute(trx);
    await rebuildVisitScope(trx, c);
    for (const table of ['bench_customers', 'bench_vehicles', 'bench_visits']) await sql`drop table ${sql.table(table)}`.execute(trx);
  });
  return added + bigStore.customers + bigStore.vehicles + 2 * bigStore.visits + bigStore.messages + bigStore.ratings;
}
