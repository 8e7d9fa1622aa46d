import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayRange, saoPauloDay } from '../../lib/sao-paulo.ts';
import { fundMember, playRound } from '../../test/promotions-helpers.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { startAgencyScheduler } from './agency-scheduler.ts';
import { settleAgencyDay } from './agency-settlement.service.ts';

/**
 * Commissions end to end: real deposits (PIX charge + signed webhook) and real dice rounds by a
 * three-level team, today's pending figures, then the day's settlement into the agents' cash.
 * Each test moves its team's recharges and bets to a past São Paulo day of its own, so a
 * settlement of that day sees only that team.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

type Registered = Awaited<ReturnType<typeof registerMember>>;

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url: `${url}?lang=en`, payload: payload as object, headers: token ? bearer(token) : {} });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const invitedBy = (inviter: Registered) => registerMember(t.app, { invite_code: inviter.user.invite_code });

async function moneyOf(memberId: number) {
  const cash = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirstOrThrow();
  const member = await t.ctx.db
    .selectFrom('members')
    .select('wagering_required_centavos')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { cash: cash.balance_centavos, wagering: member.wagering_required_centavos };
}

async function snapshot(members: Registered[]) {
  return Promise.all(members.map((m) => moneyOf(m.id)));
}

/** Moves the members' credited recharges and recorded bets to São Paulo day `day` (noon). */
async function moveToDay(members: Registered[], day: string) {
  const ids = members.map((m) => m.id);
  const noon = new Date(Date.parse(dayRange(day).start) + 12 * 3_600_000).toISOString();
  await t.ctx.db
    .updateTable('deposit_orders')
    .set({ credited_at: noon })
    .where('member_id', 'in', ids)
    .where('status', '=', 'credited')
    .execute();
  await t.ctx.db.updateTable('member_daily_stats').set({ day }).where('member_id', 'in', ids).execute();
}

/** The ledger transfers of one day's commissions (their keys carry the day). */
async function commissionTransfersOf(day: string) {
  return t.ctx.db
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', 'code'])
    .where('idempotency_key', 'like', `bonus:agency:%:${day}:%`)
    .execute();
}

/** What one day's commissions took from the agency_commission_expense house account. */
async function expenseOf(day: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select((eb) => eb.fn.sum<number | string>('ledger_entries.amount_centavos').as('sum'))
    .where('ledger_transfers.idempotency_key', 'like', `bonus:agency:%:${day}:%`)
    .where('ledger_accounts.member_id', 'is', null)
    .where('ledger_accounts.kind', '=', 'agency_commission_expense')
    .executeTakeFirstOrThrow();
  return Number(row.sum ?? 0);
}

/** A → B → C → D: B direct of A, C level 2, D level 3; B, C and D deposit and bet. */
async function threeLevelTeam() {
  const a = await registerMember(t.app);
  const b = await invitedBy(a);
  const c = await invitedBy(b);
  const d = await invitedBy(c);
  await fundMember(t, b.token, '123.45');
  await fundMember(t, c.token, '200.00');
  await fundMember(t, d.token, '999.99');
  await playRound(t, b.token, '33.33');
  await playRound(t, c.token, '50.00');
  await playRound(t, d.token, '77.77');
  return { a, b, c, d };
}

describe('agency commissions', () => {
  it('computes every level to the centavo: pending today, then settled once into the agents’ cash', async () => {
    const { a, b, c, d } = await threeLevelTeam();

    // Today, live: A earns from B (level 1: 1% of 123.45 = 1.23, 0.3% of 33.33 = 0.09), C (level 2:
    // 0.5% of 200.00 = 1.00, 0.15% of 50.00 = 0.07) and D (level 3: 0.25% of 999.99 = 2.49,
    // 0.05% of 77.77 = 0.03), each floored: 4.91 pending.
    const overview = json(await get(API.agency.overview, a.token)).data;
    expect(overview).toMatchObject({ direct_count: 1, indirect_count: 2, pending_commission: '4.91', total_commission: '0.00' });
    const live = json(await post(API.agency.reward, {}, a.token)).data;
    expect(live).toMatchObject({ pending: '4.91', direct_reward: '0.00', indirect_reward: '0.00', total: 6 });
    const today = saoPauloDay();
    expect(live.list).toEqual([
      { day: today, source: 'recharge', level: 1, base: '123.45', rate_bp: 100, amount: '1.23', status: 'pending', settled_at: null },
      { day: today, source: 'recharge', level: 2, base: '200.00', rate_bp: 50, amount: '1.00', status: 'pending', settled_at: null },
      { day: today, source: 'recharge', level: 3, base: '999.99', rate_bp: 25, amount: '2.49', status: 'pending', settled_at: null },
      { day: today, source: 'betting', level: 1, base: '33.33', rate_bp: 30, amount: '0.09', status: 'pending', settled_at: null },
      { day: today, source: 'betting', level: 2, base: '50.00', rate_bp: 15, amount: '0.07', status: 'pending', settled_at: null },
      { day: today, source: 'betting', level: 3, base: '77.77', rate_bp: 5, amount: '0.03', status: 'pending', settled_at: null },
    ]);
    const subordinates = json(await get(API.agency.subordinates, a.token)).data.list;
    expect(Object.fromEntries(subordinates.map((s: { uid: number; commission: string }) => [s.uid, s.commission]))).toEqual({
      [b.id]: '1.32',
      [c.id]: '1.07',
      [d.id]: '2.52',
    });
    expect(subordinates.find((s: { uid: number }) => s.uid === d.id)).toMatchObject({ total_recharge: '999.99', total_betting: '77.77' });

    // The invitation activity pays A 100.00 for B (a direct invitee who recharged 100 or more).
    const claim = await post(API.activity('invitationactivity', 'claim'), {}, a.token);
    expect(claim.statusCode, claim.body).toBe(200);

    const day = addDays(today, -2);
    await moveToDay([b, c, d], day);
    const before = await snapshot([a, b, c, d]);
    const settled = await post(API.admin.agencySettle, { day }, admin);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(json(settled)).toMatchObject({ message: 'Day settled', data: { day, status: 'done', agents: 3, total: '22.38', paid_now: 12 } });
    const after = await snapshot([a, b, c, d]);
    // A 4.91; B from C (level 1: 2.00 + 0.15) and D (level 2: 4.99 + 0.11) = 7.25; C from D 9.99 + 0.23 = 10.22.
    expect(after.map((m, i) => m.cash - before[i]!.cash)).toEqual([491, 725, 1022, 0]);
    expect(after.map((m, i) => m.wagering - before[i]!.wagering)).toEqual([491, 725, 1022, 0]);
    const transfers = await commissionTransfersOf(day);
    expect(transfers).toHaveLength(12);
    expect(transfers.every((transfer) => transfer.code === 'agency_commission')).toBe(true);
    expect(await expenseOf(day)).toBe(-2_238);

    const rows = await t.ctx.db
      .selectFrom('agency_commissions')
      .select(['agent_id', 'subordinate_id', 'source', 'depth', 'base_centavos', 'rate_bp', 'amount_centavos', 'transfer_id'])
      .where('day', '=', day)
      .orderBy('agent_id')
      .orderBy('depth')
      .orderBy('source', 'desc')
      .execute();
    expect(rows.map(({ transfer_id, ...row }) => row)).toEqual([
      { agent_id: a.id, subordinate_id: b.id, source: 'recharge', depth: 1, base_centavos: 12_345, rate_bp: 100, amount_centavos: 123 },
      { agent_id: a.id, subordinate_id: b.id, source: 'betting', depth: 1, base_centavos: 3_333, rate_bp: 30, amount_centavos: 9 },
      { agent_id: a.id, subordinate_id: c.id, source: 'recharge', depth: 2, base_centavos: 20_000, rate_bp: 50, amount_centavos: 100 },
      { agent_id: a.id, subordinate_id: c.id, source: 'betting', depth: 2, base_centavos: 5_000, rate_bp: 15, amount_centavos: 7 },
      { agent_id: a.id, subordinate_id: d.id, source: 'recharge', depth: 3, base_centavos: 99_999, rate_bp: 25, amount_centavos: 249 },
      { agent_id: a.id, subordinate_id: d.id, source: 'betting', depth: 3, base_centavos: 7_777, rate_bp: 5, amount_centavos: 3 },
      { agent_id: b.id, subordinate_id: c.id, source: 'recharge', depth: 1, base_centavos: 20_000, rate_bp: 100, amount_centavos: 200 },
      { agent_id: b.id, subordinate_id: c.id, source: 'betting', depth: 1, base_centavos: 5_000, rate_bp: 30, amount_centavos: 15 },
      { agent_id: b.id, subordinate_id: d.id, source: 'recharge', depth: 2, base_centavos: 99_999, rate_bp: 50, amount_centavos: 499 },
      { agent_id: b.id, subordinate_id: d.id, source: 'betting', depth: 2, base_centavos: 7_777, rate_bp: 15, amount_centavos: 11 },
      { agent_id: c.id, subordinate_id: d.id, source: 'recharge', depth: 1, base_centavos: 99_999, rate_bp: 100, amount_centavos: 999 },
      { agent_id: c.id, subordinate_id: d.id, source: 'betting', depth: 1, base_centavos: 7_777, rate_bp: 30, amount_centavos: 23 },
    ]);
    expect(rows.every((row) => row.transfer_id !== null)).toBe(true);
    // One notification per agent for the day, with what the run paid it.
    const notes = await t.ctx.db
      .selectFrom('notifications')
      .select('params_json')
      .where('member_id', '=', a.id)
      .where('params_json', 'like', '%agency_commission%')
      .execute();
    expect(notes.map((note) => JSON.parse(note.params_json ?? '{}'))).toEqual([{ source: 'agency_commission', amount: '4.91' }]);

    // Settling the same day again pays nothing more.
    const again = await post(API.admin.agencySettle, { day }, admin);
    expect(json(again).data).toMatchObject({ day, status: 'done', agents: 3, total: '22.38', paid_now: 0 });
    expect(await snapshot([a, b, c, d])).toEqual(after);
    expect(await expenseOf(day)).toBe(-2_238);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);

    // What A reads now: settled rows of that day, the invitation bonus of today, nothing pending.
    const reward = json(await post(API.agency.reward, { days: 7 }, a.token)).data;
    expect(reward).toMatchObject({ direct_reward: '101.32', indirect_reward: '3.59', pending: '0.00', total: 7 });
    expect(reward.list[0]).toMatchObject({ day: today, source: 'invitation', level: 1, amount: '100.00', status: 'settled' });
    expect(
      reward.list
        .slice(1)
        .map((i: { source: string; level: number; amount: string; status: string }) => [i.source, i.level, i.amount, i.status]),
    ).toEqual([
      ['recharge', 1, '1.23', 'settled'],
      ['recharge', 2, '1.00', 'settled'],
      ['recharge', 3, '2.49', 'settled'],
      ['betting', 1, '0.09', 'settled'],
      ['betting', 2, '0.07', 'settled'],
      ['betting', 3, '0.03', 'settled'],
    ]);
    const lastDayOnly = json(await post(API.agency.reward, { days: 1 }, a.token)).data;
    expect(lastDayOnly).toMatchObject({ total: 1, direct_reward: '100.00', indirect_reward: '0.00' });
    const paged = json(await post(API.agency.reward, { days: 7, page: 2, page_size: 5 }, a.token)).data;
    expect(paged).toMatchObject({ total: 7, page: 2, page_size: 5 });
    expect(paged.list).toHaveLength(2);

    const record = json(await post(API.agency.inviteRecord, {}, a.token)).data;
    expect(record).toMatchObject({ total: 3, total_direct_reward: '101.32', total_indirect_reward: '3.59' });
    const byInvitee = Object.fromEntries(
      record.list.map((r: { invitee_uid: number; inviter_id: number; level: number; direct_reward: string; indirect_reward: string }) => [
        r.invitee_uid,
        [r.inviter_id, r.level, r.direct_reward, r.indirect_reward],
      ]),
    );
    expect(byInvitee).toEqual({
      [b.id]: [a.id, 1, '101.32', '0.00'],
      [c.id]: [b.id, 2, '0.00', '1.07'],
      [d.id]: [c.id, 3, '0.00', '2.52'],
    });
    const cRow = record.list.find((r: { invitee_uid: number }) => r.invitee_uid === c.id);
    expect(cRow.invitation_code).toBe(b.user.invite_code);
    expect(cRow.first_recharge_at).toBe(new Date(Date.parse(dayRange(day).start) + 12 * 3_600_000).toISOString());
    expect(json(await get(API.agency.overview, a.token)).data).toMatchObject({ pending_commission: '0.00', total_commission: '4.91' });

    // The back office sees the same figures.
    const list = json(await get(`${API.admin.agencyCommissions}?agent_id=${a.id}&day=${day}`, admin)).data;
    expect(list).toMatchObject({ total: 6, total_amount: '4.91' });
    expect(list.list[0]).toMatchObject({ agent_id: a.id, agent_account: a.user.name, day });
    const settlements = json(await get(API.admin.agencySettlements, admin)).data;
    expect(settlements.list.find((s: { day: string }) => s.day === day)).toMatchObject({ status: 'done', agents: 3, total: '22.38' });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'agency.settle')
      .where('target_id', '=', day)
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('pays once when the same day is settled by several runs at the same instant', async () => {
    const agent = await registerMember(t.app);
    const sub = await invitedBy(agent);
    await fundMember(t, sub.token, '50.00');
    await playRound(t, sub.token, '10.00');
    const day = addDays(saoPauloDay(), -3);
    await moveToDay([sub], day);
    const before = await moneyOf(agent.id);

    const runs = await Promise.all([
      ...Array.from({ length: 5 }, () => settleAgencyDay(t.ctx, day)),
      post(API.admin.agencySettle, { day }, admin).then((r) => ({ paidNow: json(r).data.paid_now as number, failed: 0 })),
      post(API.admin.agencySettle, { day }, admin).then((r) => ({ paidNow: json(r).data.paid_now as number, failed: 0 })),
    ]);
    // 1% of 50.00 = 0.50 and 0.3% of 10.00 = 0.03: two commissions, paid by whichever run came first.
    expect(runs.reduce((sum, run) => sum + run.paidNow, 0)).toBe(2);
    expect(runs.every((run) => run.failed === 0)).toBe(true);
    const after = await moneyOf(agent.id);
    expect(after.cash - before.cash).toBe(53);
    expect(after.wagering - before.wagering).toBe(53);
    expect(await commissionTransfersOf(day)).toHaveLength(2);
    expect(await expenseOf(day)).toBe(-53);
    const settlement = await t.ctx.db.selectFrom('agency_settlements').selectAll().where('day', '=', day).executeTakeFirstOrThrow();
    expect(settlement).toMatchObject({ status: 'done', agents: 1, total_centavos: 53 });
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('pays nothing for a day without recharges or bets, and refuses days not yet over', async () => {
    const empty = addDays(saoPauloDay(), -30);
    const settled = json(await post(API.admin.agencySettle, { day: empty }, admin)).data;
    expect(settled).toMatchObject({ day: empty, status: 'done', agents: 0, total: '0.00', paid_now: 0 });

    for (const day of [saoPauloDay(), addDays(saoPauloDay(), 1)]) {
      const refused = await post(API.admin.agencySettle, { day }, admin);
      expect(refused.statusCode).toBe(422);
      expect(json(refused).errors).toEqual({ day: ['Only a day that has ended can be settled'] });
    }
    for (const day of ['2025-02-30', '2025-2-01', 'yesterday']) {
      expect((await post(API.admin.agencySettle, { day }, admin)).statusCode).toBe(422);
    }
  });
});

describe('the settlement scheduler', () => {
  it('catches up on missed days at start and settles yesterday only after its hour', async () => {
    const agent = await registerMember(t.app);
    const sub = await invitedBy(agent);
    await fundMember(t, sub.token, '40.00');
    const today = saoPauloDay();
    const yesterday = addDays(today, -1);
    await moveToDay([sub], yesterday);
    const missed = await registerMember(t.app);
    const missedSub = await invitedBy(missed);
    await fundMember(t, missedSub.token, '60.00');
    await moveToDay([missedSub], addDays(today, -5));
    const start = Date.parse(dayRange(today).start);
    const before = { agent: await moneyOf(agent.id), missed: await moneyOf(missed.id) };

    // 00:05 in São Paulo: the day five days back is paid, yesterday waits for 00:10.
    const early = startAgencyScheduler(t.ctx, '00:10', () => new Date(start + 5 * 60_000));
    await early.idle();
    await early.close();
    expect((await moneyOf(missed.id)).cash - before.missed.cash).toBe(60);
    expect((await moneyOf(agent.id)).cash).toBe(before.agent.cash);
    const done = await t.ctx.db.selectFrom('agency_settlements').select(['day', 'status']).where('status', '=', 'done').execute();
    const doneDays = done.map((row) => row.day);
    for (let back = 2; back <= 7; back++) expect(doneDays).toContain(addDays(today, -back));
    expect(doneDays).not.toContain(yesterday);

    const late = startAgencyScheduler(t.ctx, '00:10', () => new Date(start + 11 * 60_000));
    await late.idle();
    await late.close();
    expect((await moneyOf(agent.id)).cash - before.agent.cash).toBe(40);
    expect(
      (await t.ctx.db.selectFrom('agency_settlements').select('status').where('day', '=', yesterday).executeTakeFirstOrThrow()).status,
    ).toBe('done');
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});

describe('rates and the mechanism', () => {
  it('serves the seeded rates publicly, and an operator’s new rates drive later commissions', async () => {
    const recharge = json(await get(API.agency.mechanismRecharge)).data;
    expect(recharge).toEqual({
      source: 'recharge',
      levels: [
        { level: 1, rate_bp: 100 },
        { level: 2, rate_bp: 50 },
        { level: 3, rate_bp: 25 },
      ],
    });
    expect(json(await get(API.agency.mechanismBetting)).data.levels.map((l: { rate_bp: number }) => l.rate_bp)).toEqual([30, 15, 5]);
    const settlement = json(await get(API.agency.mechanismSettlement)).data;
    expect(settlement).toMatchObject({ timezone: 'America/Sao_Paulo', settles_at: '00:10', min_payout: '0.01', wagering_multiple: 1 });
    expect(settlement.last_settled_day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const rates = [
      { level: 1, recharge_bp: 200, betting_bp: 40 },
      { level: 2, recharge_bp: 60, betting_bp: 20 },
      { level: 3, recharge_bp: 0, betting_bp: 0 },
    ];
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API.admin.agencyRates}?lang=en`,
      payload: { rates },
      headers: bearer(admin),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).message).toBe('Commission rates saved');
    expect(json(await get(API.agency.mechanismRecharge)).data.levels.map((l: { rate_bp: number }) => l.rate_bp)).toEqual([200, 60, 0]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'agency.rates.update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json ?? '[]')).toEqual(rates);
    expect(JSON.parse(audit.before_json ?? '[]')[0]).toEqual({ level: 1, recharge_bp: 100, betting_bp: 30 });

    const agent = await registerMember(t.app);
    const sub = await invitedBy(agent);
    await fundMember(t, sub.token, '100.00');
    expect(json(await get(API.agency.overview, agent.token)).data.pending_commission).toBe('2.00');

    for (const bad of [
      { rates: rates.slice(0, 2) },
      { rates: [rates[0], rates[0], rates[2]] },
      { rates: [{ ...rates[0], recharge_bp: 1_001 }, rates[1], rates[2]] },
      { rates: [{ ...rates[0], recharge_bp: -1 }, rates[1], rates[2]] },
      { rates: [{ ...rates[0], recharge_bp: 1.5 }, rates[1], rates[2]] },
    ]) {
      const refused = await t.app.inject({ method: 'PUT', url: API.admin.agencyRates, payload: bad, headers: bearer(admin) });
      expect(refused.statusCode).toBe(422);
    }
    const restored = await t.app.inject({
      method: 'PUT',
      url: API.admin.agencyRates,
      payload: {
        rates: [
          { level: 1, recharge_bp: 100, betting_bp: 30 },
          { level: 2, recharge_bp: 50, betting_bp: 15 },
          { level: 3, recharge_bp: 25, betting_bp: 5 },
        ],
      },
      headers: bearer(admin),
    });
    expect(restored.statusCode).toBe(200);
  });

  it('keeps the back office to operators holding agency.manage', async () => {
    const member = await registerMember(t.app);
    const username = `mkt.${member.id}`;
    const password = `Marketing-Secret-${member.id}`;
    await t.app.inject({
      method: 'POST',
      url: API.admin.operators,
      payload: { username, password, role: 'marketing' },
      headers: bearer(admin),
    });
    const marketing = json(await t.app.inject({ method: 'POST', url: API.admin.login, payload: { username, password } })).data
      .token as string;
    for (const url of [API.admin.agencyRates, API.admin.agencySettlements, API.admin.agencyCommissions]) {
      expect((await get(url, member.token)).statusCode).toBe(401);
      expect((await get(url, marketing)).statusCode).toBe(403);
      expect((await get(url, admin)).statusCode).toBe(200);
    }
    const day = addDays(saoPauloDay(), -40);
    expect((await post(API.admin.agencySettle, { day }, marketing)).statusCode).toBe(403);
    expect(await t.ctx.db.selectFrom('agency_settlements').select('id').where('day', '=', day).executeTakeFirst()).toBeUndefined();
  });
});
