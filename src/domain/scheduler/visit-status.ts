/** Scheduler event types (spec section 3). */
export const eventTypes = { appointment: 1, blockedTime: 2, recurringBlockedTime: 3, visit: 4 } as const;
export type EventType = (typeof eventTypes)[keyof typeof eventTypes];

export const scheduledEventStatuses = [
  'Blocked Time',
  'Canceled',
  'Unconfirmed',
  'Not Arrived',
  'Checked In',
  'Service Started',
  'Service Finished',
  'Ready For Pickup',
  'Picked Up',
] as const;
export type ScheduledEventStatus = (typeof scheduledEventStatuses)[number];

/** The milestone dates a status is read from (spec section 3). */
export interface Milestones {
  cancelDate: string | null;
  confirmationDate: string | null;
  checkInDate: string | null;
  workStartDate: string | null;
  workCompleteDate: string | null;
  readyForPickupDate: string | null;
  checkOutDate: string | null;
}

/** Spec section 4: the status of a scheduled event from its dates, checked in this order. */
export function scheduledEventStatus(eventType: EventType, dates: Milestones): ScheduledEventStatus {
  if (eventType === eventTypes.blockedTime || eventType === eventTypes.recurringBlockedTime) return 'Blocked Time';
  if (dates.cancelDate) return 'Canceled';
  if (!dates.confirmationDate) return 'Unconfirmed';
  if (!dates.checkInDate) return 'Not Arrived';
  if (!dates.workStartDate) return 'Checked In';
  if (!dates.workCompleteDate) return 'Service Started';
  if (!dates.readyForPickupDate) return 'Service Finished';
  if (!dates.checkOutDate) return 'Ready For Pickup';
  return 'Picked Up';
}

/** Spec section 4: the colour of each status. */
export const statusColors: Record<ScheduledEventStatus, string> = {
  'Blocked Time': 'gray',
  Canceled: '#898E8C',
  Unconfirmed: '#DC267F',
  'Not Arrived': '#000000',
  'Checked In': '#648FFF',
  'Service Started': '#FFB000',
  'Service Finished': '#FE6100',
  'Ready For Pickup': '#117733',
  'Picked Up': '#785EF0',
};
