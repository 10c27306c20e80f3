import type { InvitePerson, PeopleList, PlatformPerson } from '../src/contract/platform-people.ts';
import type { MessageSink } from '../src/contract/message-sink.ts';
import type {
  BlockedTime,
  RecurringBlockedTime,
  RetailPriceCatalog,
  RetailStoreSettings,
  TirePurchaseAddOn,
  ScheduledService,
  ScheduledVisit,
  CustomerVehicle,
  Customer,
  InspectionTemplateGroup,
  SchedulerResource,
  SocialMediaAccount,
  StoreContact,
  StoreService,
  SupportRequestListItem,
} from '../src/contract/entities.ts';
import type { MessageTemplateType, UserNotificationKind } from '../src/contract/enums.ts';
import type { UpdateStoreLocation } from '../src/contract/store-location.ts';
import type { Role } from '../src/contract/enums.ts';
import type { Milestone, VisitDay } from '../src/domain/scheduler/visit-rules.ts';
import type { PossibleDuplicateGroup } from './device-duplicates.ts';
import type { DashboardFigures } from '../src/domain/figures/dashboard-figures.ts';
import type { HomeFigures } from '../src/domain/store/home-figures.ts';
import type { StopWatch } from './live-watch.ts';
import type { Placement, ScheduledServiceChanges } from './scheduler-mutations.ts';
import type { TireOptionChanges } from './retail-mutations.ts';
import type { CreateTireFee, CreateTireInstallPackage, TireFeeRow, TireInstallPackage, TireQuote } from '../src/contract/tire-pricing.ts';
import type { RateChange } from '../src/domain/tires/tire-fees.ts';
import type { InspectionFix } from '../src/contract/inspection-fix.ts';
import type { AddVisitTires } from '../src/contract/visit-tires.ts';
import type { CreateSystemNotification } from '../src/contract/system-notices.ts';
import type { Company } from '../src/contract/companies.ts';
import type { CreateStoreLocation, StoreLocation } from '../src/contract/store-location.ts';
import type { SystemNotification } from '../src/contract/entities.ts';
import type { Operation } from 'fast-json-patch';
import type { StockElsewhere } from '../src/contract/transfer-stores.ts';
import type { StoreAnswer } from './platform-admin.ts';
import type { Renewal } from './identity.ts';
import type { FailedMessage, PlatformDevice, PlatformHealth } from '../src/contract/platform-health.ts';
import type { StoreComparison } from '../src/contract/store-figures.ts';
import type { DayRange } from '../src/domain/scheduler/scheduler-events.ts';
import type {
  CreateInspectionReport,
  SaveInspectionItem,
  SendEmail,
  SendSms,
  CreateBlockedTime,
  CreateRecurringBlockedTime,
  CreateScheduledService,
  CreateScheduledVisit,
  CreateCustomer,
  CreateSchedulerResource,
  CreateSpecialStoreHours,
  CreateStoreService,
  CreateSupportRequest,
  CreateTirePurchaseAddOn,
  CreateVehicle,
  InviteAnswer,
  InviteStaff,
  MessageTemplateWrite,
  UpdateSpecialStoreHours,
} from '../src/contract/writes.ts';

/** What the sync is doing, broadcast by the leader to every tab. */
export interface SyncStatus {
  storeId: number | null;
  /** The browser says it has a network (the server may still be unreachable: see lastError). */
  online: boolean;
  /** False once the session needs a new sign-in: changes still queue, and are sent after it. */
  signedIn: boolean;
  connection: 'connected' | 'reconnecting' | 'disconnected';
  /** syncing while a round pulls and pushes. */
  activity: 'idle' | 'syncing';
  /** During a sync: the phase and rows done of the total. */
  progress: { phase: 'priority' | 'full'; done: number; total: number | null } | null;
  /** The last problem reaching the server, in words, or null. */
  lastError: string | null;
  /** When the next try is due after a failure (epoch ms), or null. */
  nextRetryAt: number | null;
  /** The HTTP status of the last failure that opens the error banner (1xx, 429, >= 500), or null. */
  bannerStatus: number | null;
  /** When a round last pulled and sent everything it could (epoch ms), or null. */
  lastSyncedAt: number | null;
  /** The server sent rows this version of the app does not know: a newer version is needed to show them. */
  updateAvailable: boolean;
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
  /**
   * `renewToken` renews the access token through this tab's sign-in client; only the leader calls it (refresh
   * tokens rotate: two tabs renewing with one would sign the user out). It gets the token it wants replaced.
   */
  start(options: { serverUrl: string; production: boolean }, renewToken: (stale: string | null) => Promise<Renewal>): Promise<void>;
  /** The tab's access token (possibly expired: the leader renews it); its subject is the user the worker acts for. */
  setAccessToken(token: string | null): Promise<void>;
  /** Switches the device to a store (saved in the user's settings, sent when online). */
  selectStore(storeId: number): Promise<void>;
  /** "Not Now" on the install sheet: hidden for good, the time saved in the user's settings (sent when online). */
  hideInstallPrompt(): Promise<void>;
  syncNow(): Promise<void>;
  /** Fetches the active system notifications (the page calls it hourly while visible); false when offline. */
  refreshSystemNotifications(): Promise<boolean>;

  createCustomer(model: CreateCustomer): Promise<boolean>;
  updateCustomer(customerId: string, changes: Partial<Omit<Customer, 'customerId'>>): Promise<boolean>;
  createVehicle(customerId: string, model: CreateVehicle): Promise<boolean>;
  updateVehicle(customerId: string, vehicleId: string, changes: Partial<Omit<CustomerVehicle, 'vehicleId' | 'customerId'>>): Promise<boolean>;
  /** Merges `mergedCustomerId` into `keptCustomerId` (queued; the merged customer leaves the device at once). */
  mergeCustomers(keptCustomerId: string, mergedCustomerId: string): Promise<boolean>;
  /** Two customers who are not one person: never offered as possible duplicates again. */
  markNotDuplicate(customerId: string, otherCustomerId: string): Promise<boolean>;
  /** The possible duplicates of a store's replica, worked out here and kept up to date between calls. */
  possibleDuplicates(storeId: number): Promise<PossibleDuplicateGroup[]>;
  /**
   * Home's figures of a store's day, worked out here and sent to `onFigures` again on every change of their rows
   * and each minute (minutes waited, the day turning); until the answered function is called.
   */
  watchHome(storeId: number, timeZone: string, onFigures: (figures: HomeFigures) => void, onError: (message: string) => void): Promise<StopWatch>;
  /**
   * The dashboard's figures of a store over a period of its days, worked out here and sent to `onFigures` again on
   * every change of their rows (and each minute while the period is not over: a no-show shows when its day ends).
   */
  watchDashboard(storeId: number, range: DayRange, onFigures: (figures: DashboardFigures) => void, onError: (message: string) => void): Promise<StopWatch>;
  /** The headline figures of every store the user administers over [from, to) of store dates (online only). */
  compareStores(period: Pick<DayRange, 'from' | 'to'>): Promise<StoreComparison>;
  /** The active store's service catalogue (admins): each change queued, sent when online. */
  createStoreService(model: CreateStoreService): Promise<boolean>;
  updateStoreService(
    storeServiceId: string,
    changes: Partial<Omit<StoreService, 'storeServiceId' | 'storeServiceHashId' | 'tractionServiceCode'>>,
  ): Promise<boolean>;
  deleteStoreService(storeServiceId: string): Promise<boolean>;
  /** The active store's own settings and special hours (admins): queued, sent when online. */
  updateStoreLocation(changes: UpdateStoreLocation): Promise<boolean>;
  createSpecialStoreHours(model: CreateSpecialStoreHours): Promise<boolean>;
  updateSpecialStoreHours(specialStoreHoursId: string, changes: UpdateSpecialStoreHours): Promise<boolean>;
  deleteSpecialStoreHours(specialStoreHoursId: string): Promise<boolean>;
  /** The active store's scheduler resources and which services each does (admins): queued, sent when online. */
  createSchedulerResource(model: CreateSchedulerResource): Promise<boolean>;
  updateSchedulerResource(schedulerResourceId: string, changes: Partial<Omit<SchedulerResource, 'schedulerResourceId'>>): Promise<boolean>;
  assignResourceTechnician(schedulerResourceId: string): Promise<boolean>;
  setAppointmentResource(schedulerResourceId: string, storeServiceId: string, on: boolean): Promise<boolean>;
  setOnlineBooking(schedulerResourceId: string, storeServiceId: string, on: boolean): Promise<boolean>;
  /** The active store's people (admins): an invitation needs the network; role changes and removals are queued. */
  inviteStaff(model: InviteStaff): Promise<InviteAnswer>;
  /** The platform's system notices (PointSAdmin; online): every one, newest first; made; changed or ended by a JSON patch. */
  listSystemNotices(): Promise<SystemNotification[]>;
  createSystemNotice(model: CreateSystemNotification): Promise<SystemNotification>;
  patchSystemNotice(systemNotificationId: string, patch: Operation[]): Promise<SystemNotification>;
  /** The dealer network (PointSAdmin; online): companies, every open store, a store opened, changed (its changed fields only) or closed. */
  listCompanies(): Promise<Company[]>;
  listAllStores(): Promise<StoreLocation[]>;
  createStore(model: CreateStoreLocation): Promise<StoreAnswer>;
  updateStore(storeId: number, changes: UpdateStoreLocation): Promise<StoreAnswer>;
  closeStore(storeId: number): Promise<void>;
  /** The platform's health (PointSAdmin; online): its figures, devices as they last pulled (one store's, or all), the last day's failed messages. */
  platformHealth(): Promise<PlatformHealth>;
  platformDevices(storeId: number | null): Promise<PlatformDevice[]>;
  failedMessages(): Promise<FailedMessage[]>;
  /**
   * People of every company (PointSAdmin; online): found by part of a name or email, a role at a store given or
   * taken, a platform admin made or not, invited, disabled or enabled.
   */
  searchPeople(q: string, alltracCompanyId: number | null): Promise<PeopleList>;
  invitePerson(model: InvitePerson): Promise<InviteAnswer>;
  setPersonStoreRole(userId: string, storeId: number, role: Role | null): Promise<PlatformPerson>;
  setPlatformAdmin(userId: string, on: boolean): Promise<PlatformPerson>;
  setPersonDisabled(userId: string, disabled: boolean): Promise<PlatformPerson>;
  setStaffRole(userId: string, role: Role): Promise<boolean>;
  removeStaff(userId: string): Promise<boolean>;
  /** The active store's contacts and social media accounts (admins): queued, sent when online. */
  saveStoreEntry(kind: 'storeContacts' | 'socialMediaAccounts', entry: StoreContact | SocialMediaAccount): Promise<boolean>;
  deleteStoreEntry(kind: 'storeContacts' | 'socialMediaAccounts', entryId: string): Promise<boolean>;
  saveInspectionTemplate(groups: InspectionTemplateGroup[]): Promise<boolean>;
  /** The active store's own words for a message template (admins); queued through the outbox. */
  saveMessageTemplate(templateType: MessageTemplateType, texts: MessageTemplateWrite): Promise<boolean>;
  /** Back to the default words for a message template. */
  restoreMessageTemplate(templateType: MessageTemplateType): Promise<boolean>;
  /**
   * Retail Management (store admins): the active store's retail settings (made on the first save), tire purchase
   * add-ons, tire services and warranties. Queued, sent when online; an unchanged form queues nothing (false).
   */
  saveRetailStoreSettings(changes: Partial<RetailStoreSettings>): Promise<boolean>;
  createTirePurchaseAddOn(model: CreateTirePurchaseAddOn): Promise<boolean>;
  updateTirePurchaseAddOn(tirePurchaseAddOnId: string, changes: Partial<Omit<TirePurchaseAddOn, 'tirePurchaseAddOnId'>>): Promise<boolean>;
  /** `bundledIn`: the packages on this device that bundle it, each taken off it in the same step. */
  deleteTirePurchaseAddOn(tirePurchaseAddOnId: string, bundledIn?: readonly string[]): Promise<boolean>;
  createTireInstallPackage(model: CreateTireInstallPackage): Promise<boolean>;
  updateTireInstallPackage(tireInstallPackageId: string, changes: Partial<Omit<TireInstallPackage, 'tireInstallPackageId'>>): Promise<boolean>;
  deleteTireInstallPackage(tireInstallPackageId: string): Promise<boolean>;
  /** One amount of a state tire fee (a row with its dates); overlaps are checked by the screen and the server. */
  createTireFee(model: CreateTireFee): Promise<boolean>;
  updateTireFee(tireFeeId: string, changes: Partial<Omit<TireFeeRow, 'tireFeeId'>>): Promise<boolean>;
  deleteTireFee(tireFeeId: string): Promise<boolean>;
  /** A fee's new rate from a date: `fee` (as shown) ends the day before, the new amount is added; both or neither. */
  changeTireFeeRate(fee: TireFeeRow, change: RateChange): Promise<boolean>;
  updateStoreTireService(storeTireServiceId: string, changes: TireOptionChanges): Promise<boolean>;
  updateStoreTireWarranty(storeTireWarrantyId: string, changes: TireOptionChanges): Promise<boolean>;
  /** A retail price catalogue's margin over cost and price ending (the company's own catalogues). */
  updateRetailPriceRule(
    retailPriceCatalogId: string,
    changes: Partial<Pick<RetailPriceCatalog, 'marginInBasisPoints' | 'priceEndingInCents'>>,
  ): Promise<boolean>;
  /** A tire's fixed price in a catalogue, set, replaced or removed. */
  setFixedTirePrice(retailPriceCatalogId: string, tireId: string, priceInCents: number): Promise<boolean>;
  removeFixedTirePrice(retailPriceCatalogId: string, tireId: string): Promise<boolean>;
  /** The counter's tire quote, priced here, saved on the customer (queued; false when nothing changed). */
  saveTireQuote(quote: TireQuote): Promise<boolean>;
  /**
   * Text or email the counter's quote (one action): saved as the counter has it, then the message the server writes
   * from the quote as it stores it, sent after the quote's save and refused with it. Refused here first when it
   * cannot go (texting consent, STOP, no number or address). Answers the message's id.
   */
  sendTireQuote(quote: TireQuote, channel: 'sms' | 'email'): Promise<string>;
  /** Every store's stock of a tire, with the stores' clocks and hours (needs the network: a device keeps only its own store's). */
  stockElsewhere(tireId: string): Promise<StockElsewhere>;
  /** The calendar (front counter): every change applied here at once and queued, sent when online. */
  /** A new visit with its services and, booking a quoted install, the tires it fits. */
  bookVisit(visit: CreateScheduledVisit, services: CreateScheduledService[], tires?: AddVisitTires['tires']): Promise<boolean>;
  /** A tire's DOT code as typed in the bay (refused in words when misread), or null to clear it. */
  recordTireDot(visitTireId: string, typed: string | null, onlyIfNone?: boolean): Promise<boolean>;
  removeVisitTire(visitTireId: string): Promise<boolean>;
  placeScheduledService(scheduledServiceId: string, place: Placement): Promise<boolean>;
  deleteScheduledService(scheduledServiceId: string): Promise<boolean>;
  addScheduledService(scheduledVisitId: string, service: CreateScheduledService): Promise<boolean>;
  changeScheduledService(scheduledServiceId: string, changes: ScheduledServiceChanges): Promise<boolean>;
  updateVisit(
    scheduledVisitId: string,
    changes: Partial<
      Pick<
        ScheduledVisit,
        | 'customerVehicleStatus'
        | 'staffNotes'
        | 'customerComments'
        | 'keyTag'
        | 'visitAppointmentCount'
        | 'scheduledCustomerCheckIn'
        | 'pickUpTime'
        | 'cancelDate'
        | 'description'
      >
    >,
  ): Promise<boolean>;
  /** Checks a customer in on the visit's day (refused, with the reason, before it). */
  checkIn(scheduledVisitId: string, day: VisitDay): Promise<boolean>;
  /** Promises the visit a ready-by time with why, and tells the customer when asked (queued: works offline; its history keeps the reason). */
  movePromise(scheduledVisitId: string, pickUpTime: string | null, reason: string | null, options?: { tellCustomer?: boolean }): Promise<boolean>;
  createBlockedTime(model: CreateBlockedTime): Promise<boolean>;
  updateBlockedTime(blockedTimeId: string, changes: Partial<Placement & Pick<BlockedTime, 'description'>>): Promise<boolean>;
  deleteBlockedTime(blockedTimeId: string): Promise<boolean>;
  createRecurringBlockedTime(model: CreateRecurringBlockedTime): Promise<boolean>;
  updateRecurringBlockedTime(
    recurringBlockedTimeId: string,
    changes: Partial<Pick<RecurringBlockedTime, 'recurrenceEndDate' | 'description'>>,
  ): Promise<boolean>;
  deleteRecurringBlockedTime(recurringBlockedTimeId: string): Promise<boolean>;
  /** Confirms a customer's appointment request (needs the network); answers the visit it became. */
  confirmAppointmentRequest(unconfirmedVisitId: string): Promise<string>;
  /** Declines a request with the reason its customer is sent (queued: works offline). */
  declineAppointmentRequest(unconfirmedVisitId: string, reason: string): Promise<boolean>;
  /** Declines several requests with one reason, as one action (the Requests list's bulk decline; queued: works offline). */
  declineAppointmentRequests(unconfirmedVisitIds: string[], reason: string): Promise<boolean>;
  /**
   * A text or an email to a customer from the active store: queued (shown in its thread at once), sent when
   * online; refused first with the spec's words when it could not be sent.
   */
  sendMessage(channel: 'sms' | 'email', message: (SendSms | SendEmail) & { storeMessageId: string }): Promise<boolean>;
  /** Starts an inspection of a visit from the store's template (the device makes its ids, so it works offline). */
  startInspection(model: CreateInspectionReport): Promise<boolean>;
  saveInspectionItem(
    inspectionReportId: string,
    itemId: string,
    measurementKind: InspectionTemplateGroup['items'][number]['measurement'],
    result: SaveInspectionItem,
  ): Promise<boolean>;
  completeInspection(inspectionReportId: string, completedAt: string | null): Promise<boolean>;
  sendInspectionReport(inspectionReportId: string): Promise<boolean>;
  /** The front counter reopens a customer's signed answer on an item (recorded in the report's decision log). */
  reopenInspectionDecision(inspectionReportId: string, itemId: string): Promise<boolean>;
  /** The front counter prices what fixes a Failed or Warning item (null: takes the fix off); the customer's report shows it. */
  setInspectionFix(inspectionReportId: string, itemId: string, fix: InspectionFix | null): Promise<boolean>;
  /**
   * A photo of an inspection item from the camera: made small here (the page stays responsive), kept on the
   * device and queued to upload in pieces; answers the photo's id.
   */
  addInspectionPhoto(inspectionReportId: string, itemId: string, file: Blob): Promise<string>;
  /** Brings a photo taken on another device to this one (needs the network); true once it is here. */
  fetchInspectionPhoto(inspectionPhotoId: string): Promise<boolean>;
  recordMilestone(scheduledVisitId: string, milestone: Milestone): Promise<boolean>;
  assignService(service: Pick<ScheduledService, 'scheduledServiceId' | 'scheduledVisitId'>, technicianId: string | null): Promise<boolean>;
  /** Links a traction order to its visit (null unlinks it); queued like any change. */
  linkTractionOrder(tractionOrderId: string, scheduledVisitId: string | null): Promise<boolean>;
  markRatingRead(ratingId: string): Promise<boolean>;
  archiveMessage(storeMessageId: string): Promise<boolean>;
  markMessageReplied(storeMessageId: string): Promise<boolean>;
  setNotificationRead(userNotificationId: string, read: boolean): Promise<boolean>;
  setNotificationPreference(kind: UserNotificationKind, inApp: boolean): Promise<boolean>;
  /** Queues a message to support from the active store; true once it is saved on the device. */
  sendSupportRequest(model: CreateSupportRequest): Promise<boolean>;
  /** Support requests as the server lists them (all of them for PointSAdmin); needs the network. */
  listSupportRequests(page: { top: number; skip: number }): Promise<{ items: SupportRequestListItem[]; count: number }>;
  /** What the server's sinks kept for the active store instead of texting or emailing (its admins); needs the network. */
  readMessageSink(): Promise<MessageSink>;

  /** A refused change, at the store whose outbox holds it (it may not be the active store). */
  retryChange(storeId: number, seq: number): Promise<void>;
  discardChange(storeId: number, seq: number): Promise<void>;
  /** Closes a notice that a change made here was overwritten by a later one. */
  dismissConflict(storeId: number, id: number): Promise<void>;

  /**
   * Deletes the signed-in user's data from the device (other users' stays); with changes waiting, only when
   * `force` (the user confirmed). Every tab's worker stops acting for the user.
   */
  signOut(force: boolean): Promise<SignOutResult>;

  /**
   * Resolves once the calls this tab made before it have ended (a change is on the device once its call ends),
   * waiting at most a few seconds: a call still running then waits on the network, not on the device.
   */
  changesWritten(): Promise<void>;
}

export const syncChannelName = 'alltrac-sync';
export type SyncChannelMessage =
  | { type: 'status'; status: SyncStatus }
  | { type: 'status-request' }
  | { type: 'kick' }
  /** A tab got a new access token (signed in, renewed): every worker of the same user uses the newest. */
  | { type: 'token'; token: string | null }
  /** The user signed out in some tab: no worker acts for them any more. */
  | { type: 'signed-out'; userId: string }
  /** The server ended the user's sign-in and the device's data of them is gone: their tabs say why (session-end.ts). */
  | { type: 'session-ended'; userId: string }
  /** A newer version of the app changed the databases: this version must reload. */
  | { type: 'upgrade'; message: string };
