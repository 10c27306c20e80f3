import type { CustomerVehicle, Customer, SupportRequestListItem } from '../src/contract/entities.ts';
import type { UserNotificationKind } from '../src/contract/enums.ts';
import type { CreateCustomer, CreateSupportRequest, CreateVehicle } from '../src/contract/writes.ts';

/** What the sync is doing, broadcast by the leader to every tab. */
export interface SyncStatus {
  storeId: number | null;
  /** The browser says it has a network (the server may still be unreachable: see lastError). */
  online: boolean;
  /** False once the session needs a new sign-in: changes still queue, and are sent after it. */
  signedIn: boolean;
  connection: 'connected' | 'reconnecting' | 'disconnected';
  activity: 'idle' | 'pulling' | 'pushing';
  /** During a sync: the phase and rows done of the total. */
  progress: { phase: 'priority' | 'full'; done: number; total: number | null } | null;
  /** The last problem reaching the server, in words, or null. */
  lastError: string | null;
  /** When the next try is due after a failure (epoch ms), or null. */
  nextRetryAt: number | null;
  /** The HTTP status of the last failure that opens the error banner (1xx, 429, >= 500), or null. */
  bannerStatus: number | null;
}

export interface SignOutResult {
  /** Changes not yet sent; sign-out waits for the user's confirmation while there are any. */
  waiting: number;
  done: boolean;
}

/**
 * The sync worker, as screens see it (through Comlink): each method is something the user did.
 * Changes are applied to the replica at once and queued; none of them waits for the network.
 */
export interface SyncWorkerApi {
  start(options: { serverUrl: string; production: boolean }, renewToken: () => Promise<string | null>): Promise<void>;
  setAccessToken(token: string | null): Promise<void>;
  /** Switches the device to a store (saved in the user's settings, sent when online). */
  selectStore(storeId: number): Promise<void>;
  syncNow(): Promise<void>;
  /** Fetches the active system notifications (the page calls it hourly while visible); false when offline. */
  refreshSystemNotifications(): Promise<boolean>;

  createCustomer(model: CreateCustomer): Promise<boolean>;
  updateCustomer(customerId: string, changes: Partial<Omit<Customer, 'customerId'>>): Promise<boolean>;
  createVehicle(customerId: string, model: CreateVehicle): Promise<boolean>;
  updateVehicle(customerId: string, vehicleId: string, changes: Partial<Omit<CustomerVehicle, 'vehicleId' | 'customerId'>>): Promise<boolean>;
  markRatingRead(ratingId: string): Promise<boolean>;
  archiveMessage(storeMessageId: string): Promise<boolean>;
  markMessageReplied(storeMessageId: string): Promise<boolean>;
  setNotificationRead(userNotificationId: string, read: boolean): Promise<boolean>;
  setNotificationPreference(kind: UserNotificationKind, inApp: boolean): Promise<boolean>;
  /** Queues a message to support from the active store; true once it is saved on the device. */
  sendSupportRequest(model: CreateSupportRequest): Promise<boolean>;
  /** Support requests as the server lists them (all of them for PointSAdmin); needs the network. */
  listSupportRequests(page: { top: number; skip: number }): Promise<{ items: SupportRequestListItem[]; count: number }>;

  /** A refused change, at the store whose outbox holds it (it may not be the active store). */
  retryChange(storeId: number, seq: number): Promise<void>;
  discardChange(storeId: number, seq: number): Promise<void>;

  /** Deletes this user's data from the device; with changes waiting, only when `force` (the user confirmed). */
  signOut(force: boolean): Promise<SignOutResult>;
}

export const syncChannelName = 'alltrac-sync';
export type SyncChannelMessage =
  | { type: 'status'; status: SyncStatus }
  | { type: 'status-request' }
  | { type: 'kick' }
  /** A tab got a new access token (signed in, renewed): the leader uses the newest. */
  | { type: 'token'; token: string | null };
