import type { Role } from '../../contract/enum-values.ts';
import type { ScheduledService, ScheduledVisit, SchedulerResource } from '../../contract/entities.ts';
import { frontCounter, leadTechnicians } from '../people/roles.ts';
import { isVisitOpen } from './visit-rules.ts';

/**
 * What a person in the bay may change on a scheduled service: only who does it. A technician takes an
 * unassigned job for themselves or gives their own back; a lead technician (and the front counter) assigns
 * anyone. Answers why not, or null when allowed.
 */
export function assignmentRefusal(
  roles: readonly Role[],
  userId: string,
  current: Pick<ScheduledService, 'selectedTechnician'>,
  next: Pick<ScheduledService, 'selectedTechnician'>,
  columnTechnician: string | null,
): string | null {
  if (roles.some((r) => frontCounter.includes(r) || leadTechnicians.includes(r))) return null;
  if (current.selectedTechnician === null && columnTechnician !== null && columnTechnician !== userId) {
    return "This job is on another technician's column; the lead technician moves it.";
  }
  const taking = current.selectedTechnician === null && next.selectedTechnician === userId;
  const givingBack = current.selectedTechnician === userId && next.selectedTechnician === null;
  return taking || givingBack ? null : 'A technician takes jobs nobody has, or gives back their own; the lead technician moves the others.';
}

/** Who does a job: the technician chosen for it, else the technician of its column (scheduler resource). */
export function technicianOf(
  service: Pick<ScheduledService, 'selectedTechnician' | 'resourceId'>,
  resources: ReadonlyMap<string, Pick<SchedulerResource, 'assignedTechnicianId'>>,
): string | null {
  return service.selectedTechnician ?? (service.resourceId ? (resources.get(service.resourceId)?.assignedTechnicianId ?? null) : null);
}

/** A job is done for the bay once its visit's work is complete, and off the queue once canceled or picked up. */
export const isOpenJob = (visit: Pick<ScheduledVisit, 'cancelDate' | 'checkOutDate' | 'workCompleteDate'>) => isVisitOpen(visit) && !visit.workCompleteDate;

/**
 * Minutes spent on a visit's work so far: from work start to work complete, or to now while it goes on;
 * null before it started.
 */
export function minutesSpent(visit: Pick<ScheduledVisit, 'workStartDate' | 'workCompleteDate'>, now: Date): number | null {
  if (!visit.workStartDate) return null;
  const end = visit.workCompleteDate ? Date.parse(visit.workCompleteDate) : now.getTime();
  return Math.max(0, Math.round((end - Date.parse(visit.workStartDate)) / 60_000));
}

/** A job runs late when its booked end has passed and its work is not complete. */
export function isRunningLate(
  service: Pick<ScheduledService, 'endDate'>,
  visit: Pick<ScheduledVisit, 'workCompleteDate' | 'cancelDate' | 'checkOutDate'>,
  now: Date,
): boolean {
  return isOpenJob(visit) && Date.parse(service.endDate) < now.getTime();
}
