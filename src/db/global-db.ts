import { Dexie, type Table } from 'dexie';
import type { AppSettings } from '../contract/app-settings.ts';
import type { SystemNotification } from '../contract/entities.ts';
import type { StoreLocation } from '../contract/store-location.ts';
import type { CurrentUser, UserSettings } from '../contract/user.ts';

/**
 * A user signed in on this device, as last seen by the server: the app opens with it offline, even with an
 * expired token. A device is shared (DESIGN.md): each user has their own row, read only while they are the
 * one signed in.
 */
export interface SessionRow {
  userId: string;
  user: CurrentUser;
  settings: UserSettings;
  /** Settings changed on this device and not yet saved on the server (a store switch made offline). */
  pendingSettings: Partial<UserSettings> | null;
  /** The stores of the user's company, by store number. */
  stores: StoreLocation[];
  loadedAt: string;
  /** Set when this user was signed in as the app moved to per-user replicas: theirs are the older ones. */
  adoptLegacyReplicas?: boolean;
}

export const globalDbName = 'alltrac-global';

/** What the device keeps of itself, by name: the last good startup settings, so the app starts offline. */
export interface DeviceStateRow {
  name: 'startupSettings';
  value: AppSettings;
  savedAt: string;
}

/** The device's own id, made once, which it sends when it pulls (the platform's health lists devices by it). */
export interface DeviceIdRow {
  name: 'deviceId';
  value: string;
  savedAt: string;
}

/**
 * Why the last person was signed out of this device by the server (disabled, or their sign-in ended), shown on
 * the device until someone signs in: what they are told, and how many of their changes wait here unsent.
 */
export interface SignedOutNotice {
  userId: string;
  /** Their name as the device last had it, or null when it had no session of theirs. */
  name: string | null;
  reason: string;
  /** Their changes kept on the device unsent (sent when they sign in here again; shown to nobody else). */
  waiting: number;
  at: string;
}

export interface SignedOutNoticeRow {
  name: 'signedOutNotice';
  value: SignedOutNotice;
  savedAt: string;
}

/** Data of the whole device, not of one store: each user's session, and the platform's notices. */
export class GlobalDb extends Dexie {
  sessions!: Table<SessionRow, string>;
  /** The active system notifications as last fetched (polled hourly), so banners show offline too. */
  systemNotifications!: Table<SystemNotification, string>;
  deviceState!: Table<DeviceStateRow, DeviceStateRow['name']>;

  /** The device's id, a row of deviceState beside the settings: each is read by its own name, so each has its own type. */
  get deviceIdState(): Table<DeviceIdRow, DeviceIdRow['name']> {
    return this.deviceState as unknown as Table<DeviceIdRow, DeviceIdRow['name']>;
  }

  /** Why the server last signed someone out of this device, until the next sign-in (a row of deviceState too). */
  get signedOutNoticeState(): Table<SignedOutNoticeRow, SignedOutNoticeRow['name']> {
    return this.deviceState as unknown as Table<SignedOutNoticeRow, SignedOutNoticeRow['name']>;
  }

  constructor(options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {}) {
    super(globalDbName, {
      chromeTransactionDurability: 'strict',
      ...(options.indexedDB ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange } : {}),
    });
    this.version(1).stores({ session: 'key', stores: 'id, storeNumber' });
    // Version 2 adds a table: no data to move, so no upgrade function.
    this.version(2).stores({ systemNotifications: 'systemNotificationId' });
    // Version 3: one session per user. The single session of older versions becomes its user's, with the
    // stores it saw; that user adopts the replicas made before replicas had an owner.
    this.version(3)
      .stores({ sessions: 'userId' })
      .upgrade(async (tx) => {
        const old = (await tx.table('session').get('current')) as (Omit<SessionRow, 'userId' | 'stores'> & { key: 'current' }) | undefined;
        if (!old) return;
        const stores = (await tx.table('stores').orderBy('storeNumber').toArray()) as StoreLocation[];
        const { key: _key, ...rest } = old;
        await tx.table('sessions').put({ ...rest, userId: old.user.userId, stores, adoptLegacyReplicas: true } satisfies SessionRow);
      });
    this.version(4).stores({ session: null, stores: null });
    this.version(5).stores({ deviceState: 'name' });
  }
}
