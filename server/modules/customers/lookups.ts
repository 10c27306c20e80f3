import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { customerSchema, customerVehicleSchema, scheduledServiceSchema, scheduledVisitSchema } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { duplicateKeys, duplicateReasons, groupPairs, pairKey, type DuplicateCandidate, type DuplicateReason } from '../../../src/domain/people/duplicates.ts';
import type { Db } from '../../db/connect.ts';
import { parseODataQuery, runODataList, type ODataResource } from '../../http/odata.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { likePrefix, searchText } from '../../http/search.ts';
import { asReadBy, readableRows, readScope } from '../../sync/scope.ts';
import { findRow } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { customersFound, searchBound } from './customer-search.ts';
import { customers } from './tables.ts';

/** The largest page of possible duplicates, and the page without $top. */
const duplicatesPage = 100;
const customerColumns = Object.keys(customerSchema.shape) as (keyof typeof customerSchema.shape)[];
const vehicleColumns = Object.keys(customerVehicleSchema.shape) as (keyof typeof customerVehicleSchema.shape)[];
const customerParams = z.object({ customerId: z.uuid('The customer id must be a UUID') });

const customerResource: ODataResource = { fields: Object.fromEntries(customerColumns.map((c) => [c, c])), schema: customerSchema, maxTop: 200 };
const vehicleResource: ODataResource = {
  fields: {
    ...Object.fromEntries(vehicleColumns.map((c) => [c, `customerVehicles.${c}`])),
    customerFirstName: 'customers.firstName',
    customerLastName: 'customers.lastName',
    customerCompanyName: 'customers.companyName',
  },
  schema: customerVehicleSchema.extend({
    customerFirstName: z.string().nullable(),
    customerLastName: z.string().nullable(),
    customerCompanyName: z.string().nullable(),
  }),
  maxTop: 200,
};

const candidateColumns = ['customerId', 'firstName', 'lastName', 'companyName', 'email', 'phoneNumber', 'alternatePhoneNumber'] as const;

/** Live customers of the company by id (none for no ids). */
async function customersById(db: Db, companyId: number, ids: readonly string[]): Promise<DuplicateCandidate[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('customers')
    .select(candidateColumns)
    .where('companyId', '=', companyId)
    .where('customerId', 'in', ids)
    .where('deleted', '=', false)
    .execute();
}

/** The read side of customers and vehicles: lists, duplicates, history, and the public vehicle card. */
export async function customerLookupRoutes(app: FastifyInstance, { db, auth }: ModuleContext): Promise<void> {
  app.get(apiPaths.possibleDuplicates, async (request) => {
    const scope = await readScope(db, auth, request, 'customers');
    if (scope.access.kind !== 'full') throw new ProblemError('forbidden', 'Your role at this store does not allow reading possible duplicates.');
    const query = parseODataQuery(request.query as Record<string, unknown>, { fields: {}, maxTop: duplicatesPage });
    const dismissed = await db
      .selectFrom('customerDuplicateDismissals')
      .select(['customerId', 'otherCustomerId'])
      .where('companyId', '=', scope.companyId)
      .where('deleted', '=', false)
      .execute();
    // The pairs kept at write time (server/sync/customer-keys.ts): as many as there are look-alikes, not customers.
    const pairs = (
      await db.selectFrom('customerDuplicateCandidates').select(['customerId', 'otherCustomerId', 'reasons']).where('companyId', '=', scope.companyId).execute()
    ).map((p) => ({ ...p, reasons: (typeof p.reasons === 'string' ? JSON.parse(p.reasons) : p.reasons) as DuplicateReason[] }));
    const groups = groupPairs(pairs, new Set(dismissed.map((d) => pairKey(d.customerId, d.otherCustomerId))));
    const top = query.top ?? duplicatesPage;
    const page = groups.slice(query.skip, query.skip + top);
    const byId = new Map(
      (
        await customersById(
          db,
          scope.companyId,
          page.flatMap((g) => g.customerIds),
        )
      ).map((c) => [c.customerId, c]),
    );
    const items = page.map((g) => ({ reasons: g.reasons, customers: g.customerIds.flatMap((id) => byId.get(id) ?? []) }));
    return { items, ...(query.count ? { count: groups.length } : {}), ...(groups.length > query.skip + top ? { nextSkip: query.skip + top } : {}) };
  });

  /** Customers who may be the person described (a new visit's customer, a new customer being typed). */
  app.get(apiPaths.existingCustomers, async (request) => {
    const scope = await readScope(db, auth, request, 'customers');
    if (scope.access.kind !== 'full') throw new ProblemError('forbidden', 'Your role at this store does not allow reading customers.');
    const criteria = parseOrProblem(
      z
        .object({
          firstName: z.string().max(100).optional(),
          lastName: z.string().max(100).optional(),
          email: z.string().max(254).optional(),
          phoneNumber: z.string().max(30).optional(),
        })
        .strict(),
      Object.fromEntries(Object.entries(request.query as Record<string, unknown>).filter(([k]) => k !== 'api-version')),
      'The criteria',
    );
    const wanted: DuplicateCandidate = { customerId: '', companyName: null, firstName: null, lastName: null, email: null, phoneNumber: null, ...criteria };
    // Those sharing a key with what was typed (an index lookup per key), then compared as the duplicate check compares.
    const keys = duplicateKeys(wanted);
    const sharing =
      keys.length === 0
        ? []
        : await db
            .selectFrom('customerKeys')
            .select('customerId')
            .distinct()
            .where('companyId', '=', scope.companyId)
            .where('key', 'in', keys)
            .limit(searchBound)
            .execute();
    const matches = (
      await customersById(
        db,
        scope.companyId,
        sharing.map((s) => s.customerId),
      )
    ).flatMap((c) => {
      const reasons = duplicateReasons(wanted, c);
      return reasons.length > 0 ? [{ customer: c, reasons }] : [];
    });
    return { items: matches.slice(0, 20), count: matches.length };
  });

  /** Customers for a new visit: the company's, found by the quoted search text as the counter's search finds them, or the OData subset. */
  app.get(apiPaths.visitCustomers, async (request) => {
    const scope = await readScope(db, auth, request, 'customers');
    if (scope.access.kind !== 'full') throw new ProblemError('forbidden', 'Your role at this store does not allow reading customers.');
    const { search, ...rest } = request.query as Record<string, unknown>;
    const text = searchText({ search });
    const query = parseODataQuery(rest, customerResource);
    let base = db.selectFrom('customers').select(customerColumns).where('companyId', '=', scope.companyId).where('deleted', '=', false);
    if (text) {
      const found = await customersFound(db, scope.companyId, text);
      base = found.length > 0 ? base.where('customerId', 'in', found) : base.where(sql<boolean>`false`);
    }
    return runODataList(base, query, customerResource, 'customerId');
  });

  /** Vehicles with the customer they belong to (spec section 7), by the quoted search text or the OData subset. */
  app.get(apiPaths.vehicles, async (request) => {
    const scope = await readScope(db, auth, request, 'customerVehicles');
    const { search, ...rest } = request.query as Record<string, unknown>;
    const text = searchText({ search });
    const query = parseODataQuery(rest, vehicleResource);
    let base = db
      .selectFrom('customerVehicles')
      .innerJoin('customers', 'customers.customerId', 'customerVehicles.customerId')
      .select([
        ...vehicleColumns.map((c) => `customerVehicles.${c}` as const),
        'customers.firstName as customerFirstName',
        'customers.lastName as customerLastName',
        'customers.companyName as customerCompanyName',
      ])
      .where('customerVehicles.companyId', '=', scope.companyId)
      .where('customerVehicles.deleted', '=', false);
    base = base.where(readableRows(scope, 'customerVehicles', sql.ref('customerVehicles.vehicleId')));
    if (text) {
      const compact = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
      base = base.where((eb) =>
        eb.or([
          eb(sql`upper(regexp_replace(customer_vehicles.vehicle_license_plate_number, '[^A-Za-z0-9]', '', 'g'))`, 'like', `${compact}%`),
          eb('customerVehicles.vin', 'like', `%${compact}`),
          eb('customerVehicles.make', 'ilike', likePrefix(text)),
          eb('customerVehicles.model', 'ilike', likePrefix(text)),
        ]),
      );
    }
    return runODataList(base, query, vehicleResource, 'customerVehicles.vehicleId');
  });

  /** A customer's visits at the active store, newest first, each with its services. */
  app.get(apiPaths.customerVisits, async (request) => {
    const scope = await readScope(db, auth, request, 'scheduledVisits');
    const { customerId } = parseOrProblem(customerParams, request.params, 'The path');
    await findRow(db, customers, scope, { customerId });
    const visits = await db
      .selectFrom('scheduledVisits')
      .select(Object.keys(scheduledVisitSchema.shape) as (keyof typeof scheduledVisitSchema.shape)[])
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('customerId', '=', customerId)
      .where('deleted', '=', false)
      .execute();
    const services =
      visits.length === 0
        ? []
        : await db
            .selectFrom('scheduledServices')
            .select(Object.keys(scheduledServiceSchema.shape) as (keyof typeof scheduledServiceSchema.shape)[])
            .where(
              'scheduledVisitId',
              'in',
              visits.map((v) => v.scheduledVisitId),
            )
            .where('deleted', '=', false)
            .orderBy('startDate')
            .execute();
    const items = visits.map((v) => ({
      ...asReadBy(scope, 'scheduledVisits', v),
      services: services.filter((s) => s.scheduledVisitId === v.scheduledVisitId),
    }));
    const start = (v: (typeof items)[number]) => v.services[0]?.startDate ?? '';
    return { items: items.sort((a, b) => start(b).localeCompare(start(a))) };
  });

  /**
   * The public vehicle card (spec section 7: by an unguessable hash id, no sign-in): make, model, year and
   * colour; nothing about the customer. Rate-limited like every public call.
   */
  app.get(apiPaths.vehicleByHash, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    const { vehicleHashId } = parseOrProblem(
      z.object({ vehicleHashId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a vehicle link') }),
      request.params,
      'The path',
    );
    const vehicle = await db
      .selectFrom('customerVehicles')
      .select(['year', 'make', 'model', 'color'])
      .where('vehicleHashId', '=', vehicleHashId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!vehicle) throw new ProblemError('notFound', 'There is no vehicle at this link.');
    return vehicle;
  });
}
