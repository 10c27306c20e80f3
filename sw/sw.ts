/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { laterSavedMessage, saveLaterMessage, screensCacheName, type LaterSaved } from '../src/contract/offline-cache.ts';
import { publicPagePatterns } from '../src/contract/public-pages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };
/** `later`: a file only screens a store's day can open offline without need (build/offline-priority.ts). */
type BuiltFile = PrecacheEntry & { later?: boolean };

// Read once: the build writes the list of its files in its place, each an entry.
const manifest = self.__WB_MANIFEST.filter((entry): entry is BuiltFile => typeof entry !== 'string');
/** The build's hashed files (a kept copy never changes), by absolute URL. */
const hashed = manifest.filter((entry) => entry.url.startsWith('assets/')).map((entry) => ({ ...entry, href: new URL(entry.url, self.location.origin).href }));
// The files without a hash in their name (index.html, icons) are precached by Workbox, which checks their revisions.
precacheAndRoute(manifest.filter((entry) => !entry.url.startsWith('assets/')));
cleanupOutdatedCaches();

// The hashed files are kept by this worker, fetched side by side (Workbox's precache fetches one at a time: 200
// files behind a first sync that keeps the server busy took 8 s and more, issue 52) and served from the cache.
const storeDayUrls = hashed.filter((entry) => !entry.later).map((entry) => entry.href);
const laterUrls = hashed.filter((entry) => entry.later).map((entry) => entry.href);
const hashedUrls = new Set(hashed.map((entry) => entry.href));
registerRoute(({ url }) => hashedUrls.has(url.href), new CacheFirst({ cacheName: screensCacheName }));

/** Keeps those of `urls` not kept yet; answers how many could not be fetched now (offline, a deploy under way). */
async function keep(urls: string[]): Promise<number> {
  const cache = await caches.open(screensCacheName);
  const kept = new Set((await cache.keys()).map((request) => request.url));
  const failed = await Promise.all(
    urls
      .filter((url) => !kept.has(url))
      .map((url) =>
        cache.add(url).then(
          () => false,
          () => true,
        ),
      ),
  );
  return failed.filter(Boolean).length;
}

// The shell and the store's screens are kept before the worker takes any page: an install that could not keep
// them all fails, and the browser tries again at the next load, as it does for Workbox's precache.
self.addEventListener('install', (event) =>
  event.waitUntil(
    keep(storeDayUrls).then((missing) => {
      if (missing > 0) throw new Error(`${missing} of the app's files could not be fetched`);
    }),
  ),
);
// Files of earlier versions go once this one serves the pages (an earlier one's page reloads into it).
self.addEventListener('activate', (event) =>
  event.waitUntil(
    caches.open(screensCacheName).then(async (cache) => {
      for (const request of await cache.keys()) if (!hashedUrls.has(request.url)) await cache.delete(request);
    }),
  ),
);

// The page that installed the worker is served by it at once: a reload the moment the network drops (before any
// second online load) still finds the app on the device.
clientsClaim();

// Client routes load the shell; the server's own paths never do.
// The customers' pages are online only and start from public.html, which the server sends for them.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/identity(\/|$)/, /^\/hubs\//, /^\/(healthz|readyz)$/, ...publicPagePatterns],
  }),
);

// The startup settings: fresh when online, the last copy when offline.
registerRoute(({ url }) => url.pathname === '/app-settings.json', new NetworkFirst({ cacheName: 'app-settings', networkTimeoutSeconds: 3 }));

// A new version waits until the user accepts the update, so nothing changes under a running screen.
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // A page this worker serves asks for the rest of the app once it is up: the answer says what is still missing.
  if (type === saveLaterMessage) {
    event.waitUntil(keep(laterUrls).then((missing) => event.source?.postMessage({ type: laterSavedMessage, missing } satisfies LaterSaved)));
  }
});
