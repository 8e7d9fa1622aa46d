import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, sendError } from './http.ts';

const ROOT = join(import.meta.dirname, '../../../..');
export const WEB_DIST = join(ROOT, 'apps/web/dist');
export const ADMIN_DIST = join(ROOT, 'apps/admin/dist');
const ASSETS = join(import.meta.dirname, '../../assets');

function cacheHeaders(reply: FastifyReply, path: string) {
  // Hashed build files never change; the shell, the manifest and the service worker always may.
  if (/[/\\]assets[/\\].+-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|webp)$/.test(path)) {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    reply.header('Cache-Control', 'no-cache');
  }
}

/**
 * One process serves the player site at / (history fallback), the back office at /admin and the
 * bundled images (avatars, flags) at /static.
 */
export async function serveSites(app: FastifyInstance) {
  // This registration decorates reply.sendFile, used below for both index files.
  await app.register(fastifyStatic, { root: ASSETS, prefix: '/static/', maxAge: '1d' });
  const hasAdmin = existsSync(join(ADMIN_DIST, 'index.html'));
  const hasWeb = existsSync(join(WEB_DIST, 'index.html'));
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: ADMIN_DIST,
      prefix: '/admin/',
      decorateReply: false,
      index: false,
      setHeaders: cacheHeaders,
      wildcard: true,
    });
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/',
      decorateReply: false,
      index: false,
      setHeaders: cacheHeaders,
      wildcard: true,
    });
  }

  const sendIndex = (reply: FastifyReply, dist: string) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', dist);

  if (hasAdmin) {
    app.get('/admin', (_request, reply) => sendIndex(reply, ADMIN_DIST));
    app.get('/admin/', (_request, reply) => sendIndex(reply, ADMIN_DIST));
  }
  if (hasWeb) app.get('/', (_request, reply) => sendIndex(reply, WEB_DIST));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/static/') && !/\.[a-z0-9]+$/i.test(path);
    if (wantsPage && path.startsWith('/admin') && hasAdmin) return sendIndex(reply, ADMIN_DIST);
    if (wantsPage && hasWeb) return sendIndex(reply, WEB_DIST);
    return sendError(request, reply, new AppError('NOT_FOUND'));
  });
}
