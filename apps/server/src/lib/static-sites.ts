import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, sendError } from './http.ts';

const ROOT = join(import.meta.dirname, '../../../..');
export const WEB_DIST = join(ROOT, 'apps/web/dist');
export const ADMIN_DIST = join(ROOT, 'apps/admin/dist');
const ASSETS = join(import.meta.dirname, '../../assets');

/** A Vite build's hashed file, or its precompressed copy (scripts/compress-dist.mjs). */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|webp|avif|jpe?g)(\.br|\.gz)?$/;

function cacheHeaders(reply: FastifyReply, path: string) {
  // Hashed build files never change; the shell, the manifest and the service worker (sw.js and
  // its workbox-*.js, outside assets/) always may, so the browser revalidates them (ETag).
  if (HASHED_ASSET.test(path)) {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    reply.header('Cache-Control', 'no-cache');
  }
}

/**
 * One process serves the player site at / (history fallback), the back office at /admin and the
 * bundled images (avatars, flags) at /static. The builds are precompressed (`npm run build` runs
 * scripts/compress-dist.mjs): each registration answers with the `.br` or `.gz` copy the request's
 * Accept-Encoding allows (`content-encoding`, `vary: accept-encoding`), the file itself otherwise.
 */
export async function serveSites(app: FastifyInstance, dists: { web: string; admin: string } = { web: WEB_DIST, admin: ADMIN_DIST }) {
  const { web: webDist, admin: adminDist } = dists;
  // This registration decorates reply.sendFile, used below for both index files: its
  // preCompressed is the one sendFile follows, so the shells go out as index.html.br or .gz.
  await app.register(fastifyStatic, { root: ASSETS, prefix: '/static/', maxAge: '1d', preCompressed: true });
  const hasAdmin = existsSync(join(adminDist, 'index.html'));
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      decorateReply: false,
      index: false,
      setHeaders: cacheHeaders,
      preCompressed: true,
      wildcard: true,
    });
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      decorateReply: false,
      index: false,
      setHeaders: cacheHeaders,
      preCompressed: true,
      wildcard: true,
    });
  }

  // cacheControl: false keeps the /static registration's one-day max-age off the shells.
  const sendIndex = (reply: FastifyReply, dist: string) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', dist, { cacheControl: false });

  if (hasAdmin) {
    app.get('/admin', (_request, reply) => sendIndex(reply, adminDist));
    app.get('/admin/', (_request, reply) => sendIndex(reply, adminDist));
  }
  if (hasWeb) app.get('/', (_request, reply) => sendIndex(reply, webDist));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/static/') && !/\.[a-z0-9]+$/i.test(path);
    if (wantsPage && path.startsWith('/admin') && hasAdmin) return sendIndex(reply, adminDist);
    if (wantsPage && hasWeb) return sendIndex(reply, webDist);
    return sendError(request, reply, new AppError('NOT_FOUND'));
  });
}
