import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSites } from './static-sites.ts';

const COMPRESS = join(import.meta.dirname, '../../../../scripts/compress-dist.mjs');

/** A build as `npm run build` leaves it: Vite's output, then scripts/compress-dist.mjs over it. */
function fakeBuild(root: string, name: string) {
  const dist = join(root, name);
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"game ${i}"}`).join(',')}];\n`;
  writeFileSync(join(dist, 'assets/index-AbCdEf12.js'), script);
  writeFileSync(join(dist, 'assets/tiny-Zz09_-xy.js'), 'export{};\n');
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>${name}</title></head><body>${'<div></div>'.repeat(100)}</body></html>`,
  );
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener('fetch', () => {});\n${'// precache\n'.repeat(100)}`);
  writeFileSync(join(dist, 'workbox-9c191d2f.js'), `// workbox\n${'self.x = 1;\n'.repeat(100)}`);
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Aurora Bet"}');
  execFileSync(process.execPath, [COMPRESS, dist], { stdio: 'ignore' });
  return { dist, script };
}

describe('static sites: precompressed build files and their caching', () => {
  let root: string;
  let app: FastifyInstance;
  let script: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-sites-'));
    const web = fakeBuild(root, 'web');
    const admin = fakeBuild(root, 'admin');
    script = web.script;
    app = Fastify();
    await serveSites(app, { web: web.dist, admin: admin.dist });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a hashed script with its brotli copy, cached for a year as immutable', async () => {
    const res = await app.inject({ url: '/assets/index-AbCdEf12.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('answers with the gzip copy when the browser does not take brotli', async () => {
    const res = await app.inject({ url: '/assets/index-AbCdEf12.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('answers with the file itself without Accept-Encoding, and for a file too small to compress', async () => {
    const plain = await app.inject({ url: '/assets/index-AbCdEf12.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
    const tiny = await app.inject({ url: '/assets/tiny-Zz09_-xy.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(tiny.body).toBe('export{};\n');
  });

  it('has the shell revalidated, compressed too, at / and on a client route', async () => {
    for (const url of ['/', '/sports']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>web</title>');
      const again = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('has the service worker, its workbox file and the web manifest revalidated', async () => {
    for (const url of ['/sw.js', '/workbox-9c191d2f.js', '/manifest.webmanifest']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const sw = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(sw.rawPayload).toString()).toContain("self.addEventListener('fetch'");
  });

  it('serves the back office build the same way under /admin', async () => {
    const asset = await app.inject({ url: '/admin/assets/index-AbCdEf12.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = await app.inject({ url: '/admin/', headers: { 'accept-encoding': 'gzip' } });
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(shell.rawPayload).toString()).toContain('<title>admin</title>');
  });
});
