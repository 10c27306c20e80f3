import { Dexie, type Table } from 'dexie';
import type { SystemNotification } from '../contract/entities.ts';
import type { StoreLocation } from '../contract/store-location.ts';
import type { CurrentUser, UserSettings } from '../contract/user.ts';

/** The signed-in user as last seen by the server: the app opens with it offline, even with an expired token. */
export interface SessionRow {
  key: 'current';
  user: CurrentUser;
  settings: UserSettings;
  /** Settings changed on this device and not yet saved on the server (a store switch made offline). */
  pendingSettings: Partial<UserSettings> | null;
  loadedAt: string;
}

export const globalDbName = 'alltrac-global';

/** Data of the whole device, not of one store: the session and the stores the user may open. */
export class GlobalDb extends Dexie {
  session!: Table<SessionRow, 'current'>;
  stores!: Table<StoreLocation, number>;
  /** The active system notifications as last fetched (polled hourly), so banners show offline too. */
  systemNotifications!: Table<SystemNotification, string>;

  constructor(options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {}) {
    super(globalDbName, { chromeTransactionDurability: 'strict', ...(options.indexedDB ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange } : {}) });
    this.version(1).stores({ session: 'key', stores: 'id, storeNumber' });
    // Version 2 adds a table: no data to move, so no upgrade function.
    this.version(2).stores({ systemNotifications: 'systemNotificationId' });
  }
}
