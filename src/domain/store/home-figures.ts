import type { StatusCount } from './store-day.ts';

/*
 * The home screen's figures as the worker works them out and the screen shows them (plain objects: they cross
 * from the worker to the screen's thread). Here, not in the worker, so the screen needs nothing of the worker's.
 */

/** A visit as a home list shows it: who, which car, and where it opens. */
export interface HomeVisit {
  scheduledVisitId: string;
  customerId: string | null;
  customerName: string;
  vehicle: string;
  /** The customer's phone on the device (the ready-for-pickup text goes there), or null. */
  phoneNumber: string | null;
}

export interface HomeFigures {
  date: string;
  synced: boolean;
  byStatus: Omit<StatusCount, 'visitIds'>[];
  /** Today's visits not canceled (the Canceled tile has those). */
  dayTotal: number;
  arrivals: { visit: HomeVisit; arrivesAt: string }[];
  here: Record<'waiting' | 'droppedOff' | 'pickupAndDelivery' | 'notSaid', { visit: HomeVisit; minutesWaited: number }[]>;
  ready: { visit: HomeVisit; minutesReady: number; textedAt: string | null }[];
  requests: { unconfirmedVisitId: string; name: string; requestedStartDate: string }[];
  awaitingAnswer: { visit: HomeVisit; unanswered: number; minutesSinceSent: number }[];
  /** Open visits whose promise is at risk (issue 48), the soonest promise first, each with why in words. */
  atRisk: { visit: HomeVisit; pickUpTime: string; reason: string }[];
  newMessages: number;
  unreadRatings: number;
  device: { waitingChanges: number; refusedChanges: number; waitingPhotos: number };
  bay: {
    nobodyHas: { visit: HomeVisit; scheduledServiceId: string; startDate: string }[];
    late: { visit: HomeVisit; scheduledServiceId: string; minutesLate: number }[];
    load: { technicianId: string; name: string; jobs: number; bookedMinutes: number; minutesLeft: number }[];
  };
}
