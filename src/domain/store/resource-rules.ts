import type { ScheduledService, ScheduledVisit } from '../../contract/entities.ts';
import { isVisitOpen } from '../scheduler/visit-rules.ts';

type VisitDates = Pick<ScheduledVisit, 'cancelDate' | 'workStartDate' | 'workCompleteDate' | 'readyForPickupDate' | 'checkOutDate'>;

/**
 * The appointments "assign to the resource's technician" moves (spec section 7): those on the resource that
 * start from `now` on and whose visit has not started work, nor been canceled or finished. Work already
 * started stays with whoever started it; past appointments keep their history.
 */
export function movesWithResource(
  service: Pick<ScheduledService, 'resourceId' | 'startDate'>,
  visit: VisitDates | undefined,
  resourceId: string,
  now: Date,
): boolean {
  if (service.resourceId !== resourceId || Date.parse(service.startDate) < now.getTime()) return false;
  if (!visit) return true;
  return isVisitOpen(visit) && !visit.workStartDate && !visit.workCompleteDate && !visit.readyForPickupDate;
}

/** A resource's name: something to read on the scheduler's column header. */
export function resourceProblems(resource: { name: string; sortOrder: number }): Record<string, string[]> {
  if (!resource.name.trim()) return { name: ["Enter a name for the column, e.g. Bay 1 or a technician's name"] };
  return {};
}
