import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../server/db/connect.ts';
import type { Database } from '../server/db/schema.ts';
import { takeVersions } from '../server/db/versions.ts';
import { rebuildCustomerKeys } from '../server/sync/customer-keys.ts';
import { rebuildVisitScope } from '../server/sync/visit-scope.ts';
import { seededRandom } from '../server/seed/demo-catalogue.ts';
import { appointmentsEnabledFields, isOpenFields } from '../src/contract/store-week.ts';

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
  customers: Math.round(50_000 * scale),
  vehicles: Math.round(100_000 * scale),
  visits: Math.round(200_000 * scale),
  messages: Math.round(20_000 * scale),
  ratings: Math.round(10_000 * scale),
  columns: 12,
});

/** BENCH_SCALE shrinks the store for a quick trial run (the figures that count use 1). */
export const bigStore = storeSize(Number(process.env.BENCH_SCALE ?? 1));

/**
 * The platform's tire catalogue the counter searches: a national catalogue's worth (the demo seeds about 5,000).
 * BENCH_SCALE leaves it whole: every store gets the same catalogue, a small one too.
 */
export const catalogueSize = { tires: 30_000 };

export interface BigCatalogue {
  tires: number;
  sizes: number;
  /** Tires of the counter's usual size (225/65R17). */
  counterSizeTires: number;
  /** Tires the big store has stock of. */
  stocked: number;
}

/**
 * Adds a big store's worth of rows to store #101 of the demo company, grows the catalogue to `catalogueSize`
 * with #101's stock of a share of it, and adds a new dealer's empty store (`addNewDealer`).
 */
export async function generateBigStore(
  db: Db,
): Promise<{ storeId: number; rows: number; catalogue: BigCatalogue; newDealer: { storeId: number; email: string } }> {
  const store = await db.selectFrom('storeLocations').select(['id', 'companyId']).where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  let rows = await fillStore(db, store.id, bigStore);
  await rebuildCustomerKeys(db, store.companyId);
  const catalogue = await growCatalogue(db, store, catalogueSize.tires);
  rows += catalogue.rows;
  const newDealer = await addNewDealer(db);
  // Fresh statistics, as autovacuum would make them on PostgreSQL: without them the planner expects a few
  // rows and sorts whole tables instead of walking the (company_id, version) index.
  await sql`analyze`.execute(db);
  return { storeId: store.id, rows, catalogue: catalogue.catalogue, newDealer };
}

/** The counter's usual size: a real catalogue offers it in hundreds of tires (lines, load and speed variants, run-flats). */
const counterSize = '225/65R17';

/**
 * Every metric passenger size a national catalogue lists on 13–22 inch rims: the widths and profiles made for
 * each rim, with an overall diameter a car or light truck takes (about 22 to 33 inches).
 */
function metricSizes(): { key: string; width: number; aspectRatio: number; rim: number }[] {
  const made: Record<number, readonly [number, number, number, number]> = {
    13: [145, 205, 60, 80],
    14: [155, 215, 55, 80],
    15: [165, 235, 50, 75],
    16: [185, 285, 45, 85],
    17: [195, 315, 40, 75],
    18: [205, 315, 35, 70],
    19: [215, 305, 30, 55],
    20: [225, 325, 30, 60],
    21: [235, 325, 30, 45],
    22: [245, 325, 30, 45],
  };
  const sizes = [];
  for (const [rim, [narrowest, widest, lowest, highest]] of Object.entries(made).map(([rim, range]) => [Number(rim), range] as const)) {
    for (let width = narrowest; width <= widest; width += 10) {
      for (let aspectRatio = lowest; aspectRatio <= highest; aspectRatio += 5) {
        const diameterMm = rim * 25.4 + (2 * width * aspectRatio) / 100;
        if (diameterMm >= 560 && diameterMm <= 840) sizes.push({ key: `${width}/${aspectRatio}R${rim}`, width, aspectRatio, rim });
      }
    }
  }
  return sizes;
}

/** A load index near the catalogues' for a size, from its air volume (225/65R17 → 102, 205/55R16 → 90). */
function loadIndexOf(width: number, aspectRatio: number, rim: number): number {
  const sidewall = (width * aspectRatio) / 100;
  const volume = (width * sidewall * (rim * 25.4 + sidewall)) / 1e6;
  return Math.max(70, Math.min(125, Math.round(82 + 29 * (Math.log(volume) - 2.24))));
}

/**
 * Grows the catalogue to `total` tires: sizes first (the demo's kept, the rest added), then tires in chunks,
 * each of a demo product line made in sizes near it (the line's kind, grades and price level), spread over the
 * sizes as a catalogue is: most in the 16–18 inch sizes stores sell, and the demo's common sizes far more than
 * the rare ones. The trigger of migration 0034 gives each its size key, brand and version. #101 stocks a share
 * of the new tires, as it does of the demo's.
 */
async function growCatalogue(db: Db, store: { id: number; companyId: number }, total: number): Promise<{ rows: number; catalogue: BigCatalogue }> {
  // Seeded: the catalogue comes out the same on every run, so its figures compare between runs.
  const random = seededRandom(20_260_401);
  const existing = Number(
    (
      await db
        .selectFrom('tires')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const demoSizes = await db.selectFrom('tireSizes').select(['tireSizeId', 'displayName']).execute();
  const sizeIds = new Map(demoSizes.map((s) => [s.displayName, s.tireSizeId]));
  // Each line's look: a tire of it on a metric size (its kind, grades, speed and price level), and its rims.
  const { rows: lines } = await sql<{
    productLineHashId: string;
    category: Insertable<Database['tires']>['category'];
    subcategory: string | null;
    webCategory: Insertable<Database['tires']>['webCategory'];
    speedRating: string | null;
    utqg: string | null;
    treadDepth32nds: number | null;
    priceInCents: number | null;
    width: number;
    rimDiameter: number;
    minRim: number;
    maxRim: number;
  }>`select distinct on (t.product_line_hash_id) t.product_line_hash_id, t.category, t.subcategory, t.web_category, t.speed_rating, t.utqg,
      t.tread_depth32nds, t.price_in_cents, s.width, s.rim_diameter,
      min(s.rim_diameter) over (partition by t.product_line_hash_id) as min_rim, max(s.rim_diameter) over (partition by t.product_line_hash_id) as max_rim
    from tires t join tire_sizes s on s.tire_size_id = t.tire_size_id
    where s.display_name ~ '^[0-9]{3}/[0-9]{2}R[0-9]{2}$' and not t.is_run_flat
    order by t.product_line_hash_id, t.sku`.execute(db);
  if (lines.length === 0) throw new Error('The demo catalogue has no product lines to grow the bench catalogue from.');
  const basePrice = (width: number, aspectRatio: number, rim: number) => 42 * (width / 10) * rim * (aspectRatio < 55 ? 1 + (55 - aspectRatio) * 0.008 : 1);
  const linesNear = (rim: number) => {
    const near = lines.filter((l) => Number(l.minRim) - 2 <= rim && rim <= Number(l.maxRim) + 2);
    return near.length > 0 ? near : lines;
  };

  const sizes = metricSizes();
  const rimDemand: Record<number, number> = { 13: 0.3, 14: 0.6, 15: 1, 16: 1.4, 17: 1.6, 18: 1.4, 19: 0.9, 20: 0.9, 21: 0.4, 22: 0.4 };
  const weights = sizes.map((s) => [s, rimDemand[s.rim]! * (s.key === counterSize ? 10 : sizeIds.has(s.key) ? 6 : 1)] as const);
  const newSizes = sizes
    .filter((s) => !sizeIds.has(s.key))
    .map((s) => ({ tireSizeId: randomUUID(), width: s.width, aspectRatio: s.aspectRatio, rimDiameter: s.rim, displayName: s.key }));
  for (const s of newSizes) sizeIds.set(s.displayName, s.tireSizeId);
  for (let i = 0; i < newSizes.length; i += 500)
    await db
      .insertInto('tireSizes')
      .values(newSizes.slice(i, i + 500))
      .execute();

  const tires: Insertable<Database['tires']>[] = [];
  const stock: { tireId: string; quantityOnHand: number; quantityOnOrder: number }[] = [];
  for (let n = 0; n < total - existing; n++) {
    const size = random.weighted(weights);
    const near = linesNear(size.rim);
    const line = near[Math.floor(random.next() * near.length)]!;
    const runFlat = size.rim >= 17 && size.rim <= 20 && size.aspectRatio <= 55 && random.next() < 0.06;
    const extraLoad = size.aspectRatio <= 50 && random.next() < 0.4;
    const linePrice = basePrice(line.width, 60, Number(line.rimDiameter));
    const factor = Math.min(2.5, Math.max(0.6, (line.priceInCents ?? linePrice) / linePrice));
    const dollars = (basePrice(size.width, size.aspectRatio, size.rim) / 100) * factor * (runFlat ? 1.18 : 1) * (0.97 + random.next() * 0.06);
    const tireId = randomUUID();
    tires.push({
      tireId,
      productLineHashId: line.productLineHashId,
      tireSizeId: sizeIds.get(size.key)!,
      sku: `BNC${String(n).padStart(7, '0')}`,
      category: line.category,
      subcategory: line.subcategory,
      webCategory: line.webCategory,
      loadIndex: loadIndexOf(size.width, size.aspectRatio, size.rim) + (extraLoad ? 4 : 0),
      dualLoadIndex: null,
      loadRange: null,
      speedRating: line.speedRating,
      priceInCents: Math.max(59, Math.round(dollars)) * 100 - 1,
      costInCents: null,
      utqg: line.utqg,
      isRunFlat: runFlat,
      treadDepth32nds: line.treadDepth32nds,
    });
    // About a quarter of the new tires in stock at #101, more of the sizes that sell; counted in sets of two and four.
    if (random.next() < 0.18 * rimDemand[size.rim]!) {
      stock.push({
        tireId,
        quantityOnHand: random.weighted([
          [0, 7],
          [2, 9],
          [4, 22],
          [6, 8],
          [8, 18],
          [12, 12],
          [16, 8],
          [20, 5],
          [24, 5],
        ] as const),
        quantityOnOrder: random.weighted([
          [0, 85],
          [4, 10],
          [8, 5],
        ] as const),
      });
    }
  }
  for (let i = 0; i < tires.length; i += 1000)
    await db
      .insertInto('tires')
      .values(tires.slice(i, i + 1000))
      .execute();

  if (stock.length > 0)
    await db.transaction().execute(async (trx) => {
      const v = await takeVersions(trx, stock.length);
      for (let i = 0; i < stock.length; i += 1000) {
        await trx
          .insertInto('inventorySummaries')
          .values(stock.slice(i, i + 1000).map((s, j) => ({ ...s, companyId: store.companyId, storeId: store.id, version: v + i + j })))
          .execute();
      }
    });

  const counted = await sql<{ tires: number; sizes: number; counter: number; stocked: number }>`select
      (select count(*) from tires)::int as tires, (select count(distinct size_key) from tires)::int as sizes,
      (select count(*) from tires where size_key = ${counterSize})::int as counter,
      (select count(*) from inventory_summaries where store_id = ${store.id})::int as stocked`.execute(db);
  const c = counted.rows[0]!;
  return {
    rows: newSizes.length + tires.length + stock.length,
    catalogue: { tires: c.tires, sizes: c.sizes, counterSizeTires: c.counter, stocked: c.stocked },
  };
}

/**
 * A new dealer: a company of its own with one store copied from #101 and no rows of its own, and a front-counter
 * user there. Its first sync is the catalogue and a handful of the store's rows: the demo company's stores
 * would also receive the big store's 150k company-wide customers and vehicles.
 */
async function addNewDealer(db: Db): Promise<{ storeId: number; email: string }> {
  const email = 'counter@new-dealer.test';
  const first = await db.selectFrom('storeLocations').select('id').where('storeNumber', '=', 101).executeTakeFirstOrThrow();
  const taken = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.max('alltracCompanyId').as('n'))
    .executeTakeFirstOrThrow();
  const alltracCompanyId = Number(taken.n ?? 0) + 1000;
  const columns = (
    await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_name = 'store_locations' and table_schema = current_schema() and is_generated = 'NEVER'
      and column_name not in ('id', 'store_number', 'name', 'twilio_phone_number', 'contact_form_id', 'version', 'company_id', 'alltrac_company_id')`.execute(
      db,
    )
  ).rows.map((c) => sql.ref(c.name));
  return db.transaction().execute(async (trx) => {
    const company = await trx.insertInto('companies').values({ alltracCompanyId, name: 'New Dealer Tire' }).returning('id').executeTakeFirstOrThrow();
    const version = await takeVersions(trx);
    const { rows } = await sql<{ id: number }>`insert into store_locations (store_number, name, version, company_id, alltrac_company_id, ${sql.join(columns)})
      select 1, 'New Dealer Tire #1', ${version}, ${company.id}, ${alltracCompanyId}, ${sql.join(columns)} from store_locations where id = ${first.id} returning id`.execute(
      trx,
    );
    const storeId = rows[0]!.id;
    const userId = randomUUID();
    // Signed in by a minted token (bench/run.ts): the password is never checked.
    await trx.insertInto('users').values({ userId, companyId: company.id, email, name: 'Nia Newcomer', passwordHash: 'unused' }).execute();
    await trx.insertInto('userRoles').values({ userId, storeId, role: 'AllTracUser' }).execute();
    return { storeId, email };
  });
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
  const taken = await db
    .selectFrom('storeLocations')
    .select((eb) => eb.fn.max('storeNumber').as('n'))
    .where('storeNumber', '>', 200)
    .executeTakeFirst();
  const columns = (
    await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_name = 'store_locations' and table_schema = current_schema() and is_generated = 'NEVER'
      and column_name not in ('id', 'store_number', 'name', 'twilio_phone_number', 'contact_form_id', 'version')`.execute(db)
  ).rows.map((c) => sql.ref(c.name));
  const storeIds: number[] = [];
  for (let n = 1; n <= count; n++) {
    const storeNumber = Math.max(200, Number(taken?.n ?? 0)) + n;
    const [version] = await db.transaction().execute(async (trx) => [await takeVersions(trx)]);
    const { rows } = await sql<{ id: number }>`insert into store_locations (store_number, name, version, ${sql.join(columns)})
      select ${storeNumber}, ${`Demo Tire & Auto #${storeNumber}`}, ${version}, ${sql.join(columns)} from store_locations where id = ${first.id} returning id`.execute(
      db,
    );
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
    const total = added + bigStore.columns + 1 + bigStore.customers + bigStore.vehicles + 2 * bigStore.visits + bigStore.messages + bigStore.ratings;
    let v = await takeVersions(trx, total);
    const next = (n: number) => {
      const first = v;
      v += n;
      return first;
    };
    await sql`insert into scheduler_resources (scheduler_resource_id, name, assigned_technician_id, sort_order, is_active, company_id, store_id, version)
      select gen_random_uuid(), 'Bench bay ' || i, null, 100 + i, true, ${c}, ${s}, ${next(added)} + i - 1 from generate_series(1, ${added}) i`.execute(trx);
    const resources = await trx.selectFrom('schedulerResources').select('schedulerResourceId').where('storeId', '=', s).execute();
    // Customers may book the store's service on every bay, every weekday: free times then weigh every bay's day.
    const unlinked = await trx
      .selectFrom('schedulerResources')
      .select('schedulerResourceId')
      .where('storeId', '=', s)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('schedulerResourceServices')
              .select('storeServiceId')
              .whereRef('schedulerResourceServices.schedulerResourceId', '=', 'schedulerResources.schedulerResourceId')
              .where('schedulerResourceServices.storeServiceId', '=', service.storeServiceId),
          ),
        ),
      )
      .execute();
    await sql`insert into scheduler_resource_services (scheduler_resource_id, store_service_id, company_id, store_id, version)
      select r, ${service.storeServiceId}, ${c}, ${s}, ${next(unlinked.length)} + n - 1
      from unnest(${sql.val(unlinked.map((r) => r.schedulerResourceId))}::uuid[]) with ordinality as u(r, n)`.execute(trx);
    await trx
      .updateTable('storeLocations')
      .set({
        onlineAppointmentsEnabled: true,
        ...Object.fromEntries(appointmentsEnabledFields.map((f) => [f, true])),
        ...Object.fromEntries(isOpenFields.map((f) => [f, true])),
        version: next(1),
      })
      .where('id', '=', s)
      .execute();
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
