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

  it('answers site data, social links and activities (none yet) from the database', async () => {
    const site = json(await t.app.inject({ method: 'GET', url: '/api/dynamicwebs/getdata?site=aurora' })).data;
    expect(site).toMatchObject({ site: 'aurora', brand_name: 'Aurora Bet', default_language: 'pt', currency: 'BRL' });
    const links = json(await t.app.inject({ method: 'GET', url: '/api/socialmedialinks/get?site=aurora' })).data;
    expect(links.length).toBeGreaterThan(0);
    const activities = json(await t.app.inject({ method: 'GET', url: '/api/activitydetails/get?lang=pt' }));
    expect(activities).toMatchObject({ code: 200, status: 'success', data: [] });

    const siteRow = await t.ctx.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('activities')
      .values({
        site_id: siteRow.id,
        type: 'first_deposit',
        title_json: JSON.stringify({ pt: 'Primeiro depósito', en: 'First deposit' }),
        content_json: '{}',
        image_url: null,
        starts_at: null,
        ends_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const english = json(await t.app.inject({ method: 'GET', url: '/api/activitydetails/get?lang=en' })).data;
    expect(english[0]).toMatchObject({ type: 'first_deposit', title: 'First deposit' });
  });

  it('serves health and the OpenAPI document', async () => {
    expect(json(await t.app.inject({ method: 'GET', url: '/api/health' })).data.status).toBe('ok');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/api/auth/register2', '/api/auth/login2', '/api/auth/me', '/api/language/getList', '/api/admin/members']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
