import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { upgradeMessages, watchUpgrades, type UpgradeNotice } from '../../src/db/upgrades.ts';

const open = (indexedDB: IDBFactory, version: number) => {
  const db = new Dexie('upgrade-test', { indexedDB, IDBKeyRange });
  db.version(1).stores({ items: 'id' });
  if (version >= 2) db.version(2).stores({ items: 'id, name' });
  return db;
};

describe('a database version change across tabs', () => {
  it("closes the old tab's connection and asks its user to reload, so the new tab opens", async () => {
    const indexedDB = new IDBFactory();
    const oldTab = open(indexedDB, 1);
    const notices: UpgradeNotice[] = [];
    watchUpgrades(oldTab, (n) => notices.push(n));
    await oldTab.open();
    const newTab = open(indexedDB, 2);
    await newTab.open();
    expect(newTab.verno).toBe(2);
    expect(oldTab.isOpen()).toBe(false);
    expect(notices).toEqual([{ kind: 'reload', message: upgradeMessages.reload }]);
    newTab.close();
  });

  it('tells the upgrading tab when an old tab keeps it waiting', async () => {
    const indexedDB = new IDBFactory();
    const raw = indexedDB.open('upgrade-test', 10);
    await new Promise((resolve) => {
      raw.onsuccess = resolve;
    });
    // An old tab that does not let go (it never closes on versionchange).
    raw.result.onversionchange = () => undefined;
    const newTab = new Dexie('upgrade-test', { indexedDB, IDBKeyRange });
    newTab.version(2).stores({ items: 'id' });
    const notice = new Promise<UpgradeNotice>((resolve) => watchUpgrades(newTab, resolve));
    const opening = newTab.open().catch(() => undefined);
    const told = await notice;
    expect(told).toEqual({ kind: 'blocked', message: upgradeMessages.blocked });
    raw.result.close();
    await opening;
    newTab.close();
  });
});
