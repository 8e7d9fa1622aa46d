import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('site data', () => {
  it('lists the 8 languages by site name, by host and by the Host header', async () => {
    for (const url of [
      '/api/language/getList?site=aurora',
      '/api/language/getList?host=localhost:3000',
      '/api/language/getList?host=127.0.0.1:9999',
      '/api/language/getList',
    ]) {
      const body = json(await t.app.inject({ method: 'GET', url }));
      expect(body.data.supported_language.map((l: { language_code: string }) => l.language_code)).toEqual([
        'pt',
        'en',
        'zh',
        'vi',
        'id',
        'ms',
        'th',
        'tr',
      ]);
      expect(body.data.supported_language[0]).toEqual({
        language_flag_link: '/static/flags/br.svg',
        language_name: 'Português',
        language_code: 'pt',
      });
      expect((body as unknown as { languageList: unknown[] }).languageList).toHaveLength(8);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/language/getList?site=nope' })).statusCode).toBe(404);
  });

  it('answers site data, social links and the seeded activities from the database, in the reader language', async () => {
    const site = json(await t.app.inject({ method: 'GET', url: '/api/dynamicwebs/getdata?site=aurora' })).data;
    expect(site).toMatchObject({ site: 'aurora', brand_name: 'Aurora Bet', default_language: 'pt', currency: 'BRL', licence_number: null });
    const links = json(await t.app.inject({ method: 'GET', url: '/api/socialmedialinks/get?site=aurora' })).data;
    expect(links.length).toBeGreaterThan(0);
    // Every activity module is seeded once per site, titled in each language.
    const portuguese = json(await t.app.inject({ method: 'GET', url: '/api/activitydetails/get?lang=pt' }));
    expect(portuguese).toMatchObject({ code: 200, status: 'success' });
    const types = (portuguese.data as { type: string }[]).map((a) => a.type);
    expect(new Set(types).size).toBe(types.length);
    expect(types).toEqual(expect.arrayContaining(['ftd', 'rechargerebate', 'lotterywheel', 'dailyrescue', 'invitationactivity']));
    const english = json(await t.app.inject({ method: 'GET', url: '/api/activitydetails/get?lang=en' })).data as {
      type: string;
      title: string;
    }[];
    const ftdPt = (portuguese.data as { type: string; title: string }[]).find((a) => a.type === 'ftd')!;
    const ftdEn = english.find((a) => a.type === 'ftd')!;
    expect(ftdPt.title).not.toBe(ftdEn.title);
    expect(ftdEn.title.length).toBeGreaterThan(0);

    // A disabled activity leaves the list.
    await t.ctx.db.updateTable('activities').set({ enabled: 0 }).where('type', '=', 'ftd').execute();
    const after = json(await t.app.inject({ method: 'GET', url: '/api/activitydetails/get?lang=en' })).data as { type: string }[];
    expect(after.map((a) => a.type)).not.toContain('ftd');
    await t.ctx.db.updateTable('activities').set({ enabled: 1 }).where('type', '=', 'ftd').execute();
  });

  it('names the licence the configuration gives (LICENCE_NUMBER), for the footer', async () => {
    const licensed = await createTestApp({ LICENCE_NUMBER: 'SPA/MF 0000/2025 (teste)' });
    try {
      const site = json(await licensed.app.inject({ method: 'GET', url: '/api/dynamicwebs/getdata?site=aurora' })).data;
      expect(site.licence_number).toBe('SPA/MF 0000/2025 (teste)');
    } finally {
      await licensed.close();
    }
  });

  it('serves health and the OpenAPI document', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(json(health).data.status).toBe('ok');
    // Security headers on every answer (helmet, built once in app.ts).
    expect(health.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    expect(health.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(health.headers['cross-origin-embedder-policy']).toBeUndefined();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/api/auth/register2', '/api/auth/login2', '/api/auth/me', '/api/language/getList', '/api/admin/members']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
