/** The live connection (spec sections 4 and 7): its path, server methods and the events it sends. */
export const hubPath = '/hubs/alltrac';

export const hubMethods = {
  joinStore: 'joinAlltracStore',
  leaveStore: 'leaveAlltracStore',
  notifyOthersInGroup: 'notifyOthersInGroup',
} as const;

/**
 * A system notice was created, changed or ended (ours, docs/decisions/admin-and-platform.md): sent to every open device it
 * concerns (its stores', or everyone's), which fetches the active notices again at once instead of at the
 * hourly poll, so a High one sends staff to the maintenance page and its end lets them back.
 */
export const systemNoticeEvent = 'SystemNotificationChanged';

/**
 * Events the server sends to a store group after a committed change (spec section 4). ReplicaChanged is
 * ours: it is sent for a change no spec event names (an archived message, say), so every device still
 * learns it should pull. Events are pokes: devices react by pulling the change feed (a notice's, by fetching
 * the active notices).
 */
export const hubEvents = [
  'EventAddedMessage',
  'EventChangedMessage',
  'EventDeletedMessage',
  'SendNewMessageToThread',
  'NewOutGoingMessage',
  'NewIncomingMessage',
  'NewRatingMessage',
  'RatingViewedMessage',
  'VisitChanged',
  'CustomerChanged',
  'WorkOrderAdded',
  'RecurringBlockedTimeCreated',
  'RecurringBlockedTimeUpdated',
  'RecurringBlockedTimeDeleted',
  'AlltracVehicleUpdated',
  'AlltracVehicleCreated',
  'ReplicaChanged',
  systemNoticeEvent,
] as const;
export type HubEventName = (typeof hubEvents)[number];

/**
 * The events a device may raise for the other devices of its store (notifyOthersInGroup): the spec's events
 * (section 4), not ours. Events are pokes; every device pulls on one, so a raised event changes no data.
 */
export const clientRaisableEvents = hubEvents.filter((e) => e !== 'ReplicaChanged' && e !== systemNoticeEvent);

/** The hub group of a store's devices. */
export const storeGroup = (storeId: number) => `alltrac-store-${storeId}`;
/** The hub group of one user's devices, for their own rows (notifications, preferences, support requests). */
export const userGroup = (userId: string) => `alltrac-user-${userId}`;
/** The hub group of a company's devices, for company-wide rows such as customers. */
export const companyGroup = (companyId: number) => `alltrac-company-${companyId}`;
/** The hub group of every open device, whoever and wherever (a system notice for every store). */
export const everyoneGroup = 'alltrac-everyone';

export const hubErrors = {
  setupTwice: 'Attempted to setupSignalR more than once',
  notifyBeforeSetup: 'Attempted notifyOthersInGroup on SignalR before the hub was initialized',
  registerBeforeSetup: 'Attempted to register a handler on SignalR before the hub was initialized',
  unregisterBeforeSetup: 'Attempted to unregister a handler on SignalR before the hub was initialized',
} as const;
