/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { Dexie } from 'dexie';
import { apiPaths } from '../src/contract/routes.ts';
import type { SendSms } from '../src/contract/writes.ts';
import type { Customer, InspectionPhoto } from '../src/contract/entities.ts';
import { photoQuotaProblem } from '../src/domain/inspections/inspections.ts';
import { e164 } from '../src/domain/people/phone.ts';
import { storeTimeZone, wallClockDate } from '../src/domain/calendar/time-zone.ts';
import { mayUseStore } from '../src/domain/people/roles.ts';
import { GlobalDb } from '../src/db/global-db.ts';
import { replicaStoreIds, StoreDb, storeDbName, type ReplicaOwner } from '../src/db/store-db.ts';
import { watchUpgrades, type UpgradeNotice } from '../src/db/upgrades.ts';
import { ApiClient } from '../src/http/api-client.ts';
import { identityOf, type Identity, type Renewal } from './identity.ts';
import { SyncLeader } from './leader.ts';
import { adoptLegacyReplicas } from './legacy-replicas.ts';
import { mutations } from './mutations.ts';
import { schedulerMutations } from './scheduler-mutations.ts';
import { messageMutations } from './message-mutations.ts';
import { confirmAppointmentRequest } from './appointment-requests.ts';
import { orderClock } from './outbox-order.ts';
import { activeStoreOnDevice, changeSettings, systemNotificationPoller } from './session.ts';
import { SyncEngine, type Mutation } from './sync-engine.ts';
import { supportRequestList } from './support-requests.ts';
import { inviteStaff } from './staff-invites.ts';
import { invitePerson, searchPeople, setPersonDisabled, setPersonStoreRole, setPlatformAdmin } from './platform-people.ts';
import {
  closeStore,
  createStore,
  createSystemNotice,
  listAllStores,
  listCompanies,
  listSystemNotices,
  patchSystemNotice,
  updateStore,
} from './platform-admin.ts';
import { messageSink } from './message-sink.ts';
import { failedMessages, platformDevices, platformHealth } from './platform-health.ts';
import { inspectionMutations } from './inspection-mutations.ts';
import { visitTireMutations } from './visit-tire-mutations.ts';
import { tractionMutations } from './traction-mutations.ts';
import { retailMutations } from './retail-mutations.ts';
import { tireQuoteMutations } from './tire-quote-mutations.ts';
import { stockElsewhere } from './stock-elsewhere.ts';
import { compressPhoto } from './photo-compression.ts';
import { DeviceDuplicates } from './device-duplicates.ts';
import { compareStores, watchDashboardFigures } from './dashboard-figures.ts';
import { watchHomeFigures } from './home-figures.ts';
import { fetchPhoto } from './photo-fetch.ts';
import { syncChannelName, type SignOutResult, type SyncChannelMessage, type SyncStatus, type SyncWorkerApi } from './sync-worker-api.ts';
import { systemNoticeEvent } from '../src/contract/hub.ts';

/*
 * One of these runs in every tab, for the user signed in there (the subject of the tab's access token). Each
 * can apply the user's changes to the replica and queue them; only the leader (one per browser profile, by
 * navigator.locks) talks to the server. When the leader's tab closes, its lock is released and a waiting
 * tab's worker takes over at once. A worker whose databases a newer version of the app upgraded gives up
 * the lead, so the new version's tab leads.
 */

const channel = new BroadcastChannel(syncChannelName);
const globalDb = new GlobalDb();
/** Only the last poll of the system notices writes them (the store may change while one is under way). */
const pollSystemNotifications = systemNotificationPoller(globalDb);
const post = (message: SyncChannelMessage) => channel.postMessage(message);

let settings: { serverUrl: string; production: boolean } | null = null;
let identity: Identity | null = null;
let renew: (stale: string | null) => Promise<Renewal> = async () => ({ unanswered: 'The app is still starting.' });
let leader: SyncLeader | null = null;
let resign: (() => void) | null = null;
let outdated = false;
/** The live connection's last state, as the leader published it. */
let connection: SyncStatus['connection'] = 'disconnected';
const order = orderClock();
const openDbs = new Set<StoreDb>();

function onUpgrade(notice: UpgradeNotice): void {
  if (notice.kind === 'reload') {
    // This code is older than the databases now: hand the lead to the newer version's tab.
    outdated = true;
    void leader?.stop();
    resign?.();
  }
  post({ type: 'upgrade', message: notice.message });
}
watchUpgrades(globalDb, onUpgrade);

function openStoreDb(owner: ReplicaOwner, durability: 'strict' | 'default'): StoreDb {
  const db = new StoreDb(owner, { durability });
  watchUpgrades(db, onUpgrade);
  openDbs.add(db);
  db.on('close', () => openDbs.delete(db));
  return db;
}

/** This tab's engines of the signed-in user, by store: they queue changes and never pull or push themselves. */
const engines = new Map<number, SyncEngine>();

/** This tab's possible duplicates of each replica, kept between calls. */
const duplicates = new Map<number, DeviceDuplicates>();

function duplicatesFor(storeId: number): DeviceDuplicates {
  let found = duplicates.get(storeId);
  if (!found) {
    found = new DeviceDuplicates(openStoreDb({ userId: signedIn('looking for duplicates').userId, storeId }, 'default'));
    duplicates.set(storeId, found);
  }
  return found;
}

/** The replica connection figures are read through (and the dashboard's marks on visits written), one per store (the watches of one store share it). */
const figureDbs = new Map<number, StoreDb>();

function figuresDbFor(storeId: number): StoreDb {
  let db = figureDbs.get(storeId);
  if (!db) {
    db = openStoreDb({ userId: signedIn('reading the figures').userId, storeId }, 'default');
    figureDbs.set(storeId, db);
  }
  return db;
}

function closeEngines(): void {
  for (const db of figureDbs.values()) db.close();
  figureDbs.clear();
  engines.clear();
  for (const found of duplicates.values()) found.close();
  duplicates.clear();
  for (const db of [...openDbs]) db.close();
  openDbs.clear();
}

function setIdentity(next: Identity | null): void {
  if (next?.userId !== identity?.userId) closeEngines();
  identity = next;
}

function signedIn(action: string): Identity {
  if (outdated) throw new Error('A new version of the app is ready. Reload to keep working; nothing you entered is lost.');
  if (!identity) throw new Error(`Sign in before ${action}.`);
  return identity;
}

function engineFor(storeId: number): SyncEngine {
  if (!settings) throw new Error('The app is still starting; try again in a moment.');
  const { userId } = signedIn('making changes');
  let engine = engines.get(storeId);
  if (!engine) {
    const owner = { userId, storeId };
    engine = new SyncEngine({
      db: openStoreDb(owner, 'default'),
      strictDb: openStoreDb(owner, 'strict'),
      api: new ApiClient({ baseUrl: settings.serverUrl, storeId, accessToken: () => identity?.accessToken ?? null }),
      order,
    });
    engines.set(storeId, engine);
  }
  return engine;
}

async function activeStoreId(): Promise<number> {
  const store = await activeStoreOnDevice(globalDb, signedIn('making changes').userId);
  if (!store) throw new Error('Choose a store before making changes.');
  return store.id;
}

/** Calls of the platform, not of a store (the admin dashboard): no active store is sent. */
function platformClient(): ApiClient {
  if (!settings) throw new Error('The app is still starting; try again in a moment.');
  return new ApiClient({ baseUrl: settings.serverUrl, storeId: null, accessToken: () => identity?.accessToken ?? null });
}

async function signedInUser(action: string) {
  const session = await globalDb.sessions.get(signedIn(action).userId);
  if (!session) throw new Error(`Sign in before ${action}.`);
  return session.user;
}

function wakeLeader(): void {
  if (leader) leader.kick();
  else post({ type: 'kick' });
}

async function queue(mutation: Mutation): Promise<boolean> {
  const queued = await engineFor(await activeStoreId()).mutate(mutation);
  if (queued) wakeLeader();
  return queued;
}

/** Stops acting for a user who signed out in some tab: nothing of theirs stays open, nothing is re-created. */
function forget(userId: string): void {
  if (identity?.userId !== userId) return;
  setIdentity(null);
  void leader?.tokenChanged();
}

channel.onmessage = (event: MessageEvent<SyncChannelMessage>) => {
  const message = event.data;
  if (message.type === 'token') {
    const next = identityOf(message.token);
    // Only a newer token of the same user: another user's sign-in in another tab reloads this one instead.
    if (next && next.userId === identity?.userId && next.accessToken !== identity.accessToken && next.expiresAt >= identity.expiresAt) {
      setIdentity(next);
      void leader?.tokenChanged();
    }
  }
  if (message.type === 'signed-out') forget(message.userId);
  if (!leader) return;
  if (message.type === 'kick') leader.sessionChanged();
  if (message.type === 'status-request') post({ type: 'status', status: leader.status });
};
self.addEventListener('online', () => leader?.kick());

async function renewedToken(): Promise<Renewal> {
  const renewal = await renew(identity?.accessToken ?? null);
  if (!('token' in renewal)) return renewal;
  const next = identityOf(renewal.token);
  if (!next) return { unanswered: 'The renewed access token could not be read.' };
  setIdentity(next);
  post({ type: 'token', token: next.accessToken });
  await leader?.tokenChanged();
  return renewal;
}

const api: SyncWorkerApi = {
  async start(options, renewToken) {
    if (settings) return;
    settings = options;
    renew = renewToken;
    void navigator.locks.request('alltrac-sync-leader', async () => {
      if (outdated) return;
      leader = new SyncLeader({
        serverUrl: options.serverUrl,
        production: options.production,
        globalDb,
        identity: () => identity,
        renewToken: renewedToken,
        letGoOf: async (userId) => {
          post({ type: 'signed-out', userId });
          forget(userId);
        },
        sessionEnded: (userId) => post({ type: 'session-ended', userId }),
        publish: (status) => {
          // Connected again: a notice made or ended meanwhile is not told again, so the notices are fetched.
          if (status.connection === 'connected' && connection !== 'connected') void api.refreshSystemNotifications();
          connection = status.connection;
          post({ type: 'status', status });
        },
        online: () => navigator.onLine,
        openStoreDb,
        replicaStoreIds: (userId) => replicaStoreIds(userId),
        order,
        adoptLegacyReplicas: (userId) => adoptLegacyReplicas(globalDb, userId),
        onHubEvent: (name) => {
          if (name === systemNoticeEvent) void api.refreshSystemNotifications();
        },
      });
      await leader.tokenChanged();
      // Held while this tab lives and its code is current: closing the tab, or a newer version of the app
      // taking over the databases, hands the lead to the next tab.
      await new Promise<void>((resolve) => {
        resign = resolve;
      });
      leader = null;
    });
  },

  async setAccessToken(value) {
    const next = identityOf(value);
    if (next?.accessToken === identity?.accessToken) return;
    setIdentity(next);
    if (next) post({ type: 'token', token: next.accessToken });
    await leader?.tokenChanged();
  },

  async selectStore(storeId) {
    const { userId } = signedIn('choosing a store');
    const session = await globalDb.sessions.get(userId);
    if (!session || !mayUseStore(session.user.roles, storeId)) throw new Error('You do not hold a role at that store.');
    await changeSettings(globalDb, userId, { allTracCurrentStoreLocation: storeId });
    if (leader) leader.sessionChanged();
    else post({ type: 'kick' });
  },

  async hideInstallPrompt() {
    const { userId } = signedIn('hiding the install prompt');
    await changeSettings(globalDb, userId, { allTracHideInstallPrompt: new Date().toISOString() });
    if (leader) leader.sessionChanged();
    else post({ type: 'kick' });
  },

  async syncNow() {
    wakeLeader();
  },

  async refreshSystemNotifications() {
    if (!settings || !identity) return false;
    try {
      // The active store's notices and every store's (a notice may name some stores only).
      const store = await activeStoreOnDevice(globalDb, identity.userId);
      const api = new ApiClient({ baseUrl: settings.serverUrl, storeId: store?.id ?? null, accessToken: () => identity?.accessToken ?? null });
      await pollSystemNotifications(api);
      return true;
    } catch {
      return false;
    }
  },

  createCustomer: (model) => queue(mutations.createCustomer(model)),
  updateCustomer: (customerId, changes) => queue(mutations.updateCustomer(customerId, changes)),
  createVehicle: (customerId, model) => queue(mutations.createVehicle(customerId, model)),
  updateVehicle: (customerId, vehicleId, changes) => queue(mutations.updateVehicle(customerId, vehicleId, changes)),
  mergeCustomers: (keptCustomerId, mergedCustomerId) => queue(mutations.mergeCustomers(keptCustomerId, mergedCustomerId)),
  markNotDuplicate: (customerId, otherCustomerId) => queue(mutations.markNotDuplicate(customerId, otherCustomerId)),
  possibleDuplicates: (storeId) => duplicatesFor(storeId).groups(),
  watchHome: async (storeId, timeZone, onFigures, onError) => watchHomeFigures(figuresDbFor(storeId), timeZone, onFigures, onError),
  watchDashboard: async (storeId, range, onFigures, onError) => watchDashboardFigures(figuresDbFor(storeId), storeId, range, onFigures, onError),
  async compareStores(period) {
    if (!settings) throw new Error('The app is still starting; try again in a moment.');
    return compareStores(
      new ApiClient({ baseUrl: settings.serverUrl, storeId: await activeStoreId(), accessToken: () => identity?.accessToken ?? null }),
      period,
    );
  },
  createStoreService: async (model) => queue(mutations.createStoreService(await activeStoreId(), model)),
  updateStoreService: (storeServiceId, changes) => queue(mutations.updateStoreService(storeServiceId, changes)),
  deleteStoreService: (storeServiceId) => queue(mutations.deleteStoreService(storeServiceId)),
  updateStoreLocation: async (changes) => queue(mutations.updateStoreLocation(await activeStoreId(), changes)),
  createSpecialStoreHours: async (model) => queue(mutations.createSpecialStoreHours(await activeStoreId(), model)),
  updateSpecialStoreHours: async (id, changes) => queue(mutations.updateSpecialStoreHours(await activeStoreId(), id, changes)),
  deleteSpecialStoreHours: async (id) => queue(mutations.deleteSpecialStoreHours(await activeStoreId(), id)),
  createSchedulerResource: async (model) => queue(mutations.createSchedulerResource(await activeStoreId(), model)),
  updateSchedulerResource: (id, changes) => queue(mutations.updateSchedulerResource(id, changes)),
  assignResourceTechnician: (id) => queue(mutations.assignResourceTechnician(id)),
  setAppointmentResource: async (resourceId, serviceId, on) => queue(mutations.setAppointmentResource(await activeStoreId(), resourceId, serviceId, on)),
  setOnlineBooking: async (resourceId, serviceId, on) => queue(mutations.setOnlineBooking(await activeStoreId(), resourceId, serviceId, on)),
  listSystemNotices: async () => listSystemNotices(platformClient()),
  createSystemNotice: async (model) => createSystemNotice(platformClient(), model),
  patchSystemNotice: async (id, patch) => patchSystemNotice(platformClient(), id, patch),
  listCompanies: async () => listCompanies(platformClient()),
  listAllStores: async () => listAllStores(platformClient()),
  createStore: async (model) => createStore(platformClient(), model),
  updateStore: async (storeId, changes) => updateStore(platformClient(), storeId, changes),
  closeStore: async (storeId) => closeStore(platformClient(), storeId),
  platformHealth: async () => platformHealth(platformClient()),
  platformDevices: async (storeId) => platformDevices(platformClient(), storeId),
  failedMessages: async () => failedMessages(platformClient()),
  searchPeople: async (q, alltracCompanyId) => searchPeople(platformClient(), q, alltracCompanyId),
  invitePerson: async (model) => invitePerson(platformClient(), model),
  setPersonStoreRole: async (userId, storeId, role) => setPersonStoreRole(platformClient(), userId, storeId, role),
  setPlatformAdmin: async (userId, on) => setPlatformAdmin(platformClient(), userId, on),
  setPersonDisabled: async (userId, disabled) => setPersonDisabled(platformClient(), userId, disabled),
  async inviteStaff(model) {
    if (!settings) throw new Error('The app is still starting; try again in a moment.');
    const client = new ApiClient({ baseUrl: settings.serverUrl, storeId: await activeStoreId(), accessToken: () => identity?.accessToken ?? null });
    return inviteStaff(client, model);
  },
  setStaffRole: async (userId, role) => queue(mutations.setStaffRole(await activeStoreId(), userId, role)),
  removeStaff: async (userId) => queue(mutations.removeStaff(await activeStoreId(), userId)),
  saveStoreEntry: async (kind, entry) => queue(mutations.saveStoreEntry(await activeStoreId(), kind, entry)),
  deleteStoreEntry: async (kind, entryId) => queue(mutations.deleteStoreEntry(await activeStoreId(), kind, entryId)),
  saveInspectionTemplate: async (groups) => queue(mutations.saveInspectionTemplate(await activeStoreId(), groups)),
  saveMessageTemplate: async (templateType, texts) => queue(mutations.saveMessageTemplate(await activeStoreId(), templateType, texts)),
  restoreMessageTemplate: async (templateType) => queue(mutations.restoreMessageTemplate(await activeStoreId(), templateType)),
  saveRetailStoreSettings: async (changes) => queue(retailMutations.saveRetailStoreSettings(await activeStoreId(), changes)),
  createTirePurchaseAddOn: async (model) => queue(retailMutations.createTirePurchaseAddOn(await activeStoreId(), model)),
  updateTirePurchaseAddOn: (id, changes) => queue(retailMutations.updateTirePurchaseAddOn(id, changes)),
  async deleteTirePurchaseAddOn(id, bundledIn = []) {
    const queued = await engineFor(await activeStoreId()).mutateAll([
      ...bundledIn.map((packageId) => retailMutations.unbundleAddOn(packageId, id)),
      retailMutations.deleteTirePurchaseAddOn(id),
    ]);
    if (queued) wakeLeader();
    return queued;
  },
  createTireInstallPackage: async (model) => queue(retailMutations.createTireInstallPackage(await activeStoreId(), model)),
  updateTireInstallPackage: (id, changes) => queue(retailMutations.updateTireInstallPackage(id, changes)),
  deleteTireInstallPackage: (id) => queue(retailMutations.deleteTireInstallPackage(id)),
  createTireFee: async (model) => queue(retailMutations.createTireFee(await activeStoreId(), model)),
  updateTireFee: (id, changes) => queue(retailMutations.updateTireFee(id, changes)),
  deleteTireFee: (id) => queue(retailMutations.deleteTireFee(id)),
  async changeTireFeeRate(fee, change) {
    const storeId = await activeStoreId();
    const queued = await engineFor(storeId).mutateAll(retailMutations.changeTireFeeRate(storeId, fee, change));
    if (queued) wakeLeader();
    return queued;
  },
  updateStoreTireService: (id, changes) => queue(retailMutations.updateStoreTireService(id, changes)),
  updateStoreTireWarranty: (id, changes) => queue(retailMutations.updateStoreTireWarranty(id, changes)),
  updateRetailPriceRule: (id, changes) => queue(retailMutations.updateRetailPriceRule(id, changes)),
  setFixedTirePrice: (catalogId, tireId, priceInCents) => queue(retailMutations.setFixedTirePrice(catalogId, tireId, priceInCents)),
  removeFixedTirePrice: (catalogId, tireId) => queue(retailMutations.removeFixedTirePrice(catalogId, tireId)),
  saveTireQuote: async (quote) => queue(tireQuoteMutations.saveTireQuote(await activeStoreId(), quote)),
  async sendTireQuote(quote, channel) {
    const user = await signedInUser('sending messages');
    const store = await activeStoreOnDevice(globalDb, user.userId);
    if (!store) throw new Error('Choose a store before sending messages.');
    const engine = engineFor(store.id);
    const customer = (await engine.replicaRow('customers', { customerId: quote.customerId })) as Customer | undefined;
    if (!customer) throw new Error('Choose the customer this quote is for first.');
    const number = e164(customer.phoneNumber);
    const stopped = number !== null && (await engine.replicaRow('textStops', { storeId: store.id, phoneNumber: number })) !== undefined;
    const storeMessageId = crypto.randomUUID();
    const queued = await engine.mutateAll(tireQuoteMutations.sendTireQuote(store, quote, channel, customer, storeMessageId, () => stopped));
    if (queued) wakeLeader();
    return storeMessageId;
  },
  async bookVisit(visit, services, tires = []) {
    const user = await signedInUser('booking');
    const storeId = await activeStoreId();
    const queued = await engineFor(storeId).mutateAll([
      ...schedulerMutations.bookVisit(storeId, visit, services, user.name),
      ...(tires.length > 0 ? visitTireMutations.addTires(storeId, visit.scheduledVisitId, tires) : []),
    ]);
    if (queued) wakeLeader();
    return queued;
  },
  placeScheduledService: (id, place) => queue(schedulerMutations.placeScheduledService(id, place)),
  deleteScheduledService: (id) => queue(schedulerMutations.deleteScheduledService(id)),
  addScheduledService: async (visitId, service) => queue(schedulerMutations.addScheduledService(await activeStoreId(), visitId, service)),
  changeScheduledService: (id, changes) => queue(schedulerMutations.changeScheduledService(id, changes)),
  updateVisit: (id, changes) =>
    queue(
      schedulerMutations.updateVisit(
        id,
        changes,
        changes.cancelDate ? 'Cancel a visit' : changes.cancelDate === null ? 'Restore a canceled visit' : 'Change a visit',
      ),
    ),
  checkIn: (id, day) => queue(schedulerMutations.checkIn(id, day)),
  movePromise: (id, pickUpTime, reason, options) => queue(schedulerMutations.movePromise(id, pickUpTime, reason, options)),
  declineAppointmentRequest: (id, reason) => queue(schedulerMutations.declineRequest(id, reason)),
  async declineAppointmentRequests(ids, reason) {
    const queued = await engineFor(await activeStoreId()).mutateAll(schedulerMutations.declineRequests(ids, reason));
    if (queued) wakeLeader();
    return queued;
  },
  createBlockedTime: async (model) => queue(schedulerMutations.createBlockedTime(await activeStoreId(), model)),
  updateBlockedTime: (id, changes) => queue(schedulerMutations.updateBlockedTime(id, changes)),
  deleteBlockedTime: (id) => queue(schedulerMutations.deleteBlockedTime(id)),
  createRecurringBlockedTime: async (model) => queue(schedulerMutations.createRecurringBlockedTime(await activeStoreId(), model)),
  updateRecurringBlockedTime: (id, changes) => queue(schedulerMutations.updateRecurringBlockedTime(id, changes)),
  deleteRecurringBlockedTime: (id) => queue(schedulerMutations.deleteRecurringBlockedTime(id)),
  async confirmAppointmentRequest(unconfirmedVisitId) {
    if (!settings) throw new Error('The app is still starting; try again in a moment.');
    const client = new ApiClient({ baseUrl: settings.serverUrl, storeId: await activeStoreId(), accessToken: () => identity?.accessToken ?? null });
    const visitId = await confirmAppointmentRequest(client, unconfirmedVisitId);
    wakeLeader();
    return visitId;
  },
  async sendMessage(channel, message) {
    const user = await signedInUser('sending messages');
    const store = await activeStoreOnDevice(globalDb, user.userId);
    if (!store) throw new Error('Choose a store before sending messages.');
    const engine = engineFor(store.id);
    const to = channel === 'sms' ? e164((message as SendSms).destinationPhoneNumber) : null;
    const stopped = to !== null && (await engine.replicaRow('textStops', { storeId: store.id, phoneNumber: to })) !== undefined;
    const queued = await engine.mutateAll(messageMutations.send(channel, message, store, { userId: user.userId, name: user.name }, () => stopped));
    if (queued) wakeLeader();
    return queued;
  },
  startInspection: async (model) => queue(inspectionMutations.startInspection(await activeStoreId(), model)),
  saveInspectionItem: async (reportId, itemId, kind, result) => queue(inspectionMutations.saveItem(await activeStoreId(), reportId, itemId, kind, result)),
  completeInspection: (reportId, completedAt) => queue(inspectionMutations.completeInspection(reportId, completedAt)),
  sendInspectionReport: (reportId) => queue(inspectionMutations.sendReport(reportId)),
  reopenInspectionDecision: (reportId, itemId) => queue(inspectionMutations.reopenDecision(reportId, itemId)),
  setInspectionFix: (reportId, itemId, fix) => queue(inspectionMutations.setFix(reportId, itemId, fix)),
  async recordTireDot(visitTireId, typed, onlyIfNone = false) {
    const user = await signedInUser('recording DOT codes');
    const store = await activeStoreOnDevice(globalDb, user.userId);
    const now = new Date();
    // A week not come yet is judged by the store's date, as the server judges it.
    const today = wallClockDate(
      now,
      storeTimeZone(store?.timeZone, () => undefined),
    );
    return queue(visitTireMutations.recordDot(visitTireId, typed, user.name, { now, today }, onlyIfNone));
  },
  removeVisitTire: (visitTireId) => queue(visitTireMutations.removeTire(visitTireId)),
  async addInspectionPhoto(reportId, itemId, file) {
    const storeId = await activeStoreId();
    const { blob, width, height } = await compressPhoto(file);
    const inspectionPhotoId = crypto.randomUUID();
    const photo = {
      inspectionPhotoId,
      inspectionReportId: reportId,
      itemId,
      contentType: 'image/jpeg' as const,
      byteSize: blob.size,
      width,
      height,
      takenAt: new Date().toISOString(),
    };
    // Refused here in the server's words, before it is kept or queued: a photo over the quota would wait to be refused.
    const taken = (await engineFor(storeId).replicaRowsWhere('inspectionPhotos', 'inspectionReportId', reportId)) as InspectionPhoto[];
    const overQuota = photoQuotaProblem(taken, photo);
    if (overQuota) throw new Error(overQuota);
    const queued = await engineFor(storeId).mutateAll(inspectionMutations.addPhoto(storeId, photo), { inspectionPhotoId, blob });
    if (queued) wakeLeader();
    return inspectionPhotoId;
  },
  async fetchInspectionPhoto(inspectionPhotoId) {
    if (!settings) throw new Error('The app is still starting; try again in a moment.');
    const storeId = await activeStoreId();
    return fetchPhoto(
      new ApiClient({ baseUrl: settings.serverUrl, storeId, accessToken: () => identity?.accessToken ?? null }),
      engineFor(storeId),
      inspectionPhotoId,
    );
  },
  recordMilestone: (visitId, milestone) => queue(inspectionMutations.milestone(visitId, milestone)),
  assignService: (service, technicianId) => queue(inspectionMutations.assignService(service, technicianId)),
  linkTractionOrder: (tractionOrderId, visitId) => queue(tractionMutations.linkVisit(tractionOrderId, visitId)),
  markRatingRead: (ratingId) => queue(mutations.markRatingRead(ratingId)),
  archiveMessage: (storeMessageId) => queue(mutations.archiveMessage(storeMessageId)),
  setNotificationRead: (userNotificationId, read) => queue(mutations.setNotificationRead(userNotificationId, read)),
  async markMessageReplied(storeMessageId) {
    const user = await signedInUser('replying');
    return queue(mutations.markMessageReplied(storeMessageId, { userId: user.userId, name: user.name }));
  },
  async setNotificationPreference(kind, inApp) {
    const user = await signedInUser('changing notification settings');
    return queue(mutations.setNotificationPreference(user.userId, kind, inApp));
  },
  async sendSupportRequest(model) {
    const user = await signedInUser('writing to support');
    return queue(mutations.sendSupportRequest(user.userId, await activeStoreId(), model));
  },
  async stockElsewhere(tireId) {
    if (!settings) throw new Error('The app is still starting; try again in a moment.');
    const here = await activeStoreId();
    return stockElsewhere(new ApiClient({ baseUrl: settings.serverUrl, storeId: here, accessToken: () => identity?.accessToken ?? null }), tireId, here);
  },
  async readMessageSink() {
    if (!settings) throw new Error('The app is still starting; try again in a moment.');
    return messageSink(new ApiClient({ baseUrl: settings.serverUrl, storeId: await activeStoreId(), accessToken: () => identity?.accessToken ?? null }));
  },
  async listSupportRequests({ top, skip }) {
    if (!settings) throw new Error('The app is still starting; try again in a moment.');
    const query = new URLSearchParams({ $top: String(top), $skip: String(skip), $count: 'true', $orderby: 'dateSubmitted desc' });
    const client = new ApiClient({ baseUrl: settings.serverUrl, storeId: null, accessToken: () => identity?.accessToken ?? null });
    return supportRequestList(client, `${apiPaths.supportRequests}?${query}`);
  },

  async retryChange(storeId, seq) {
    await engineFor(storeId).retry(seq);
    wakeLeader();
  },
  async discardChange(storeId, seq) {
    await engineFor(storeId).discard(seq);
  },
  async dismissConflict(storeId, id) {
    await engineFor(storeId).dismissConflict(id);
  },

  async signOut(force): Promise<SignOutResult> {
    const { userId } = signedIn('signing out');
    const storeIds = await replicaStoreIds(userId);
    let waiting = 0;
    for (const storeId of storeIds) {
      const db = new StoreDb({ userId, storeId });
      waiting += await db.outbox.count();
      db.close();
    }
    if (waiting > 0 && !force) return { waiting, done: false };
    // Every tab's worker lets go of this user's databases before they are deleted (a leader elsewhere would
    // otherwise open them again); other users' data on the device stays.
    post({ type: 'signed-out', userId });
    forget(userId);
    await Promise.all(storeIds.map((storeId) => Dexie.delete(storeDbName({ userId, storeId }))));
    await globalDb.sessions.delete(userId);
    return { waiting, done: true };
  },
  async changesWritten() {
    await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, writeWaitMs))]);
  },
};

/**
 * The tab's calls under way, each registered as its message arrives: messages arrive in order, so a change
 * asked for before changesWritten is counted though its write has not started yet.
 */
const running = new Set<Promise<unknown>>();
/** A change is written to the device in milliseconds; a call running longer waits on the network. */
const writeWaitMs = 5_000;

function tracked<T extends object>(target: T): T {
  return Object.fromEntries(
    Object.entries(target).map(([name, value]) => [
      name,
      typeof value !== 'function' || name === 'changesWritten'
        ? value
        : (...args: unknown[]) => {
            const call = Promise.resolve().then(() => (value as (...a: unknown[]) => unknown).apply(target, args));
            running.add(call);
            void call.then(
              () => running.delete(call),
              () => running.delete(call),
            );
            return call;
          },
    ]),
  ) as T;
}

Comlink.expose(tracked(api));
