import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { markLaterFiles, offlinePriority } from './build/offline-priority.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [
    react(),
    offlinePriority(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      // public/icons: the manifest's icons are precached once by the plugin itself (includeManifestIcons); its
      // screenshots are for the browser's install dialog only, never needed offline.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2}'], globIgnores: ['icons/**', 'public.html'], manifestTransforms: [markLaterFiles] },
      manifest: {
        name: 'AllTrac Staff',
        short_name: 'AllTrac',
        description: 'Run the store: scheduler, customers, messages, ratings and technician work.',
        theme_color: '#004C98',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        // PNGs made from public/favicon.svg by scripts/make-icons.mjs (checked in).
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          { src: '/icons/screenshot-narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: "Home: the store's day on a phone" },
          { src: '/icons/screenshot-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: "Home: the store's day on a laptop" },
        ],
      },
    }),
    precompress(),
  ],
  // Two starts: the staff app (index.html) and the customers' pages (public.html, src/public-main.tsx).
  build: { target: 'es2022', sourcemap: true, rollupOptions: { input: { index: 'index.html', public: 'public.html' } } },
  // The sync worker is a module worker that splits into chunks like the app.
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/identity': 'http://localhost:8080',
      '/hubs': { target: 'ws://localhost:8080', ws: true },
      '/app-settings.json': 'http://localhost:8080',
    },
  },
});
