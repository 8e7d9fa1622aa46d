import { randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import { centavos as asCentavos, formatCentavos } from '@casino/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, saoPauloDay } from '../../../lib/sao-paulo.ts';
import { fundMember } from '../../../test/promotions-helpers.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../../test/test-app.ts';
import { house, rebate } from '../../../platform/ledger/ledger.service.ts';
import { postTransfer } from '../../../platform/ledger/post-transfer.ts';
import { verifyLedger } from '../../../platform/ledger/ledger-verify.ts';
import { creditBonus } from '../engine.ts';

/**
 * The back office's promotions on a real database (SQLite and PostgreSQL): who may read and
 * write, the module's schema guarding an activity's config (422, nothing saved), the audit trail,
 * a disabled activity and the regulated profile refusing real claims with their spec messages,
 * the cost report to the centavo against the ledger, and redeem codes a member really redeems.
 */

let t: TestApp;
let admin: string;
const tag = randomBytes(3).toString('hex');

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const patch = (url: string, payload: unknown, token = admin) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: bearer(token) });
const post = (url: string, payload: unknown, token = admin) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

async function operatorToken(role: string): Promise<string> {
  const username = `${role}.${tag}`;
  const password = `${role}-Secret-${tag}`;
  const created = await post('/api/admin/operators', { username, password, role });
  expect(created.statusCode, created.body).toBe(200);
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { username, password } });
  return json(login).data.token;
}

type AdminActivity = { id: number; type: string; config: Record<string, unknown>; claims: number; cost: string } & Record<string, any>;

async function activities() {
  const response = await get(API.admin.activities);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as { site: { site_id: number; regulated: boolean }; list: AdminActivity[]; total_cost: string };
}

async function activity(type: string): Promise<AdminActivity> {
  const found = (await activities()).list.find((item) => item.type === type);
  if (!found) throw new Error(`no ${type} activity`);
  return found;
}

async function auditRows(action: string, targetId: number) {
  return t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

/** The member's first-deposit claims (a deposit may also pay a VIP level-up reward, another source). */
async function ftdCredits(memberId: number) {
  return t.ctx.db.selectFrom('bonus_credits').select('id').where('member_id', '=', memberId).where('source', '=', 'ftd').execute();
}

async function cashOf(memberId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirstOrThrow();
  return row.balance_centavos;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});

afterAll(async () => {
  await t?.close();
});

describe('permissions', () => {
  it('refuses visitors, lets support read but not write, and marketing manage', async () => {
    expect((await t.app.inject({ method: 'GET', url: API.admin.activities })).statusCode).toBe(401);
    const ftd = await activity('ftd');
    const support = await operatorToken('support');
    expect((await get(API.admin.activities, support)).statusCode).toBe(200);
    expect((await get(API.admin.bonusCredits, support)).statusCode).toBe(200);
    expect((await get(API.admin.promotionsReport, support)).statusCode).toBe(200);
    expect((await get(API.admin.redeemCodes, support)).statusCode).toBe(200);

    const refusals = [
      await patch(API.admin.activity(ftd.id), { enabled: false }, support),
      await post(API.admin.redeemCodes, { code: `SUP${tag.toUpperCase()}`, amount: '5.00', max_uses: 1 }, support),
      await patch(API.admin.siteProfile, { regulated: true }, support),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(json(refused).status).toBe('error');
    }
    // Nothing moved: the activity is still on, no code exists, the site is not regulated.
    const after = await activities();
    expect(after.list.find((item) => item.id === ftd.id)?.enabled).toBe(true);
    expect(after.site.regulated).toBe(false);
    expect(await t.ctx.db.selectFrom('redeem_codes').select('id').execute()).toEqual([]);
    expect(await auditRows('activity.update', ftd.id)).toEqual([]);

    const marketing = await operatorToken('marketing');
    const saved = await patch(API.admin.activity(ftd.id), { sort: ftd.sort }, marketing);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('activities', () => {
  it('lists every activity with its config, the JSON Schema of its module, claims and cost', async () => {
    const { site, list } = await activities();
    expect(site.regulated).toBe(false);
    expect(list.map((item) => item.type)).toContain('ftd');
    const ftd = list.find((item) => item.type === 'ftd');
    expect(ftd).toMatchObject({
      enabled: true,
      deposit_linked: true,
      blocked_by_regulation: false,
      route: '/promotion/activity/recharge',
      config: { min_recharge_centavos: 10_000, reward_centavos: 1_000 },
      claims: 0,
      cost: '0.00',
    });
    expect(ftd?.titles.pt).toBeTruthy();
    const schema = ftd?.config_schema as { type: string; properties: Record<string, { type: string }> };
    expect(schema.type).toBe('object');
    expect(schema.properties.reward_centavos?.type).toBe('integer');
  });

  it('answers 422 with field errors for a config its module refuses, and saves nothing', async () => {
    const ftd = await activity('ftd');
    const storedBefore = await t.ctx.db.selectFrom('activities').selectAll().where('id', '=', ftd.id).executeTakeFirstOrThrow();
    const auditBefore = (await auditRows('activity.update', ftd.id)).length;

    const cases: [unknown, string][] = [
      [{ config: { reward_centavos: 0 } }, 'config.reward_centavos'],
      [{ config: { reward_centavos: 'dez' } }, 'config.reward_centavos'],
      [{ config: { min_recharge_centavos: 100.5 } }, 'config.min_recharge_centavos'],
      [{ config: { reward_centavoz: 500 } }, 'config.reward_centavoz'],
      [{ config: [1, 2] }, 'config'],
      [{ wagering_multiple: -1 }, 'wagering_multiple'],
      [{ min_vip_level: 1.5 }, 'min_vip_level'],
      [{ starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }, 'ends_at'],
      [{ starts_at: 'amanhã' }, 'starts_at'],
      [{ titles: { xx: 'Olá' } }, 'titles.xx'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ bogus: 1 }, 'bogus'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(`${API.admin.activity(ftd.id)}?lang=en`, { enabled: false, ...(body as object) });
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(422);
      expect(Object.keys(json(response).errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    // A config with only a bad reward also names it in the request's language.
    const bad = await patch(`${API.admin.activity(ftd.id)}?lang=en`, { config: { reward_centavos: -5 } });
    expect(json(bad).errors?.['config.reward_centavos']?.[0]).toBe('This value is not valid');

    // One end set later than the stored start is checked against the stored one too.
    const start = await patch(API.admin.activity(ftd.id), { starts_at: '2030-01-05T00:00:00.000Z' });
    expect(start.statusCode, start.body).toBe(200);
    const end = await patch(API.admin.activity(ftd.id), { ends_at: '2030-01-04T00:00:00.000Z' });
    expect(end.statusCode).toBe(422);
    expect(Object.keys(json(end).errors ?? {})).toEqual(['ends_at']);
    const cleared = await patch(API.admin.activity(ftd.id), { starts_at: null });
    expect(cleared.statusCode).toBe(200);

    const storedAfter = await t.ctx.db.selectFrom('activities').selectAll().where('id', '=', ftd.id).executeTakeFirstOrThrow();
    expect({ ...storedAfter, updated_at: null }).toEqual({ ...storedBefore, updated_at: null });
    // Only the two valid edits were audited.
    expect((await auditRows('activity.update', ftd.id)).length).toBe(auditBefore + 2);
  });

  it('saves a valid change, merged over the current config, with an audit row before and after', async () => {
    const ftd = await activity('ftd');
    const response = await patch(`${API.admin.activity(ftd.id)}?lang=en`, {
      config: { reward_centavos: 1_500 },
      wagering_multiple: 3,
      titles: { pt: `Primeiro depósito ${tag}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).message).toBe('Activity saved');
    const saved = json(response).data as AdminActivity;
    expect(saved.config).toMatchObject({ min_recharge_centavos: 10_000, reward_centavos: 1_500 });
    expect(saved.wagering_multiple).toBe(3);
    expect(saved.titles.pt).toBe(`Primeiro depósito ${tag}`);
    expect(saved.titles.en).toBe(ftd.titles.en);

    const stored = await t.ctx.db.selectFrom('activities').select('config_json').where('id', '=', ftd.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.config_json)).toMatchObject({ reward_centavos: 1_500, min_recharge_centavos: 10_000 });

    const audit = (await auditRows('activity.update', ftd.id)).at(-1);
    expect(audit?.operator_id).not.toBeNull();
    const before = JSON.parse(audit?.before_json ?? '{}');
    const after = JSON.parse(audit?.after_json ?? '{}');
    expect(before.config.reward_centavos).toBe(1_000);
    expect(after.config.reward_centavos).toBe(1_500);
    expect([before.wagering_multiple, after.wagering_multiple]).toEqual([ftd.wagering_multiple, 3]);
    expect(after).not.toHaveProperty('cost');

    // The same values again change nothing and add no audit row.
    const count = (await auditRows('activity.update', ftd.id)).length;
    expect((await patch(API.admin.activity(ftd.id), { wagering_multiple: 3 })).statusCode).toBe(200);
    expect((await auditRows('activity.update', ftd.id)).length).toBe(count);
  });

  it('a disabled activity answers claims "Not eligible to receive" and pays nothing; enabled again it pays the new config', async () => {
    const ftd = await activity('ftd');
    const member = await registerMember(t.app);
    await fundMember(t, member.token, '100.00');
    const balanceBefore = await cashOf(member.id);

    expect((await patch(API.admin.activity(ftd.id), { enabled: false })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: `${API.activity('ftd', 'claim')}?lang=en`, headers: bearer(member.token) });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(json(refused).message).toBe('Not eligible to receive');
    const check = await t.app.inject({ method: 'POST', url: `${API.activity('ftd', 'check')}?lang=en`, headers: bearer(member.token) });
    expect(json(check).data).toMatchObject({ state: 'disabled', eligible: false, message: 'Not eligible to receive' });
    expect(await cashOf(member.id)).toBe(balanceBefore);
    expect(await ftdCredits(member.id)).toEqual([]);
    const audit = (await auditRows('activity.update', ftd.id)).at(-1);
    expect(JSON.parse(audit?.after_json ?? '{}').enabled).toBe(false);

    expect((await patch(API.admin.activity(ftd.id), { enabled: true })).statusCode).toBe(200);
    const paid = await t.app.inject({ method: 'POST', url: `${API.activity('ftd', 'claim')}?lang=en`, headers: bearer(member.token) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json(paid).data).toMatchObject({ reward: '15.00', wagering: '45.00' });
    expect(await cashOf(member.id)).toBe(balanceBefore + 1_500);

    const listed = await activity('ftd');
    expect([listed.claims, listed.cost]).toEqual([1, '15.00']);

    // (A deposit may also lift the member's VIP level and pay its reward: the filter keeps to the bonus.)
    const credits = json(await get(`${API.admin.bonusCredits}?member=${member.body.account.toUpperCase()}&source=ftd`)).data;
    expect(credits.total).toBe(1);
    expect(credits.total_amount).toBe('15.00');
    expect(credits.list[0]).toMatchObject({ member_id: member.id, source: 'ftd', amount: '15.00', wagering: '45.00' });
    expect(credits.list[0].transfer_id).toEqual(expect.any(Number));
    expect(json(await get(`${API.admin.bonusCredits}?member=${member.id}&source=ftd`)).data.total).toBe(1);
    expect(json(await get(`${API.admin.bonusCredits}?member=${member.id}&source=weekly`)).data.total).toBe(0);
    expect(json(await get(`${API.admin.bonusCredits}?from=2999-01-01`)).data.total).toBe(0);
    expect((await get(`${API.admin.bonusCredits}?from=2025-02-30`)).statusCode).toBe(422);
    expect((await get(`${API.admin.bonusCredits}?source=nope`)).statusCode).toBe(422);
    expect((await get(`${API.admin.bonusCredits}?page_size=1000`)).statusCode).toBe(422);
  });

  it('the regulated profile refuses a deposit-linked claim and is audited; switched off, claims pay again', async () => {
    const member = await registerMember(t.app);
    await fundMember(t, member.token, '100.00');
    const balanceBefore = await cashOf(member.id);

    const on = await patch(`${API.admin.siteProfile}?lang=en`, { regulated: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(json(on).data).toMatchObject({ regulated: true });
    const { site, list } = await activities();
    expect(site.regulated).toBe(true);
    expect(list.find((item) => item.type === 'ftd')?.blocked_by_regulation).toBe(true);
    expect(list.find((item) => item.type === 'redeemcode')?.blocked_by_regulation).toBe(false);
    const audit = await auditRows('site_profile.update', site.site_id);
    expect(audit.length).toBe(1);
    expect([JSON.parse(audit[0]?.before_json ?? '{}').regulated, JSON.parse(audit[0]?.after_json ?? '{}').regulated]).toEqual([
      false,
      true,
    ]);

    const refused = await t.app.inject({ method: 'POST', url: `${API.activity('ftd', 'claim')}?lang=en`, headers: bearer(member.token) });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(json(refused).message).toBe('Deposit-linked bonuses are not offered on this site');
    expect(await cashOf(member.id)).toBe(balanceBefore);
    expect(await ftdCredits(member.id)).toEqual([]);

    expect((await patch(API.admin.siteProfile, { regulated: false })).statusCode).toBe(200);
    const paid = await t.app.inject({ method: 'POST', url: API.activity('ftd', 'claim'), headers: bearer(member.token) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await cashOf(member.id)).toBe(balanceBefore + 1_500);
    expect((await auditRows('site_profile.update', site.site_id)).length).toBe(2);
    expect((await patch(API.admin.siteProfile, { regulated: 'sim' })).statusCode).toBe(422);
  });
});

describe('redeem codes', () => {
  const code = `PIX${tag.toUpperCase()}`;
  let codeId: number;

  it('creates a code with exact amounts and refuses bad ones', async () => {
    const bad: [unknown, string][] = [
      [{ code: 'AB1', amount: '5.00', max_uses: 1 }, 'code'],
      [{ code: 'COM ESPACO', amount: '5.00', max_uses: 1 }, 'code'],
      [{ code: 'ÇÃO1234', amount: '5.00', max_uses: 1 }, 'code'],
      [{ code: 'GOOD1234', amount: '5.005', max_uses: 1 }, 'amount'],
      [{ code: 'GOOD1234', amount: '-5', max_uses: 1 }, 'amount'],
      [{ code: 'GOOD1234', amount: '5.00', max_uses: 0 }, 'max_uses'],
      [{ code: 'GOOD1234', amount: '5.00' }, 'max_uses'],
      [{ code: 'GOOD1234', amount: '5.00', max_uses: 1, starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }, 'ends_at'],
    ];
    for (const [body, field] of bad) {
      const response = await post(API.admin.redeemCodes, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(422);
      expect(Object.keys(json(response).errors ?? {})).toContain(field);
    }
    expect(await t.ctx.db.selectFrom('redeem_codes').select('id').execute()).toEqual([]);

    const created = await post(`${API.admin.redeemCodes}?lang=en`, {
      code: code.toLowerCase(),
      amount: '12.34',
      wagering_multiple: 2,
      max_uses: 5,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(json(created).message).toBe('Code created');
    expect(json(created).data).toMatchObject({
      code,
      amount: '12.34',
      wagering: '24.68',
      max_uses: 5,
      used_count: 0,
      enabled: true,
      state: 'active',
      cost: '0.00',
    });
    codeId = json(created).data.id;
    const stored = await t.ctx.db.selectFrom('redeem_codes').selectAll().where('id', '=', codeId).executeTakeFirstOrThrow();
    expect(stored.amount_centavos).toBe(1_234);
    expect((await auditRows('redeem_code.create', codeId)).length).toBe(1);

    const duplicate = await post(API.admin.redeemCodes, { code, amount: '1.00', max_uses: 1 });
    expect(duplicate.statusCode).toBe(422);
    expect(Object.keys(json(duplicate).errors ?? {})).toEqual(['code']);
  });

  it('counts a real redemption, switches off (members then get "invalid") and keeps the limit above the uses', async () => {
    const member = await registerMember(t.app);
    const redeemed = await t.app.inject({
      method: 'POST',
      url: API.activity('redeemcode', 'claim'),
      headers: bearer(member.token),
      payload: { code },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(json(redeemed).data).toMatchObject({ reward: '12.34', wagering: '24.68' });

    const listed = json(await get(`${API.admin.redeemCodes}?code=${code.slice(0, 5).toLowerCase()}`)).data;
    expect(listed.total).toBe(1);
    expect(listed.list[0]).toMatchObject({ id: codeId, used_count: 1, cost: '12.34' });

    const off = await patch(API.admin.redeemCode(codeId), { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off).data).toMatchObject({ enabled: false, state: 'disabled' });
    const audit = await auditRows('redeem_code.update', codeId);
    expect([JSON.parse(audit[0]?.before_json ?? '{}').enabled, JSON.parse(audit[0]?.after_json ?? '{}').enabled]).toEqual([true, false]);
    const other = await registerMember(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${API.activity('redeemcode', 'claim')}?lang=en`,
      headers: bearer(other.token),
      payload: { code },
    });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).message).toBe('This code is not valid');

    await t.ctx.db.updateTable('redeem_codes').set({ used_count: 3 }).where('id', '=', codeId).execute();
    const below = await patch(`${API.admin.redeemCode(codeId)}?lang=en`, { max_uses: 2 });
    expect(below.statusCode).toBe(422);
    expect(json(below).errors?.max_uses?.[0]).toBe('The code has already been used 3 times: the limit cannot be lower');
    const stored = await t.ctx.db.selectFrom('redeem_codes').select('max_uses').where('id', '=', codeId).executeTakeFirstOrThrow();
    expect(stored.max_uses).toBe(5);
    await t.ctx.db.updateTable('redeem_codes').set({ used_count: 1 }).where('id', '=', codeId).execute();
    expect((await patch(API.admin.redeemCode(999_999_999), { enabled: true })).statusCode).toBe(404);
  });
});

describe('cost report', () => {
  const today = saoPauloDay();
  const reportUrl = `${API.admin.promotionsReport}?from=${addDays(today, -1)}&to=${addDays(today, 1)}`;
  const centavos = (text: string) => {
    const [reais = '0', cents = '0'] = text.split('.');
    return Number(reais) * 100 + Number(cents.padEnd(2, '0'));
  };

  async function report() {
    const response = await get(reportUrl);
    expect(response.statusCode, response.body).toBe(200);
    return json(response).data;
  }

  it('sums exact centavos per day and source, equal to the ledger check figure', async () => {
    const before = await report();
    // Sources other parts pay through the same creditBonus: a VIP reward, an agency commission
    // (from its own expense account) and a rebate accrued to fs_money, then claimed.
    const member = await registerMember(t.app);
    await t.ctx.db.transaction().execute(async (trx) => {
      await creditBonus(trx, {
        memberId: member.id,
        source: 'vip_levelup',
        claimKey: `test-vip:${member.id}`,
        amountCentavos: 777,
        wageringCentavos: 0,
      });
      await creditBonus(trx, {
        memberId: member.id,
        source: 'agency_commission',
        claimKey: `test-agency:${member.id}`,
        amountCentavos: 1_001,
        wageringCentavos: 0,
        from: 'agency_commission_expense',
      });
      await postTransfer(trx, {
        key: `test-rebate-accrual:${member.id}`,
        code: 'rebate_accrual',
        lines: [
          { account: house('promotions_expense'), amountCentavos: asCentavos(-333) },
          { account: rebate(member.id), amountCentavos: asCentavos(333) },
        ],
      });
      await creditBonus(trx, {
        memberId: member.id,
        source: 'rebate',
        claimKey: `test-rebate:${member.id}`,
        amountCentavos: 333,
        wageringCentavos: 0,
        from: 'rebate',
      });
    });
    const after = await report();
    expect(after.days.map((day: { day: string }) => day.day)).toEqual([addDays(today, -1), today, addDays(today, 1)]);

    // Exactly what was just paid, to the centavo, in its column; the ledger figure moves the same.
    const moved = (key: string) => centavos(after.totals[key]) - centavos(before.totals[key]);
    expect(['bonuses', 'vip', 'agency', 'rebates', 'total', 'ledger'].map(moved)).toEqual([0, 777, 1_001, 333, 2_111, 2_111]);
    expect(after.totals.claims - before.totals.claims).toBe(3);

    // The totals are the sums of bonus_credits, read here another way, and the ledger agrees.
    const rows = await t.ctx.db.selectFrom('bonus_credits').select(['source', 'amount_centavos']).execute();
    const sum = (keep: (source: string) => boolean) =>
      rows.filter((row) => keep(row.source)).reduce((total, row) => total + row.amount_centavos, 0);
    const special = ['rebate', 'vip_levelup', 'agency_commission'];
    expect(after.totals).toMatchObject({
      bonuses: formatCentavos(sum((source) => !special.includes(source))),
      rebates: formatCentavos(sum((source) => source === 'rebate')),
      vip: formatCentavos(sum((source) => source === 'vip_levelup')),
      agency: formatCentavos(sum((source) => source === 'agency_commission')),
      total: formatCentavos(sum(() => true)),
      claims: rows.length,
    });
    expect(after.totals.ledger).toBe(after.totals.total);
    const sumOfDays = after.days.reduce((total: number, day: { total: string }) => total + centavos(day.total), 0);
    expect(sumOfDays).toBe(centavos(after.totals.total));
    const ledgerOfDays = after.days.reduce((total: number, day: { ledger: string }) => total + centavos(day.ledger), 0);
    expect(ledgerOfDays).toBe(centavos(after.totals.ledger));

    // Two first-deposit bonuses of 15.00 and one redeemed code of 12.34 were claimed above.
    expect(after.by_source).toContainEqual({ source: 'ftd', group: 'bonuses', claims: 2, amount: '30.00' });
    expect(after.by_source).toContainEqual({ source: 'redeemcode', group: 'bonuses', claims: 1, amount: '12.34' });
    const byCode = Object.fromEntries(after.ledger_by_code.map((row: { code: string; amount: string }) => [row.code, row.amount]));
    expect(byCode.rebate_accrual).toBe('3.33');
    expect(byCode.agency_commission).toBe('10.01');
    expect(after.reconciliation).toMatchObject({ unposted_claims: 0, agrees: true });
    expect(after.reconciliation.claims_from_expense).toBe(formatCentavos(sum((source) => source !== 'rebate')));
    expect(after.reconciliation.ledger_of_claims).toBe(after.reconciliation.claims_from_expense);

    // The ledger itself holds: every invariant ledger:verify checks.
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('refuses impossible or too long periods with 422', async () => {
    expect((await get(`${API.admin.promotionsReport}?from=2025-13-01`)).statusCode).toBe(422);
    expect((await get(`${API.admin.promotionsReport}?from=2025-02-29&to=2025-03-01`)).statusCode).toBe(422);
    expect((await get(`${API.admin.promotionsReport}?from=2025-03-02&to=2025-03-01`)).statusCode).toBe(422);
    const long = await get(`${API.admin.promotionsReport}?from=2024-01-01&to=2024-12-31&lang=en`);
    expect(long.statusCode).toBe(422);
    expect(json(long).errors?.from?.[0]).toBe('Choose at most 92 days');
    const quiet = json(await get(`${API.admin.promotionsReport}?from=2020-01-01&to=2020-01-31`)).data;
    expect(quiet.days.length).toBe(31);
    expect(quiet.totals.total).toBe('0.00');
    expect(quiet.reconciliation.agrees).toBe(true);
  });
});

describe('contract', () => {
  it('documents every back-office promotions path in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      API.admin.activities,
      '/api/admin/activities/{id}',
      API.admin.bonusCredits,
      API.admin.promotionsReport,
      API.admin.redeemCodes,
      '/api/admin/redeem-codes/{id}',
      API.admin.siteProfile,
    ]) {
      expect(paths).toContain(path);
    }
  });
});
