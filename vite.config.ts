import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2}'] },
      manifest: {
        name: 'AllTrac Staff',
        short_name: 'AllTrac',
        description: 'Run the store: scheduler, customers, messages, ratings and technician work.',
        theme_color: '#004C98',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
    }),
  ],
  build: { target: 'es2022', sourcemap: true },
  // The sync worker is a module worker that splits into chunks like the app.
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://localhost:8080', '/identity': 'http://localhost:8080', '/hubs': { target: 'ws://localhost:8080', ws: true }, '/app-settings.json': 'http://localhost:8080' } },
});
