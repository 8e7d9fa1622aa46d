import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from './test-app.ts';

/**
 * Rules every route keeps, checked over the whole API as the OpenAPI document lists it, so a new
 * route is covered the day it is added (issue 10, items 3 and 4):
 * - a visitor (no token) hears 401 "Currently not logged in, please log in first" before any 422;
 * - a bad token hears 401 "Unauthenticated.";
 * - an unknown body field is 422 naming that field, on every call that takes a body.
 */
let t: TestApp;
let member: string;
let admin: string;
let routes: { method: string; url: string; guarded: boolean; operator: boolean }[];

const FAKE_TOKEN = 'Z'.repeat(43);
/** Signed provider and PSP callbacks: their bodies are checked after the signature (own tests). */
const SIGNED = [/^\/api\/seamless\//, /^\/api\/webhooks\//];

beforeAll(async () => {
  t = await createTestApp();
  member = (await registerMember(t.app)).token;
  admin = await adminToken(t.app);
  await t.app.ready();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      // Path parameters get a plausible value; the rules hold before the handler reads them.
      url: path.replace(/\{[^}]+\}/g, (name) => (/code|type|txid|action|platType|name/i.test(name) ? 'x' : '1')),
      guarded: (operation.security?.length ?? 0) > 0,
      operator: path.startsWith('/api/admin/'),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

function call(method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  const withLang = `${url}${url.includes('?') ? '&' : '?'}lang=en`;
  return t.app.inject({
    method: method as 'GET',
    url: withLang,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

describe('every route', () => {
  it('lists enough routes to mean something', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => r.guarded && !r.operator).length).toBeGreaterThan(40);
  });

  it('answers a visitor on a member call 401 "Currently not logged in", before looking at the body', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.guarded && !r.operator)) {
      const payload = route.method === 'GET' ? undefined : { unknown_field: 1, amount: 'not money' };
      const answer = await call(route.method, route.url, {}, payload);
      const body = json(answer);
      if (answer.statusCode < 300) continue; // open to visitors; a session only adds to the answer
      if (answer.statusCode !== 401 || body.message !== 'Currently not logged in, please log in first') {
        wrong.push(`${route.method} ${route.url} -> ${answer.statusCode} ${body.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a bad token 401 "Unauthenticated." on member and operator calls, before looking at the body', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.guarded)) {
      const payload = route.method === 'GET' ? undefined : { unknown_field: 1 };
      const answer = await call(route.method, route.url, bearer(FAKE_TOKEN), payload);
      const body = json(answer);
      if (answer.statusCode < 300) continue; // open to visitors: a stale session reads as a visitor
      if (answer.statusCode !== 401 || body.message !== 'Unauthenticated.')
        wrong.push(`${route.method} ${route.url} -> ${answer.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never tells a visitor "Unauthenticated." anywhere', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.operator)) {
      const answer = await call(route.method, route.url, {}, route.method === 'GET' ? undefined : {});
      if (answer.statusCode >= 500) wrong.push(`${route.method} ${route.url} -> ${answer.statusCode}`);
      if (answer.statusCode === 401 && json(answer).message === 'Unauthenticated.') wrong.push(`${route.method} ${route.url}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses an unknown body field with 422 naming it, for visitors, members and operators', async () => {
    const wrong: string[] = [];
    const writes = routes.filter((r) => r.method !== 'GET' && !SIGNED.some((p) => p.test(r.url)));
    expect(writes.length).toBeGreaterThan(60);
    for (const route of writes) {
      const headers = route.operator ? bearer(admin) : bearer(member);
      const answer = await call(route.method, route.url, headers, { surprise_field: 'x' });
      const body = json(answer);
      if (answer.statusCode !== 422 || !body.errors?.surprise_field) {
        wrong.push(`${route.method} ${route.url} -> ${answer.statusCode} ${JSON.stringify(body.errors ?? body.message)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses unknown fields inside nested objects too, and accepts the client-wide lang', async () => {
    const nested = await call('POST', '/api/sports/bets/place', bearer(member), {
      request_id: 'contract-1',
      kind: 'single',
      stake: '1.00',
      selections: [{ selection_id: 1, odds: '2.00', extra: true }],
    });
    expect(nested.statusCode).toBe(422);
    expect(Object.keys(json(nested).errors ?? {}).join(' ')).toMatch(/extra/);

    const withLang = await call('POST', '/api/auth/me', bearer(member), { lang: 'en' });
    expect(withLang.statusCode).toBe(200);
  });
});
