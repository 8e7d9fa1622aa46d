import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const SERVER = 'http://127.0.0.1:3000';

/**
 * The server hosts this build at / with a history fallback. The service worker precaches the
 * app shell only: API answers, the back office and server-side static files (flags) always go
 * to the network, so a player never sees a stale balance.
 */
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      injectRegister: false,
      registerType: 'prompt',
      strategies: 'generateSW',
      includeAssets: ['favicon.svg', 'logo.svg'],
      manifest: {
        name: 'Aurora Bet',
        short_name: 'Aurora Bet',
        description: 'Cassino online, cassino ao vivo e apostas esportivas.',
        lang: 'pt-BR',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#070b16',
        background_color: '#070b16',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webp,png,woff2}'],
        globIgnores: ['**/.vite/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/admin(\/|$)/, /^\/static\//, /^\/ws(\/|$)/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: false,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': SERVER, '/static': SERVER, '/ws': { target: SERVER, ws: true } },
  },
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
