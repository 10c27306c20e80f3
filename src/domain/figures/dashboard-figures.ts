import type { StoreHeadline } from '../../contract/store-figures.ts';
import type { DayRange } from '../scheduler/scheduler-events.ts';
import type { BayUtilisation, DayCount, IsoWeek, NoShowDay, StatusDay, TechnicianUtilisation } from './store-figures.ts';

/** The dashboard's figures of one store: plain objects and arrays only, as they cross to the screen's thread. */
export interface DashboardFigures {
  range: DayRange;
  headline: StoreHeadline;
  carsPerDay: DayCount[];
  byStatus: StatusDay[];
  noShowsPerDay: NoShowDay[];
  bays: BayUtilisation[];
  technicians: (TechnicianUtilisation & { name: string })[];
  /** Jobs with their work started and completed (timePerJob), without the list of them. */
  jobs: { count: number; averageActualMinutes: number | null; averageBookedMinutes: number | null; actualToBooked: number | null };
  weeks: IsoWeek[];
}
