import type {
  Customer,
  CustomerVehicle,
  Rating,
  ScheduledService,
  ScheduledVisit,
  SchedulerResource,
  StoreService,
  StoreStaff,
} from '../../contract/entities.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { displayName } from '../../domain/people/display-name.ts';

/** A rating as the ratings screens show it: who gave it, and the visit's vehicle, services and technicians. */
export interface RatingRow {
  rating: Rating;
  customerName: string | null;
  vehicle: string | null;
  services: string[];
  technicians: string[];
}

/** Every rating of the store, newest visit first (by the replica's visitDate index). */
export function readRatings(db: StoreDb): Promise<Rating[]> {
  return db.rows<Rating>('ratings').orderBy('visitDate').reverse().toArray();
}

/** The shown ratings with their customer, vehicle, services and technicians, read from the replica in a few bulk reads. */
export async function describeRatings(db: StoreDb, ratings: readonly Rating[]): Promise<RatingRow[]> {
  const visitIds = ratings.map((r) => r.visitId).filter((id): id is string => id !== null);
  const [customers, visits, services, catalogue, resources, staff] = await Promise.all([
    db.rows<Customer>('customers').bulkGet(ratings.map((r) => r.customerId ?? '')),
    db.rows<ScheduledVisit>('scheduledVisits').bulkGet(visitIds),
    db.rows<ScheduledService>('scheduledServices').where('scheduledVisitId').anyOf(visitIds).toArray(),
    db.rows<StoreService>('storeServices').toArray(),
    db.rows<SchedulerResource>('schedulerResources').toArray(),
    db.rows<StoreStaff>('storeStaff').toArray(),
  ]);
  const vehicleIds = visits.map((v) => v?.vehicleId).filter((id): id is string => !!id);
  const vehicles = new Map(
    (await db.rows<CustomerVehicle>('customerVehicles').bulkGet(vehicleIds)).filter((v): v is CustomerVehicle => !!v).map((v) => [v.vehicleId, v]),
  );
  const serviceName = new Map(catalogue.map((s) => [s.storeServiceId, s.name]));
  const resourceTechnician = new Map(resources.map((r) => [r.schedulerResourceId, r.assignedTechnicianId]));
  const personName = new Map(staff.map((p) => [p.userId, p.name]));
  const visitById = new Map(visits.filter((v): v is ScheduledVisit => !!v).map((v) => [v.scheduledVisitId, v]));
  return ratings.map((rating, i) => {
    const customer = customers[i];
    const visit = rating.visitId ? visitById.get(rating.visitId) : undefined;
    const vehicle = visit?.vehicleId ? vehicles.get(visit.vehicleId) : undefined;
    const ofVisit = services.filter((s) => s.scheduledVisitId === rating.visitId).sort((a, b) => a.startDate.localeCompare(b.startDate));
    const technicians = ofVisit
      .map((s) => s.selectedTechnician ?? (s.resourceId ? resourceTechnician.get(s.resourceId) : null))
      .map((id) => (id ? personName.get(id) : undefined))
      .filter((n): n is string => !!n);
    return {
      rating,
      customerName: customer ? displayName(customer) || null : null,
      vehicle: vehicle ? [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || null : null,
      services: ofVisit.map((s) => (s.storeServiceId ? serviceName.get(s.storeServiceId) : undefined)).filter((n): n is string => !!n),
      technicians: [...new Set(technicians)],
    };
  });
}
