import { bayRoles } from '../../../src/domain/people/roles.ts';
import type { Db } from '../../db/connect.ts';
import type { StoreScope } from '../../sync/scope.ts';
import type { Writer } from '../../sync/write-path.ts';

type Reader = Db | Writer['trx'];
type Problems = Record<string, string[]>;

/** A technician of the store (by a role at it), or a problem naming the field. */
export async function technicianProblems(db: Reader, scope: StoreScope, userId: string | null, field = 'assignedTechnicianId'): Promise<Problems> {
  if (userId === null) return {};
  const found = await db
    .selectFrom('userRoles')
    .innerJoin('users', 'users.userId', 'userRoles.userId')
    .select('userRoles.userId')
    .where('userRoles.userId', '=', userId)
    .where('users.companyId', '=', scope.companyId)
    .where((eb) => eb.or([eb('userRoles.storeId', '=', scope.storeId), eb('userRoles.storeId', 'is', null)]))
    .where('userRoles.role', 'in', [...bayRoles, 'PointSAdmin'])
    .executeTakeFirst();
  return found ? {} : { [field]: ["Choose one of the store's technicians"] };
}

/** The visit's customer is one of the company's and the vehicle is that customer's. */
/**
 * The tire quote a visit is booked from, kept only when it is one of the visit customer's quotes; else none. The
 * link only feeds the dashboard's quotes turned into visits: an appointment is never refused over it (a quote the
 * server refused, then discarded on the device, must not take the booking behind it down too).
 */
export async function bookedQuote(db: Reader, scope: StoreScope, visit: { customerId: string | null; tireQuoteId: string | null }): Promise<string | null> {
  if (!visit.tireQuoteId || !visit.customerId) return null;
  const quote = await db
    .selectFrom('tireQuotes')
    .select('tireQuoteId')
    .where('companyId', '=', scope.companyId)
    .where('tireQuoteId', '=', visit.tireQuoteId)
    .where('customerId', '=', visit.customerId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return quote?.tireQuoteId ?? null;
}

export async function visitReferenceProblems(db: Reader, scope: StoreScope, visit: { customerId: string | null; vehicleId: string | null }): Promise<Problems> {
  const problems: Problems = {};
  if (visit.customerId) {
    const customer = await db
      .selectFrom('customers')
      .select('customerId')
      .where('companyId', '=', scope.companyId)
      .where('customerId', '=', visit.customerId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!customer) problems.customerId = ['This company has no such customer'];
  }
  if (visit.vehicleId) {
    if (!visit.customerId) return { ...problems, vehicleId: ['Choose the customer before the vehicle'] };
    const vehicle = await db
      .selectFrom('customerVehicles')
      .select('customerId')
      .where('companyId', '=', scope.companyId)
      .where('vehicleId', '=', visit.vehicleId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!vehicle) problems.vehicleId = ['This company has no such vehicle'];
    else if (vehicle.customerId !== visit.customerId) problems.vehicleId = ['The vehicle belongs to another customer'];
  }
  return problems;
}

/** A resource (column) and a service are the store's own, and the technician works there. */
export async function placementProblems(
  db: Reader,
  scope: StoreScope,
  row: { resourceId: string | null; storeServiceId?: string | null; selectedTechnician?: string | null },
): Promise<Problems> {
  const problems: Problems = {};
  if (row.resourceId) {
    const resource = await db
      .selectFrom('schedulerResources')
      .select('schedulerResourceId')
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('schedulerResourceId', '=', row.resourceId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!resource) problems.resourceId = ['This store has no such scheduler resource'];
  }
  if (row.storeServiceId) {
    const service = await db
      .selectFrom('storeServices')
      .select('storeServiceId')
      .where('companyId', '=', scope.companyId)
      .where('storeId', '=', scope.storeId)
      .where('storeServiceId', '=', row.storeServiceId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!service) problems.storeServiceId = ['This store has no such service'];
  }
  return { ...problems, ...(await technicianProblems(db, scope, row.selectedTechnician ?? null, 'selectedTechnician')) };
}
