import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { addDays, saoPauloDay } from '../../lib/sao-paulo.ts';
import { recordPlay } from '../promotions/daily-stats.ts';
import { fund } from '../withdrawals/withdrawals.test-helpers.ts';
import { balanceOf, expectLedgerSound, memberRow, playTurnover } from '../vip/vip.test-helpers.ts';
import { accrueRebates } from './rebates.service.ts';
import { runVipRebatesPass } from './vip-rebates.job.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const adminCall = (method: 'GET' | 'PUT', url: string, payload?: unknown, token = admin) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

/** A member with R$ 1.000 of cash (not a recharge: the VIP level stays 0). */
async function player() {
  const m = await registerMember(t.app);
  await fund(t, m.id, 100_000);
  return m;
}

async function accrualKeys(memberId: number) {
  const rows = await t.ctx.db
    .selectFrom('ledger_transfers')
    .select('idempotency_key')
    .where('idempotency_key', 'like', `rebate:accrue:${memberId}:%`)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.idempotency_key);
}

describe('accruing rebates', () => {
  it('accrues R$ 1.000 of slots at 0.30% to exactly 3.00, once, however often and concurrently it runs', async () => {
    const m = await player();
    await playTurnover(t, m.id, 'slots', 100_000);
    const today = saoPauloDay();

    const before = json(await post(`${API.rebates.list}?lang=en`, {}, m.token)).data;
    expect(before).toMatchObject({ userviplvl: 0, fs_money: '0.00', pending: '3.00', total_claimed: '0.00', wagering_multiple: 1 });

    const moved = await Promise.all(Array.from({ length: 8 }, () => accrueRebates(t.ctx, m.id)));
    expect(moved.reduce((a, b) => a + b, 0)).toBe(300);
    expect(await accrueRebates(t.ctx, m.id)).toBe(0);
    expect(await balanceOf(t, m.id, 'rebate')).toBe(300);
    expect(await accrualKeys(m.id)).toEqual([`rebate:accrue:${m.id}:${today}:slots:300`]);
    expect(json(await post(API.me, {}, m.token)).data.fs_money).toBe('3.00');

    // R$ 333,33 more: 1.333,33 x 0.30% = 3.9999, rounded down to 3.99; the row moves by 0.99.
    await playTurnover(t, m.id, 'slots', 33_333);
    expect(await accrueRebates(t.ctx, m.id)).toBe(99);
    expect(await balanceOf(t, m.id, 'rebate')).toBe(399);
    expect(await accrualKeys(m.id)).toEqual([`rebate:accrue:${m.id}:${today}:slots:300`, `rebate:accrue:${m.id}:${today}:slots:399`]);
    const row = await t.ctx.db
      .selectFrom('member_daily_stats')
      .selectAll()
      .where('member_id', '=', m.id)
      .where('category', '=', 'slots')
      .executeTakeFirstOrThrow();
    expect({ bet: Number(row.bet_centavos), rebate: Number(row.rebate_centavos) }).toEqual({ bet: 133_333, rebate: 399 });

    const after = json(await post(`${API.rebates.list}?lang=en`, {}, m.token)).data;
    expect(after).toMatchObject({ fs_money: '3.99', pending: '0.00' });
    expect(after.rates).toHaveLength(11);
    expect(after.rates[0]).toMatchObject({ level: 0, name: 'VIP0' });
    expect(after.rates[0].rates).toHaveLength(10);
    expect(after.rates[0].rates.find((r: { category: string }) => r.category === 'slots')).toEqual({ category: 'slots', rate_bp: 30 });
    await expectLedgerSound(t);
  });

  it('uses each category’s rate and the days of the window only, and lists the details by day', async () => {
    const m = await player();
    await playTurnover(t, m.id, 'live', 100_000); // 0.20%: 2.00
    const today = saoPauloDay();
    const yesterday = addDays(today, -1);
    const longAgo = addDays(today, -5);
    await t.ctx.db.transaction().execute(async (trx) => {
      await recordPlay(trx, m.id, 'table', { betCentavos: 50_000, rounds: 1 }, new Date(`${yesterday}T15:00:00Z`)); // 0.20%: 1.00
      await recordPlay(trx, m.id, 'slots', { betCentavos: 1_000_000, rounds: 1 }, new Date(`${longAgo}T15:00:00Z`)); // outside the window
    });
    expect(await accrueRebates(t.ctx, m.id)).toBe(300);

    const all = json(await post(`${API.rebates.details}?lang=en`, {}, m.token)).data;
    expect(all).toMatchObject({ total: 3, page: 1, page_size: 20 });
    expect(all.list).toEqual([
      { day: today, category: 'live', valid_bet: '1000.00', rate_bp: 20, rebate: '2.00' },
      { day: yesterday, category: 'table', valid_bet: '500.00', rate_bp: 20, rebate: '1.00' },
      { day: longAgo, category: 'slots', valid_bet: '10000.00', rate_bp: 30, rebate: '0.00' },
    ]);
    expect(json(await post(API.rebates.details, { days: 1 }, m.token)).data.total).toBe(1);
    expect(json(await post(API.rebates.details, { days: 3 }, m.token)).data.total).toBe(2);
    expect(json(await post(API.rebates.details, { days: 7 }, m.token)).data.total).toBe(3);
    const paged = json(await post(API.rebates.details, { days: 7, page: 2, page_size: 2 }, m.token)).data;
    expect(paged.list.map((item: { day: string }) => item.day)).toEqual([longAgo]);
    for (const bad of [{ days: 2 }, { days: '7' }, { page_size: 101 }, { page: 0 }]) {
      expect((await post(API.rebates.details, bad, m.token)).statusCode, JSON.stringify(bad)).toBe(422);
    }
  });
});

describe('claiming rebates', () => {
  it('moves the whole fs_money to cash with its 1x turnover, and ten simultaneous claims pay once', async () => {
    const m = await player();
    await playTurnover(t, m.id, 'slots', 100_000);
    const cashBefore = await balanceOf(t, m.id, 'cash');
    const wageringBefore = Number((await memberRow(t, m.id)).wagering_required_centavos);

    // The claim accrues first: nothing was accrued yet, and the R$ 3,00 is paid all the same.
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`${API.rebates.claim}?lang=en`, {}, m.token)));
    const paid = answers.filter((a) => a.statusCode === 200);
    expect(paid).toHaveLength(1);
    expect(json(paid[0]!).message).toBe('Reward claimed successfully!');
    expect(json(paid[0]!).data).toEqual({
      reward: '3.00',
      wagering: '3.00',
      balance: ((cashBefore + 300) / 100).toFixed(2),
      fs_money: '0.00',
    });
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(422);
      expect(json(refused).message).toBe('There is nothing to claim');
    }

    expect(await balanceOf(t, m.id, 'cash')).toBe(cashBefore + 300);
    expect(await balanceOf(t, m.id, 'rebate')).toBe(0);
    expect(Number((await memberRow(t, m.id)).wagering_required_centavos)).toBe(wageringBefore + 300);
    const credits = await t.ctx.db.selectFrom('bonus_credits').selectAll().where('member_id', '=', m.id).execute();
    expect(credits.map((c) => [c.source, c.claim_key, Number(c.amount_centavos), Number(c.wagering_centavos)])).toEqual([
      ['rebate', `rebate:claim:${m.id}:1`, 300, 300],
    ]);
    expect(json(await post(API.rebates.list, {}, m.token)).data).toMatchObject({ fs_money: '0.00', total_claimed: '3.00' });

    // Nothing new: refused; new bets: a second numbered claim.
    expect((await post(API.rebates.claim, {}, m.token)).statusCode).toBe(422);
    await playTurnover(t, m.id, 'slots', 100_000);
    const second = json(await post(API.rebates.claim, {}, m.token));
    expect(second.data).toMatchObject({ reward: '3.00', fs_money: '0.00' });
    expect(json(await post(API.rebates.list, {}, m.token)).data.total_claimed).toBe('6.00');
    await expectLedgerSound(t);
  });

  it('answers visitors "Currently not logged in" and pays nothing', async () => {
    for (const url of [API.rebates.list, API.rebates.details, API.rebates.claim]) {
      const response = await post(`${url}?lang=en`, {});
      expect(response.statusCode, url).toBe(401);
      expect(json(response).message).toBe('Currently not logged in, please log in first');
    }
    const m = await player();
    expect((await post(API.rebates.claim, { member_id: m.id + 1 }, m.token)).statusCode).toBe(422);
    const forged = await t.app.inject({ method: 'POST', url: API.rebates.claim, headers: bearer('x'.repeat(43)) });
    expect(forged.statusCode).toBe(401);
  });
});

describe('the periodic job', () => {
  it('raises levels and accrues for members who played, and a second pass moves nothing', async () => {
    const climber = await registerMember(t.app);
    await fund(t, climber.id, 100_000);
    await t.ctx.db.updateTable('members').set({ total_recharge_centavos: 10_000 }).where('id', '=', climber.id).execute();
    await playTurnover(t, climber.id, 'slots', 100_000); // VIP1 (R$ 100 / R$ 1.000): slots then earn 0.35%
    const idle = await player();

    const first = await runVipRebatesPass(t.ctx);
    expect(first.climbed).toBeGreaterThanOrEqual(1);
    const member = await memberRow(t, climber.id);
    expect({ level: member.level, slot: member.slot_level }).toEqual({ level: 1, slot: 1 });
    expect(await balanceOf(t, climber.id, 'rebate')).toBe(350);
    expect(await balanceOf(t, idle.id, 'rebate')).toBe(0);

    const second = await runVipRebatesPass(t.ctx);
    expect(second).toEqual({ climbed: 0, accruedMembers: 0, accruedCentavos: 0 });
    expect(await balanceOf(t, climber.id, 'rebate')).toBe(350);
    await expectLedgerSound(t);
  });
});

describe('rebate rates in the back office', () => {
  it('shows the grid, sets cells audited, and the next accrual uses the new rate', async () => {
    const grid = json(await adminCall('GET', `${API.admin.rebateRates}?lang=en`)).data;
    expect(grid.categories).toEqual(['slots', 'live', 'table', 'sports', 'lottery', 'fish', 'crash', 'arcade', 'bingo', 'card']);
    expect(grid.levels).toHaveLength(11);
    expect(grid.levels[10].rates.find((r: { category: string }) => r.category === 'slots').rate_bp).toBe(120);

    const saved = await adminCall('PUT', `${API.admin.rebateRates}?lang=en`, {
      rates: [
        { level: 0, category: 'fish', rate_bp: 55 },
        { level: 3, category: 'card', rate_bp: 41 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).message).toBe('Rebate rates saved');
    const fish = json(saved).data.levels[0].rates.find((r: { category: string }) => r.category === 'fish');
    expect(fish.rate_bp).toBe(55);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'rebate_rates.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json ?? '{}')).toEqual({ '0:fish': 30, '3:card': 35 });
    expect(JSON.parse(audit.after_json ?? '{}')).toEqual({ '0:fish': 55, '3:card': 41 });

    const m = await player();
    await playTurnover(t, m.id, 'fish', 100_000);
    expect(await accrueRebates(t.ctx, m.id)).toBe(550);

    // Saving the same rates again changes nothing and writes no audit row.
    const audits = await t.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'rebate_rates.update').execute();
    await adminCall('PUT', API.admin.rebateRates, { rates: [{ level: 0, category: 'fish', rate_bp: 55 }] });
    expect(await t.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'rebate_rates.update').execute()).toHaveLength(
      audits.length,
    );
  });

  it('refuses bad cells and operators without the permission', async () => {
    for (const bad of [
      { rates: [] },
      { rates: [{ level: 0, category: 'slots', rate_bp: 1_001 }] },
      { rates: [{ level: 0, category: 'slots', rate_bp: -1 }] },
      { rates: [{ level: 0, category: 'slots', rate_bp: 0.5 }] },
      { rates: [{ level: 11, category: 'slots', rate_bp: 10 }] },
      { rates: [{ level: 0, category: 'poker', rate_bp: 10 }] },
      { rates: [{ level: 0, category: 'slots', rate_bp: 10, extra: 1 }] },
    ]) {
      expect((await adminCall('PUT', API.admin.rebateRates, bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    await t.ctx.db.deleteFrom('vip_levels').where('level', '=', 10).execute();
    const unknown = await adminCall('PUT', `${API.admin.rebateRates}?lang=en`, { rates: [{ level: 10, category: 'slots', rate_bp: 10 }] });
    expect(json(unknown).errors).toEqual({ rates: ['This VIP level does not exist'] });
    await t.ctx.db
      .insertInto('vip_levels')
      .values({
        level: 10,
        name: 'VIP10',
        min_recharge_centavos: 100_000_000,
        min_bet_centavos: 1_000_000_000,
        min_slot_bet_centavos: 500_000_000,
        min_live_bet_centavos: 500_000_000,
        levelup_reward_centavos: 888_800,
        updated_at: new Date().toISOString(),
      })
      .execute();

    const username = `rebates.support.${Date.now() % 100_000}`;
    await t.app.inject({
      method: 'POST',
      url: API.admin.operators,
      headers: bearer(admin),
      payload: { username, password: 'operator-Secret-1', role: 'support' },
    });
    const support = json(await t.app.inject({ method: 'POST', url: API.admin.login, payload: { username, password: 'operator-Secret-1' } }))
      .data.token;
    expect((await adminCall('GET', API.admin.rebateRates, undefined, support)).statusCode).toBe(200);
    const refused = await adminCall('PUT', API.admin.rebateRates, { rates: [{ level: 0, category: 'slots', rate_bp: 999 }] }, support);
    expect(refused.statusCode).toBe(403);
    const slots = await t.ctx.db
      .selectFrom('rebate_rates')
      .select('rate_bp')
      .where('level', '=', 0)
      .where('category', '=', 'slots')
      .executeTakeFirstOrThrow();
    expect(slots.rate_bp).toBe(30);
  });
});
