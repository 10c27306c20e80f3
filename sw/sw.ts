/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

// The app shell is precached, so the app opens with no network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The page that installed the worker is served by it at once: a reload the moment the network drops (before any
// second online load) still finds the app on the device.
clientsClaim();

// Client routes load the shell; the server's own paths never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), {
  denylist: [/^\/api\//, /^\/identity(\/|$)/, /^\/hubs\//, /^\/(healthz|readyz)$/],
}));

// The startup settings: fresh when online, the last copy when offline.
registerRoute(({ url }) => url.pathname === '/app-settings.json', new NetworkFirst({ cacheName: 'app-settings', networkTimeoutSeconds: 3 }));

// A new version waits until the user accepts the update, so nothing changes under a running screen.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
