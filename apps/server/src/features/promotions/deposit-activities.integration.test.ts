import { API } from '@casino/shared/api-paths';
import type { ActivityType } from '@casino/shared/schemas/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, playRound } from '../../test/promotions-helpers.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { addDays, saoPauloDay, weekStart } from '../../lib/sao-paulo.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { newCpf, QK_PWD, setQkPwd } from '../withdrawals/withdrawals.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Recharges count from the activity's start: let it have started a month ago, so a test can
  // move a recharge into the past without moving it before the activity.
  await t.ctx.db
    .updateTable('activities')
    .set({ created_at: new Date(Date.now() - 30 * 86_400_000).toISOString() })
    .where('type', '=', 'rechargerebate')
    .execute();
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof registerMember>>;

async function call(type: ActivityType, action: 'check' | 'claim', token: string | undefined, body: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API.activity(type, action)}?lang=en`,
    headers: token ? bearer(token) : {},
    payload: body,
  });
  return { status: response.statusCode, body: json(response) as ReturnType<typeof json> & { error_code?: string } };
}
const check = (type: ActivityType, m: Member, body?: Record<string, unknown>) => call(type, 'check', m.token, body);
const claim = (type: ActivityType, m: Member, body?: Record<string, unknown>) => call(type, 'claim', m.token, body);

/** The member's money, ml_money as the API shows them. */
async function wallet(m: Member) {
  const me = json(await t.app.inject({ method: 'POST', url: API.me, headers: bearer(m.token) })).data;
  return { money: me.money as string, ml_money: me.ml_money as string };
}

async function bonusRows(memberId: number) {
  return t.ctx.db.selectFrom('bonus_credits').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
}

/** Σ of what promotions_expense paid out (its entries are negative). */
async function promotionsPaid(): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select('ledger_entries.amount_centavos')
    .where('ledger_accounts.kind', '=', 'promotions_expense')
    .execute();
  return -rows.reduce((sum, r) => sum + Number(r.amount_centavos), 0);
}

async function expectLedgerSound() {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
}

async function setActivity(type: ActivityType, values: { starts_at?: string | null; ends_at?: string | null; config_json?: string }) {
  await t.ctx.db.updateTable('activities').set(values).where('type', '=', type).execute();
}

async function setRegulated(memberId: number, regulated: 0 | 1) {
  const member = await t.ctx.db.selectFrom('members').select('site_id').where('id', '=', memberId).executeTakeFirstOrThrow();
  await t.ctx.db.updateTable('sites').set({ regulated }).where('id', '=', member.site_id).execute();
}

/** Moves a credited deposit `days` into the past. */
async function backdate(orderNo: string, days: number) {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  await t.ctx.db.updateTable('deposit_orders').set({ credited_at: at }).where('order_no', '=', orderNo).execute();
}

async function insertStats(memberId: number, day: string, category: string, betCentavos: number, winCentavos: number) {
  await t.ctx.db
    .insertInto('member_daily_stats')
    .values({ member_id: memberId, day, category, bet_centavos: betCentavos, win_centavos: winCentavos, rounds: 1 })
    .execute();
}

describe('first deposit (ftd)', () => {
  it('a first deposit of 100.00 gets 10.00 with 5x its turnover, once', async () => {
    const m = await registerMember(t.app);
    const before = await promotionsPaid();
    await fundMember(t, m.token, '100.00');
    const checked = await check('ftd', m, { name: m.body.account, site: 'aurora' });
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({
      type: 'ftd',
      state: 'eligible',
      eligible: true,
      reward: '10.00',
      wagering: '50.00',
      wagering_multiple: 5,
      recharge_amount: '100.00',
      min_recharge: '100.00',
    });

    const claimed = await claim('ftd', m, { member_id: m.id });
    expect(claimed.status).toBe(200);
    expect(claimed.body.message).toBe('Reward claimed successfully!');
    expect(claimed.body.data).toMatchObject({ type: 'ftd', reward: '10.00', wagering: '50.00', balance: '110.00' });
    expect(await wallet(m)).toEqual({ money: '110.00', ml_money: '50.00' });
    const rows = await bonusRows(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'ftd', claim_key: `ftd:${m.id}`, amount_centavos: 1_000, wagering_centavos: 5_000 });
    expect(await promotionsPaid()).toBe(before + 1_000);

    const again = await claim('ftd', m);
    expect(again.status).toBe(422);
    expect(again.body.error_code).toBe('ALREADY_CLAIMED');
    expect((await check('ftd', m)).body.data).toMatchObject({ state: 'claimed', reward: '0.00', message: 'Reward already claimed' });
    // A later deposit is not a first deposit.
    await fundMember(t, m.token, '200.00');
    expect((await claim('ftd', m)).body.error_code).toBe('ALREADY_CLAIMED');
    expect(await wallet(m)).toEqual({ money: '310.00', ml_money: '50.00' });
    await expectLedgerSound();
  });

  it('a first deposit of 99.99 is not eligible, even when a later one is larger; no deposit has no top-ups', async () => {
    const none = await registerMember(t.app);
    expect((await check('ftd', none)).body.data).toMatchObject({ state: 'no_topups', message: 'No eligible top-ups', reward: '0.00' });
    const refused = await claim('ftd', none);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error_code: 'NO_ELIGIBLE_TOPUPS', message: 'No eligible top-ups' });

    const m = await registerMember(t.app);
    await fundMember(t, m.token, '99.99');
    await fundMember(t, m.token, '500.00');
    expect((await check('ftd', m)).body.data).toMatchObject({
      state: 'not_eligible',
      message: 'Not eligible to receive',
      recharge_amount: '99.99',
    });
    const claimed = await claim('ftd', m);
    expect(claimed.status).toBe(422);
    expect(claimed.body).toMatchObject({ error_code: 'NOT_ELIGIBLE', message: 'Not eligible to receive' });
    expect(await bonusRows(m.id)).toEqual([]);
    expect(await wallet(m)).toEqual({ money: '599.99', ml_money: '0.00' });
  });

  it('is claimable for 7 days after the first deposit only', async () => {
    const m = await registerMember(t.app);
    const deposit = await fundMember(t, m.token, '100.00');
    await backdate(deposit.orderNo, 7.01);
    expect((await check('ftd', m)).body.data).toMatchObject({ state: 'not_eligible', message: 'The time to claim this reward has passed' });
    expect((await claim('ftd', m)).body.error_code).toBe('NOT_ELIGIBLE');
    expect(await bonusRows(m.id)).toEqual([]);
  });

  it('20 simultaneous claims pay once', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '100.00');
    const before = await promotionsPaid();
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim('ftd', m)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.body.error_code).toBe('ALREADY_CLAIMED');
    expect(await bonusRows(m.id)).toHaveLength(1);
    expect(await promotionsPaid()).toBe(before + 1_000);
    expect(await wallet(m)).toEqual({ money: '110.00', ml_money: '50.00' });
    await expectLedgerSound();
  });
});

describe('recharge rebate', () => {
  it('99.99 gets no rebate; 100.00 gets 20.00 with 500.00 of turnover', async () => {
    const m = await registerMember(t.app);
    const small = await fundMember(t, m.token, '99.99');
    const none = await check('rechargerebate', m);
    expect(none.body.data).toMatchObject({ state: 'no_topups', message: 'No eligible top-ups', reward: '0.00', items: [], rate_bp: 2000 });
    const refused = await claim('rechargerebate', m);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error_code: 'NO_ELIGIBLE_TOPUPS', message: 'No eligible top-ups' });
    const namedSmall = await claim('rechargerebate', m, { id: small.orderId });
    expect(namedSmall.body.error_code).toBe('NO_ELIGIBLE_TOPUPS');

    const hundred = await fundMember(t, m.token, '100.00');
    const checked = await check('rechargerebate', m);
    expect(checked.body.data).toMatchObject({ state: 'eligible', reward: '20.00', wagering: '500.00', wagering_multiple: 5 });
    expect(checked.body.data.items).toHaveLength(1);
    const item = checked.body.data.items[0];
    expect(item).toMatchObject({
      id: hundred.orderId,
      is_claimed: 0,
      claimed_at: null,
      reward_amount: '20.00',
      required_amount: '500.00',
      recharge_amount: '100.00',
    });
    expect(Date.parse(item.event_ended_at) - Date.parse(item.recharged_at)).toBe(7 * 86_400_000);

    const claimed = await claim('rechargerebate', m, { id: hundred.orderId, member_id: m.id });
    expect(claimed.status).toBe(200);
    expect(claimed.body.message).toBe('Reward claimed successfully!');
    expect(claimed.body.data).toMatchObject({ reward: '20.00', wagering: '500.00', balance: '219.99' });
    expect(await wallet(m)).toEqual({ money: '219.99', ml_money: '500.00' });
    const rows = await bonusRows(m.id);
    expect(rows.map((r) => [r.claim_key, r.amount_centavos, r.wagering_centavos])).toEqual([
      [`rechargerebate:${hundred.orderNo}`, 2_000, 50_000],
    ]);

    const after = (await check('rechargerebate', m)).body.data;
    expect(after).toMatchObject({ state: 'no_topups', reward: '0.00' });
    expect(after.items[0]).toMatchObject({ id: hundred.orderId, is_claimed: 1 });
    expect(after.items[0].claimed_at).not.toBeNull();
    expect((await claim('rechargerebate', m, { id: hundred.orderId })).body.error_code).toBe('ALREADY_CLAIMED');
    await expectLedgerSound();
  });

  it('counts each recharge separately: a claim without id pays every claimable one, one credit each', async () => {
    const m = await registerMember(t.app);
    const a = await fundMember(t, m.token, '100.00');
    const b = await fundMember(t, m.token, '250.00');
    const late = await fundMember(t, m.token, '300.00');
    await backdate(late.orderNo, 8);
    const checked = (await check('rechargerebate', m)).body.data;
    expect(checked).toMatchObject({ state: 'eligible', reward: '70.00', wagering: '1750.00' });
    expect(checked.items.map((i: { id: number; is_claimed: number }) => i.id)).toEqual([b.orderId, a.orderId, late.orderId]);

    // A recharge past its claim window is shown but not claimable.
    const tooLate = await claim('rechargerebate', m, { id: late.orderId });
    expect(tooLate.status).toBe(422);
    expect(tooLate.body).toMatchObject({ error_code: 'ACTIVITY_ENDED', message: 'Not eligible to receive' });

    const claimed = await claim('rechargerebate', m);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ reward: '70.00', wagering: '1750.00', balance: '720.00' });
    const rows = await bonusRows(m.id);
    expect(rows.map((r) => [r.claim_key, r.amount_centavos, r.wagering_centavos])).toEqual([
      [`rechargerebate:${a.orderNo}`, 2_000, 50_000],
      [`rechargerebate:${b.orderNo}`, 5_000, 125_000],
    ]);
    expect(await wallet(m)).toEqual({ money: '720.00', ml_money: '1750.00' });
    expect((await claim('rechargerebate', m)).body.error_code).toBe('NO_ELIGIBLE_TOPUPS');
    await expectLedgerSound();
  });

  it("another member's recharge id is not eligible and pays nothing", async () => {
    const owner = await registerMember(t.app);
    const order = await fundMember(t, owner.token, '100.00');
    const thief = await registerMember(t.app);
    await fundMember(t, thief.token, '100.00');
    const answer = await claim('rechargerebate', thief, { id: order.orderId });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error_code: 'NOT_ELIGIBLE', message: 'Not eligible to receive' });
    expect((await claim('rechargerebate', thief, { id: 999_999_999 })).body.error_code).toBe('NOT_ELIGIBLE');
    expect(await bonusRows(thief.id)).toEqual([]);
    expect(await bonusRows(owner.id)).toEqual([]);
    expect(await wallet(thief)).toEqual({ money: '100.00', ml_money: '0.00' });
  });

  it('20 simultaneous claims of the same recharge pay once', async () => {
    const m = await registerMember(t.app);
    const order = await fundMember(t, m.token, '100.00');
    const before = await promotionsPaid();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claim('rechargerebate', m, i % 2 === 0 ? { id: order.orderId } : {})),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(['ALREADY_CLAIMED', 'NO_ELIGIBLE_TOPUPS']).toContain(refused.body.error_code);
    }
    expect(await bonusRows(m.id)).toHaveLength(1);
    expect(await promotionsPaid()).toBe(before + 2_000);
    expect(await wallet(m)).toEqual({ money: '120.00', ml_money: '500.00' });
    await expectLedgerSound();
  });
});

describe('turnover before withdrawal', () => {
  it('refuses the withdrawal (WAGERING_PENDING) until the rebate turnover is bet, then accepts it', async () => {
    const m = await registerMember(t.app);
    await setQkPwd(t, m);
    const cpf = newCpf();
    const saved = await t.app.inject({
      method: 'POST',
      url: API.memberBanksSave,
      headers: bearer(m.token),
      payload: { account_type: 'cpf', account: cpf, name: 'Maria da Silva', cpf_id: cpf },
    });
    const bankId = json(saved).data.list[0].id as number;
    const order = await fundMember(t, m.token, '100.00');
    expect((await claim('rechargerebate', m, { id: order.orderId })).status).toBe(200);
    // Money to bet with (a deposit adds no turnover of its own).
    await fundMember(t, m.token, '600.00');
    const withdraw = () =>
      t.app.inject({
        method: 'POST',
        url: `${API.drawing}?lang=en`,
        headers: bearer(m.token),
        payload: { qk_pwd: QK_PWD, money: '50.00', member_bank_id: bankId, payment_type: 'pix', account: cpf, cpf_id: cpf },
      });

    const refused = await withdraw();
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ error_code: 'WAGERING_PENDING', message: 'You still need to bet R$500.00 before withdrawing' });

    for (let i = 0; i < 4; i += 1) expect((await playRound(t, m.token, '100.00')).amount).toBe('100.00');
    expect((await wallet(m)).ml_money).toBe('100.00');
    const stillRefused = await withdraw();
    expect(json(stillRefused)).toMatchObject({
      error_code: 'WAGERING_PENDING',
      message: 'You still need to bet R$100.00 before withdrawing',
    });

    await playRound(t, m.token, '100.00');
    expect((await wallet(m)).ml_money).toBe('0.00');
    const accepted = await withdraw();
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted).data).toMatchObject({ amount: '50.00', status: 'pending_review' });
    await expectLedgerSound();
  });
});

describe('daily loss relief', () => {
  it("pays 8% of yesterday's net loss over every category, once, with 1x turnover", async () => {
    const m = await registerMember(t.app);
    const today = saoPauloDay();
    const yesterday = addDays(today, -1);
    await insertStats(m.id, yesterday, 'slots', 30_000, 5_000);
    await insertStats(m.id, yesterday, 'live', 10_000, 10_000);
    await insertStats(m.id, yesterday, 'house', 1_234, 0);
    // Other days do not count.
    await insertStats(m.id, addDays(today, -2), 'slots', 90_000, 0);
    await insertStats(m.id, today, 'slots', 70_000, 0);

    const checked = await check('dailyrescue', m);
    expect(checked.body.data).toMatchObject({
      state: 'eligible',
      base_amount: '262.34',
      rate_bp: 800,
      period: yesterday,
      reward: '20.98',
      wagering: '20.98',
      wagering_multiple: 1,
    });
    const claimed = await claim('dailyrescue', m);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ reward: '20.98', wagering: '20.98', balance: '20.98' });
    expect((await bonusRows(m.id)).map((r) => r.claim_key)).toEqual([`dailyrescue:${m.id}:${yesterday}`]);
    expect(await wallet(m)).toEqual({ money: '20.98', ml_money: '20.98' });
    expect((await claim('dailyrescue', m)).body.error_code).toBe('ALREADY_CLAIMED');
    expect((await check('dailyrescue', m)).body.data.state).toBe('claimed');
    await expectLedgerSound();
  });

  it('a net loss under 10.00, or a net win, is not eligible', async () => {
    const yesterday = addDays(saoPauloDay(), -1);
    const small = await registerMember(t.app);
    await insertStats(small.id, yesterday, 'slots', 1_999, 1_000);
    expect((await check('dailyrescue', small)).body.data).toMatchObject({ state: 'not_eligible', base_amount: '9.99', reward: '0.00' });
    const winner = await registerMember(t.app);
    await insertStats(winner.id, yesterday, 'slots', 10_000, 50_000);
    expect((await check('dailyrescue', winner)).body.data).toMatchObject({ state: 'not_eligible', base_amount: '0.00' });
    const answer = await claim('dailyrescue', winner);
    expect(answer.body).toMatchObject({ error_code: 'NOT_ELIGIBLE', message: 'Not eligible to receive' });
    expect(await bonusRows(winner.id)).toEqual([]);
  });

  it('is not deposit-linked: it still pays on a regulated site', async () => {
    const m = await registerMember(t.app);
    await insertStats(m.id, addDays(saoPauloDay(), -1), 'slots', 10_000, 0);
    await setRegulated(m.id, 1);
    try {
      const claimed = await claim('dailyrescue', m);
      expect(claimed.status).toBe(200);
      expect(claimed.body.data.reward).toBe('8.00');
    } finally {
      await setRegulated(m.id, 0);
    }
  });
});

describe('recharge promotion tiers', () => {
  it('pays the interpolated ratio of the month total, then only the difference as it grows', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '999.99');
    expect((await check('rechargetiers', m)).body.data).toMatchObject({ state: 'no_topups', recharge_amount: '999.99', rate_bp: 0 });

    await fundMember(t, m.token, '10.01');
    // 1,010.00: bronze, 5% + 5% x 10/4000 = 501 bp -> 50.60
    const bronze = (await check('rechargetiers', m)).body.data;
    expect(bronze).toMatchObject({ state: 'eligible', recharge_amount: '1010.00', rate_bp: 501, reward: '50.60', wagering: '253.00' });
    expect(bronze.period).toBe(saoPauloDay().slice(0, 7));
    expect(bronze.steps.map((s: { name: string; reached: boolean }) => `${s.name}:${s.reached}`)).toEqual([
      'bronze:true',
      'silver:false',
      'gold:false',
      'platinum:false',
      'diamond:false',
    ]);
    expect((await claim('rechargetiers', m)).body.data).toMatchObject({ reward: '50.60', wagering: '253.00' });
    expect((await check('rechargetiers', m)).body.data).toMatchObject({ state: 'claimed', reward: '0.00' });

    await fundMember(t, m.token, '8990.00');
    // 10,000.00: silver, 10% + 5% x 4999/9999 = 1249 bp -> 1,249.00, minus the 50.60 paid.
    const silver = (await check('rechargetiers', m)).body.data;
    expect(silver).toMatchObject({ state: 'eligible', recharge_amount: '10000.00', rate_bp: 1249, reward: '1198.40' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim('rechargetiers', m)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const rows = await bonusRows(m.id);
    expect(rows.map((r) => r.amount_centavos)).toEqual([5_060, 119_840]);
    expect(rows.reduce((sum, r) => sum + r.amount_centavos, 0)).toBe(124_900);
    await expectLedgerSound();
  });
});

describe('casino welcome bonus', () => {
  it('doubles the first deposit up to 1,500.00 with 10x turnover', async () => {
    const small = await registerMember(t.app);
    await fundMember(t, small.token, '100.00');
    expect((await claim('welcome', small)).body.data).toMatchObject({ reward: '100.00', wagering: '1000.00', balance: '200.00' });
    const big = await registerMember(t.app);
    await fundMember(t, big.token, '2000.00');
    expect((await check('welcome', big)).body.data).toMatchObject({ state: 'eligible', reward: '1500.00', recharge_amount: '2000.00' });
    expect((await claim('welcome', big)).body.data).toMatchObject({ reward: '1500.00', wagering: '15000.00', balance: '3500.00' });
    expect((await claim('welcome', big)).body.error_code).toBe('ALREADY_CLAIMED');
    await expectLedgerSound();
  });
});

describe('weekly reward', () => {
  it("pays the highest step last week's valid bets reach, once", async () => {
    const m = await registerMember(t.app);
    const thisWeek = weekStart(saoPauloDay());
    const lastWeek = addDays(thisWeek, -7);
    await insertStats(m.id, lastWeek, 'slots', 300_000, 900_000);
    await insertStats(m.id, addDays(lastWeek, 6), 'live', 250_000, 0);
    await insertStats(m.id, addDays(lastWeek, -1), 'slots', 5_000_000, 0);
    await insertStats(m.id, thisWeek, 'slots', 5_000_000, 0);
    const checked = (await check('weekly', m)).body.data;
    expect(checked).toMatchObject({ state: 'eligible', base_amount: '5500.00', reward: '60.00', period: lastWeek, wagering: '60.00' });
    expect(checked.steps.map((s: { reached: boolean }) => s.reached)).toEqual([true, true, false, false]);
    expect((await claim('weekly', m)).body.data).toMatchObject({ reward: '60.00' });
    expect((await bonusRows(m.id)).map((r) => r.claim_key)).toEqual([`weekly:${m.id}:${lastWeek}`]);
    expect((await claim('weekly', m)).body.error_code).toBe('ALREADY_CLAIMED');

    const idle = await registerMember(t.app);
    expect((await check('weekly', idle)).body.data).toMatchObject({ state: 'not_eligible', base_amount: '0.00' });
  });
});

describe('refusals pay nothing', () => {
  it('a visitor is asked to log in', async () => {
    for (const type of ['ftd', 'rechargerebate', 'dailyrescue'] as const) {
      const answer = await call(type, 'claim', undefined);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Currently not logged in, please log in first');
    }
  });

  it("another member's id answers 409 USER DOES NOT EXIST", async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '100.00');
    const answer = await claim('ftd', m, { member_id: m.id + 1 });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('USER DOES NOT EXIST');
    expect((await claim('rechargerebate', m, { member_id: m.id + 1 })).status).toBe(409);
    expect(await bonusRows(m.id)).toEqual([]);
  });

  it('an ended activity refuses with the spec message', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '100.00');
    await setActivity('ftd', { ends_at: new Date(Date.now() - 60_000).toISOString() });
    try {
      expect((await check('ftd', m)).body.data).toMatchObject({ state: 'ended', eligible: false, reward: '0.00' });
      const answer = await claim('ftd', m);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ error_code: 'ACTIVITY_ENDED', message: 'Not eligible to receive' });
    } finally {
      await setActivity('ftd', { ends_at: null });
    }
    expect(await bonusRows(m.id)).toEqual([]);
  });

  it('the regulated profile refuses deposit-linked claims', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '200.00');
    await setRegulated(m.id, 1);
    try {
      for (const type of ['ftd', 'rechargerebate', 'rechargetiers', 'welcome'] as const) {
        expect((await check(type, m)).body.data.state, type).toBe('regulated');
        const answer = await claim(type, m);
        expect(answer.status, type).toBe(403);
        expect(answer.body).toMatchObject({
          error_code: 'REGULATED_PROFILE',
          message: 'Deposit-linked bonuses are not offered on this site',
        });
      }
    } finally {
      await setRegulated(m.id, 0);
    }
    expect(await bonusRows(m.id)).toEqual([]);
    expect(await wallet(m)).toEqual({ money: '200.00', ml_money: '0.00' });
  });
});
