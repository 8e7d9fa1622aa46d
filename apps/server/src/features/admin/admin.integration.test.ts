import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: unknown, token = admin) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

describe('back office', () => {
  it('refuses wrong operator credentials and member tokens', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'admin', password: 'nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(422);
    const member = await registerMember(t.app);
    expect((await get('/api/admin/members', member.token)).statusCode).toBe(401);
    expect((await get('/api/admin/members', 'x'.repeat(43))).statusCode).toBe(401);
  });

  it('searches members by account, phone and id, and shows one with its sessions', async () => {
    const m = await registerMember(t.app, { realname: 'Joana Pereira' });
    for (const q of [m.body.account.slice(0, 8), m.body.phone.slice(-8), String(m.id), 'joana pere']) {
      const page = json(await get(`/api/admin/members?q=${encodeURIComponent(q)}`)).data;
      expect(page.list.map((x: { id: number }) => x.id)).toContain(m.id);
    }
    const none = json(await get('/api/admin/members?q=%25_%25')).data;
    expect(none.list.map((x: { id: number }) => x.id)).not.toContain(m.id);
    const detail = json(await get(`/api/admin/members/${m.id}`)).data;
    expect(detail).toMatchObject({ id: m.id, name: m.body.account, online: true, money: '0.00' });
    expect(detail.sessions).toHaveLength(1);
    expect(JSON.stringify(detail)).not.toMatch(/hash|password/i);
    expect((await get('/api/admin/members/999999')).statusCode).toBe(404);
  });

  it('audits force offline, freeze and unfreeze with before and after', async () => {
    const m = await registerMember(t.app);
    const forced = json(await post(`/api/admin/members/${m.id}/force-offline`, { reason: 'suspicious' })).data;
    expect(forced.online).toBe(false);
    expect(forced.sessions[0]).toMatchObject({ active: false, revoked_reason: 'force_offline' });
    await post(`/api/admin/members/${m.id}/freeze`, { reason: 'kyc' });
    await post(`/api/admin/members/${m.id}/unfreeze`, {});
    const audit = json(await get(`/api/admin/audit-log?target_id=${m.id}`)).data;
    expect(audit.list.map((a: { action: string }) => a.action)).toEqual(['member.unfreeze', 'member.freeze', 'member.force_offline']);
    expect(audit.list[1]).toMatchObject({ operator_username: 'admin', before: { status: 1 }, after: { status: 2, frozen_reason: 'kyc' } });
  });

  it('gives each role only its permissions', async () => {
    const created = await post('/api/admin/operators', { username: 'support.ana', password: 'support-Secret-1', role: 'finance' });
    expect(created.statusCode).toBe(200);
    expect(json(created).data.permissions).toEqual([
      'members.read',
      'ledger.read',
      'ledger.adjust',
      'withdrawals.review',
      'deposits.read',
      'channels.manage',
      'games.read',
      'promotions.read',
      'agency.manage',
      // Finance sees the responsible-gaming view and marks queued balance returns paid.
      'responsible.read',
      'responsible.manage',
    ]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'support.ana', password: 'support-Secret-1' },
    });
    const finance = json(login).data.token;
    const m = await registerMember(t.app);
    expect((await get('/api/admin/members', finance)).statusCode).toBe(200);
    expect((await post(`/api/admin/members/${m.id}/force-offline`, {}, finance)).statusCode).toBe(403);
    expect((await get('/api/admin/audit-log', finance)).statusCode).toBe(403);
    expect((await get('/api/admin/operators', finance)).statusCode).toBe(403);
    const audit = json(await get('/api/admin/audit-log?action=operator.create')).data;
    expect(audit.list[0].after).toEqual({ username: 'support.ana', role: 'finance' });
  });
});

describe('member ledger and adjustments', () => {
  it('credits and debits cash with a reason, once per idempotency key, audited, and lists the entries', async () => {
    const m = await registerMember(t.app);
    const adjust = (payload: unknown, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/members/${m.id}/adjust?lang=en`,
        payload: payload as object,
        headers: { ...bearer(admin), ...(key ? { 'idempotency-key': key } : {}) },
      });
    const credited = await adjust({ direction: 'credit', amount: '150.25', reason: 'goodwill after outage' }, 'adj-key-0001');
    expect(credited.statusCode).toBe(200);
    expect(json(credited).data.money).toBe('150.25');
    expect(json(await adjust({ direction: 'credit', amount: '150.25', reason: 'goodwill after outage' }, 'adj-key-0001')).data.money).toBe(
      '150.25',
    );
    const debited = await adjust({ direction: 'debit', amount: 50, reason: 'correction' });
    expect(json(debited).data.money).toBe('100.25');

    const tooMuch = await adjust({ direction: 'debit', amount: '100.26', reason: 'correction' });
    expect(tooMuch.statusCode).toBe(422);
    expect(json(tooMuch).errors?.amount).toEqual(['Insufficient balance']);
    for (const bad of [
      { amount: '1.234' },
      { amount: -5 },
      { amount: 0 },
      { amount: 'NaN' },
      { amount: 1e30 },
      { amount: '1e5' },
      { reason: '' },
      { reason: undefined },
    ]) {
      const response = await adjust({ direction: 'credit', amount: '10', reason: 'valid reason', ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
    }

    const ledger = json(await get(`/api/admin/members/${m.id}/ledger`)).data;
    expect(ledger.list.map((e: { amount: string }) => e.amount)).toEqual(['-50.00', '150.25']);
    expect(ledger.list[0]).toMatchObject({
      code: 'adjustment',
      account_kind: 'cash',
      balance_after: '100.25',
      meta: { reason: 'correction' },
    });
    const audit = json(await get(`/api/admin/audit-log?target_id=${m.id}&action=member.adjust_cash`)).data;
    expect(audit.list).toHaveLength(2);
    expect(audit.list[1].after).toMatchObject({ amount: '150.25', reason: 'goodwill after outage' });

    const me = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: bearer(m.token) });
    expect(json(me).data.money).toBe('100.25');
  });

  it('keeps adjustments for roles that may make them', async () => {
    await post('/api/admin/operators', { username: 'support.bia', password: 'support-Secret-1', role: 'support' });
    const support = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { username: 'support.bia', password: 'support-Secret-1' },
      }),
    ).data.token;
    const m = await registerMember(t.app);
    expect(
      (await post(`/api/admin/members/${m.id}/adjust`, { direction: 'credit', amount: '10', reason: 'not allowed' }, support)).statusCode,
    ).toBe(403);
    expect((await get(`/api/admin/members/${m.id}/ledger`, support)).statusCode).toBe(403);
  });
});
