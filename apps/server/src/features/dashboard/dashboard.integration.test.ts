import { API } from '@casino/shared/api-paths';
import { moneyStringToCentavos } from '@casino/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, saoPauloDay } from '../../lib/sao-paulo.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { fundMember, playRound } from '../../test/promotions-helpers.ts';
import { createFixture, selectionOf } from '../sports/bets/test-fixtures.ts';
import { enterResult } from '../sports/settlement/settle.service.ts';
import { kickedOff, placeDirect } from '../sports/settlement/settle.test-helpers.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { get, post, QK_PWD, readyMember } from '../withdrawals/withdrawals.test-helpers.ts';
import { forgetLedgerCheck } from './dashboard.service.ts';

/**
 * The dashboard against the reports: real deposits (PIX webhook), house rounds, a paid and a
 * waiting withdrawal; each figure must be the one its report (or list) gives for the same days.
 */

let t: TestApp;
let admin: string;
let openFixture: Awaited<ReturnType<typeof createFixture>>;
const today = saoPauloDay();
const from = addDays(today, -6);

const dashboardOf = async (token: string, query = '') => {
  const response = await get(t, `${API.admin.dashboard}${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
};
const centavosOf = (money: string) => moneyStringToCentavos(money) ?? Number.NaN;
const sumOf = (values: string[]) => values.reduce((sum, value) => sum + centavosOf(value), 0);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);

  // Two players deposit (one twice); one plays house rounds; the other withdraws twice: one paid, one waiting.
  const player = await registerMember(t.app);
  await fundMember(t, player.token, '150.00');
  await fundMember(t, player.token, '35.50');
  await playRound(t, player.token, '10.00');
  await playRound(t, player.token, '2.50', 'coin');

  const drawer = await readyMember(t);
  await fundMember(t, drawer.token, '80.00');
  const draw = (money: number) =>
    post(t, '/api/drawing?lang=en', { qk_pwd: QK_PWD, money, member_bank_id: drawer.bankId, payment_type: 'pix' }, drawer.token);
  const paid = json(await draw(40)).data.order_no as string;
  const paidRow = await t.ctx.db.selectFrom('withdrawals').select('id').where('order_no', '=', paid).executeTakeFirstOrThrow();
  const approved = await post(t, `/api/admin/withdrawals/${paidRow.id}/approve?lang=en`, {}, admin);
  expect(approved.statusCode, approved.body).toBe(200);
  const waiting = await draw(25);
  expect(waiting.statusCode, waiting.body).toBe(200);

  // A sports bet settled (lost: the book earns the stake) and one still open on another fixture.
  const settled = await createFixture(t.ctx.db);
  await placeDirect(t, player.id, 700, [selectionOf(settled, '1x2', 'home')]);
  await kickedOff(t, settled.id);
  await enterResult(t.ctx, settled.id, { home_score: 0, away_score: 1 }, null);
  openFixture = await createFixture(t.ctx.db);
  await placeDirect(t, player.id, 1_000, [selectionOf(openFixture, '1x2', 'home')]);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/dashboard', () => {
  it('answers the last 7 São Paulo days by default, with today inside', async () => {
    const data = await dashboardOf(admin);
    expect(data).toMatchObject({ from, to: today, today, time_zone: 'America/Sao_Paulo' });
    expect(data.days.map((d: { day: string }) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(from, i)));
    expect(data.withdrawal_target_minutes).toBe(60);
  });

  it('gives the deposits and withdrawals the back-office lists give', async () => {
    const data = await dashboardOf(admin);
    const credited = json(await get(t, `${API.admin.deposits}?status=credited&page_size=100`, admin)).data;
    const paid = json(await get(t, `${API.admin.withdrawals}?status=paid&page_size=100`, admin)).data;
    expect(data.totals.deposits).toEqual({ count: credited.total, amount: '265.50' });
    expect(centavosOf(data.totals.deposits.amount)).toBe(sumOf(credited.list.map((d: { amount: string }) => d.amount)));
    expect(data.totals.withdrawals).toEqual({ count: 1, amount: '40.00' });
    expect(centavosOf(data.totals.withdrawals.amount)).toBe(sumOf(paid.list.map((w: { amount: string }) => w.amount)));
    expect(data.today_figures.deposits).toEqual(data.totals.deposits);
    expect(data.days.at(-1).deposits).toEqual(data.totals.deposits);
    expect(data.days[0].deposits).toEqual(from === today ? data.totals.deposits : { count: 0, amount: '0.00' });
  });

  it('gives the GGR of the game results and sportsbook reports, and the cost of the promotions report', async () => {
    const data = await dashboardOf(admin);
    const range = `from=${from}&to=${today}`;
    const results = json(await get(t, `${API.admin.gameResults}?${range}`, admin)).data;
    const houseTypes = (await t.ctx.db.selectFrom('game_providers').select('plat_type').where('kind', '=', 'house').execute()).map(
      (p) => p.plat_type,
    );
    const houseGgr = sumOf(
      results.list.filter((r: { plat_type: string }) => houseTypes.includes(r.plat_type)).map((r: { ggr: string }) => r.ggr),
    );
    const sports = json(await get(t, `${API.admin.sportsReport}?${range}`, admin)).data;
    const promotions = json(await get(t, `${API.admin.promotionsReport}?${range}`, admin)).data;

    expect(results.totals.rounds).toBe(2);
    expect(sports.totals.ggr).toBe('7.00');
    expect(centavosOf(data.totals.ggr.house)).toBe(houseGgr);
    expect(centavosOf(data.totals.ggr.casino) + centavosOf(data.totals.ggr.house)).toBe(centavosOf(results.totals.ggr));
    expect(data.totals.ggr.sports).toBe(sports.totals.ggr);
    expect(centavosOf(data.totals.ggr.total)).toBe(centavosOf(results.totals.ggr) + centavosOf(sports.totals.ggr));
    expect(data.totals.bonus_cost).toBe(promotions.totals.total);
    // Per day too: the chart's bars are the reports' days.
    for (const day of data.days) {
      const reportDay = promotions.days.find((d: { day: string }) => d.day === day.day);
      expect(day.bonus_cost).toBe(reportDay.total);
      const sportsDay = sports.days.find((d: { day: string }) => d.day === day.day);
      expect(day.ggr.sports).toBe(sportsDay.ggr);
    }
  });

  it('counts new and active players', async () => {
    const data = await dashboardOf(admin);
    const members = json(await get(t, `${API.admin.members}?page_size=1`, admin)).data;
    expect(data.totals.new_players).toBe(members.total);
    // The dice player, who also bet on football: one member.
    expect(data.totals.active_players).toBe(1);
    expect(data.today_figures.active_players).toBe(1);
  });

  it('shows the withdrawal queue with its age and raises the overdue alert past the target', async () => {
    let data = await dashboardOf(admin);
    expect(data.queues.map((q: { kind: string }) => q.kind)).toEqual(['withdrawal_review', 'kyc_review', 'balance_returns']);
    expect(data.queues[0]).toMatchObject({ kind: 'withdrawal_review', count: 1 });
    expect(data.queues[0].oldest_minutes).toBeLessThan(5);
    expect(data.queues[1]).toEqual({ kind: 'kyc_review', count: 0, oldest_at: null, oldest_minutes: null });
    expect(data.alerts).toEqual([]);

    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await t.ctx.db.updateTable('withdrawals').set({ created_at: twoHoursAgo }).where('status', '=', 'pending_review').execute();
    data = await dashboardOf(admin);
    expect(data.queues[0].oldest_minutes).toBeGreaterThanOrEqual(119);
    expect(data.alerts).toEqual([{ kind: 'withdrawals_overdue', count: 1, detail: { minutes: 60 } }]);
  });

  it('raises the liability alert when a market risks more than the cap', async () => {
    expect(openFixture.id).toBeGreaterThan(0);
    const settings = await t.ctx.db.selectFrom('sportsbook_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    let data = await dashboardOf(admin);
    expect(data.alerts.some((a: { kind: string }) => a.kind === 'liability_over_cap')).toBe(false);
    // The open bet's market risks its payout less its stake; a cap of R$ 1.00 is below that.
    await t.ctx.db.updateTable('sportsbook_settings').set({ max_market_liability_centavos: 100 }).where('id', '=', 1).execute();
    try {
      data = await dashboardOf(admin);
      const board = json(await get(t, `${API.admin.sportsLiability}?limit=50`, admin)).data;
      const overCap = board.list.filter((m: { liability: string }) => centavosOf(m.liability) > 100).length;
      expect(overCap).toBe(1);
      expect(data.alerts).toContainEqual({ kind: 'liability_over_cap', count: overCap, detail: { cap: '1.00' } });
    } finally {
      await t.ctx.db
        .updateTable('sportsbook_settings')
        .set({ max_market_liability_centavos: settings.max_market_liability_centavos })
        .where('id', '=', 1)
        .execute();
    }
  });

  it('reports a sound ledger, and a broken one as an alert', async () => {
    forgetLedgerCheck(t.ctx);
    let data = await dashboardOf(admin);
    expect(data.ledger_check).toMatchObject({ ok: true, failed: [] });

    // Break one invariant on purpose (a house account with a running balance), then put it back.
    const account = await t.ctx.db
      .selectFrom('ledger_accounts')
      .select(['id', 'balance_centavos'])
      .where('member_id', 'is', null)
      .executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('ledger_accounts').set({ balance_centavos: 1 }).where('id', '=', account.id).execute();
    forgetLedgerCheck(t.ctx);
    try {
      data = await dashboardOf(admin);
      expect(data.ledger_check).toMatchObject({ ok: false, failed: ['house_running_balance'] });
      expect(data.alerts).toContainEqual({ kind: 'ledger_check_failed', count: 1, detail: { invariants: 'house_running_balance' } });
    } finally {
      await t.ctx.db
        .updateTable('ledger_accounts')
        .set({ balance_centavos: account.balance_centavos })
        .where('id', '=', account.id)
        .execute();
      forgetLedgerCheck(t.ctx);
    }
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('keeps today in the "today" figures whatever the period', async () => {
    const past = addDays(today, -30);
    const data = await dashboardOf(admin, `?from=${past}&to=${addDays(past, 2)}`);
    expect(data.days).toHaveLength(3);
    expect(data.totals.deposits).toEqual({ count: 0, amount: '0.00' });
    expect(data.totals.active_players).toBe(0);
    expect(data.today_figures.deposits.amount).toBe('265.50');
    expect(data.today_figures.active_players).toBe(1);
  });

  it('refuses a bad range with 422 on the field at fault', async () => {
    const cases: [string, string, string][] = [
      [`?from=${today}&to=${addDays(today, -1)}`, 'from', 'validation.date_order'],
      ['?from=2026-02-30', 'from', 'validation.date_format'],
      ['?to=yesterday', 'to', 'validation.date_format'],
      [`?from=${addDays(today, -100)}&to=${today}`, 'from', 'validation.date_range_too_long'],
    ];
    for (const [query, field] of cases) {
      const response = await get(t, `${API.admin.dashboard}${query}&lang=en`, admin);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(json(response).errors ?? {}), query).toContain(field);
    }
  });

  it('is for operators only, each section with its report permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: API.admin.dashboard })).statusCode).toBe(401);
    const member = await registerMember(t.app);
    expect((await get(t, API.admin.dashboard, member.token)).statusCode).toBe(401);

    await post(t, API.admin.operators, { username: 'mkt.dash', password: 'marketing-Secret-1', role: 'marketing' }, admin);
    const marketing = json(await post(t, API.admin.login, { username: 'mkt.dash', password: 'marketing-Secret-1' })).data.token as string;
    const data = await dashboardOf(marketing);
    expect(data.totals).toMatchObject({ deposits: null, withdrawals: null, bonus_cost: expect.any(String) });
    expect(data.totals.ggr).toMatchObject({ sports: null, casino: expect.any(String) });
    expect(data.queues).toEqual([]);
    expect(data.alerts).toEqual([]);
    expect(data.ledger_check).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: API.admin.deposits, headers: bearer(marketing) })).statusCode).toBe(403);
  });
});
