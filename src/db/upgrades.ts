import type { Dexie } from 'dexie';

export type UpgradeNotice = { kind: 'reload'; message: string } | { kind: 'blocked'; message: string };

export const upgradeMessages = {
  reload: 'A new version of the app is ready. Reload to keep working; nothing you entered is lost.',
  blocked: 'The app is updating its offline data. Close the other tabs or windows of the app to finish.',
} as const;

/**
 * Keeps Dexie version changes safe across tabs: a tab holding the old version closes its connection when a
 * newer tab upgrades (so the upgrade is not held up) and asks its user to reload; a tab whose upgrade waits
 * on an old tab says so after a second (within the 2 seconds we promise), unless the old tab let go by then.
 */
export function watchUpgrades(db: Dexie, notify: (notice: UpgradeNotice) => void, blockedAfterMs = 1000): void {
  db.on('versionchange', (event: IDBVersionChangeEvent) => {
    db.close();
    // A deleted database (its user signed out in another tab) needs no new version of the app.
    if (event.newVersion !== null) notify({ kind: 'reload', message: upgradeMessages.reload });
    return false;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  db.on('blocked', () => {
    timer ??= setTimeout(() => notify({ kind: 'blocked', message: upgradeMessages.blocked }), blockedAfterMs);
  });
  db.on('ready', () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  });
}
