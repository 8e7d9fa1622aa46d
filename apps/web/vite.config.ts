import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { navigationAllowlist } from './src/app/route-paths.ts';
import { SHELL_SCRIPT } from '../../packages/shared/src/app-shell.ts';
import { DEFAULT_LANGUAGE } from '../../packages/shared/src/languages.ts';

const SERVER = 'http://127.0.0.1:3000';

/**
 * The player site reads the server catalogue only to translate its own form errors (keys of the
 * shared zod schemas); answers from the server arrive translated. The sections only the server,
 * the back office or the game providers use stay out of the browser's copy, which is part of the
 * home route's first load.
 */
const SERVER_ONLY_SECTIONS = ['admin', 'wallet', 'sandbox_provider', 'promo', 'agency', 'info'];
function trimServerCatalogue(): Plugin {
  return {
    name: 'trim-server-catalogue',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]locales[\\/][a-z]+[\\/]server\.json$/.test(id)) return null;
      const catalogue = JSON.parse(code) as Record<string, unknown>;
      for (const section of SERVER_ONLY_SECTIONS) delete catalogue[section];
      return { code: JSON.stringify(catalogue), map: null };
    },
  };
}

/**
 * The sections of the player catalogue (web.json) the home page and the shell (header, footer,
 * tab bar) never show. The first load carries web.json without them; `web.json?deferred` is
 * those sections alone, which lib/i18n.ts's loadDeferredCatalogues adds after the first paint and
 * every other page (router.tsx) and every dialog over the home page (root-layout.tsx) awaits.
 */
const DEFERRED_WEB_SECTIONS = ['fairness', 'wallet', 'auth', 'security', 'orders', 'download', 'test', 'care_refusal'];
function splitWebCatalogue(): Plugin {
  return {
    name: 'split-web-catalogue',
    enforce: 'pre',
    transform(code, id) {
      const match = /[\\/]locales[\\/][a-z]+[\\/]web\.json(\?deferred)?$/.exec(id);
      if (!match) return null;
      const catalogue = JSON.parse(code) as Record<string, unknown>;
      const deferred = match[1] !== undefined;
      const part = Object.fromEntries(
        Object.entries(catalogue).filter(([section]) => DEFERRED_WEB_SECTIONS.includes(section) === deferred),
      );
      // Vite's JSON plugin leaves a query alone: the deferred part is given as a module already.
      const text = JSON.stringify(part);
      return { code: deferred ? `export default JSON.parse(${JSON.stringify(text)});` : text, map: null };
    },
  };
}

/**
 * The first render waits for the active language's catalogue (lib/i18n.ts, initI18n), which the
 * entry script asks for only once it has run. index.html asks for the default language's at once,
 * beside the entry's own chunks (a modulepreload, so no script: the server's CSP allows no inline
 * one). A visitor who chose another language fetches 3 KB for nothing; most visitors do not.
 */
function preloadDefaultCatalogue(): Plugin {
  return {
    name: 'preload-default-catalogue',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const pattern = new RegExp(`[\\\\/]locales[\\\\/]${DEFAULT_LANGUAGE}[\\\\/]web\\.json$`);
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && pattern.test(output.facadeModuleId ?? ''),
        );
        if (!chunk) throw new Error(`preload-default-catalogue: no chunk for ${DEFAULT_LANGUAGE}/web.json`);
        return {
          html,
          tags: [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }],
        };
      },
    },
  };
}

/**
 * The first paint before the JavaScript (packages/shared/src/app-shell.ts): the shell's one inline
 * script right after #root (it puts the home page's banner in place), and the style sheet asked
 * for before the entry's chunks. Vite writes it after some thirty modulepreload links, so a phone
 * (six connections to the server) fetched it behind them while it held the first paint back.
 */
function appShell(): Plugin {
  return {
    name: 'app-shell',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        let moved = html;
        for (const sheet of sheets) moved = moved.replace(sheet, '');
        const entry = moved.indexOf('<script type="module"');
        if (entry >= 0) moved = `${moved.slice(0, entry)}${sheets.map((s) => s.trim()).join('\n    ')}\n    ${moved.slice(entry)}`;
        return { html: moved, tags: [{ tag: 'script', children: SHELL_SCRIPT, injectTo: 'body' }] };
      },
    },
  };
}

/**
 * The server hosts this build at / with a history fallback. The service worker precaches the
 * app shell only: API answers, the back office and server-side static files (flags) always go
 * to the network, so a player never sees a stale balance. It answers a navigation with the shell
 * only on the site's own routes (route-paths.ts, the list the router is built from): the server's
 * pages (the sandbox bank, a provider's game frame, the back office) and unknown addresses go to
 * the server, which answers an unknown address with the shell itself.
 */
export default defineConfig({
  base: '/',
  plugins: [
    trimServerCatalogue(),
    splitWebCatalogue(),
    preloadDefaultCatalogue(),
    appShell(),
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
        navigateFallbackAllowlist: navigationAllowlist(),
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
  // Every browser of the es2022 target but Firefox before 115 knows modulepreload; those fetch the
  // same chunks when they are imported, so the polyfill (0.6 KB of the first load) is left out.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
});
