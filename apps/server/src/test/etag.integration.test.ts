import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerMember, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('ETags on the catalogue and the site data (issue 13, item 6)', () => {
  for (const url of [
    API.dynamicWebs,
    `${API.languageList}?site=aurora`,
    `${API.games.list}?category=arcade&page=1&page_size=20`,
    API.games.apis,
    `${API.games.popular}?lang=en`,
  ]) {
    it(`GET ${url}: 200 with a weak ETag, then 304 with no body for If-None-Match`, async () => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.vary).toMatch(/authorization/);
      expect(json(first).code).toBe(200);

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);

      // A list of tags, and the strong form of the same tag, match too (weak comparison).
      expect((await get(url, { 'if-none-match': `W/"other", ${etag.slice(2)}` })).statusCode).toBe(304);
      const stale = await get(url, { 'if-none-match': 'W/"stale"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    });
  }

  it('gives another language another ETag', async () => {
    const pt = await get(`${API.games.list}?category=arcade&lang=pt`);
    const en = await get(`${API.games.list}?category=arcade&lang=en`);
    expect(pt.headers.etag).toBeTruthy();
    expect(en.headers.etag).toBeTruthy();
    expect(en.headers.etag).not.toBe(pt.headers.etag);
    expect((await get(`${API.games.list}?category=arcade&lang=en`, { 'if-none-match': String(pt.headers.etag) })).statusCode).toBe(200);
  });

  it('leaves a member’s answer (is_followed) without ETag and never answers it 304', async () => {
    const visitor = await get(`${API.games.list}?category=arcade`);
    const { token } = await registerMember(t.app);
    const member = await get(`${API.games.list}?category=arcade`, { ...bearer(token), 'if-none-match': String(visitor.headers.etag) });
    expect(member.statusCode).toBe(200);
    expect(member.headers.etag).toBeUndefined();
    expect(member.headers.vary).toMatch(/authorization/);
    expect(json(member).data.list.length).toBeGreaterThan(0);
  });

  it('leaves errors and member-only routes alone', async () => {
    const missing = await get(`${API.languageList}?site=nope`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const health = await get(API.health);
    expect(health.headers.etag).toBeUndefined();
  });
});
