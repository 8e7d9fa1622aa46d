import { centavos } from '@casino/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { bonus, house } from '../../platform/ledger/ledger.service.ts';
import { transfer } from '../../platform/ledger/transfer.ts';
import { get, post, QK_PWD, readyMember } from '../withdrawals/withdrawals.test-helpers.ts';
import { BONUS_CODES } from './order-center.repository.ts';
import { brazilianDays } from './order-center.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const zero = { total_recharge_amount: '0.00', total_withdraw_amount: '0.00', total_bonus_amount: '0.00', total_fee_amount: '0.00' };

/** A credited deposit as the deposits feature records it, credited at `at`. */
async function creditedDeposit(memberId: number, amountCentavos: number, feeCentavos: number, at: string, orderNo: string) {
  const channel = await t.ctx.db.selectFrom('payment_channels').select('id').where('direction', '=', 'deposit').executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('deposit_orders')
    .values({
      order_no: orderNo,
      member_id: memberId,
      channel_id: channel.id,
      amount_centavos: amountCentavos,
      fee_centavos: feeCentavos,
      status: 'credited',
      provider: 'sandbox',
      psp_txid: `tx${orderNo}`,
      br_code: 'x',
      end_to_end_id: null,
      payment_desc: null,
      expires_at: at,
      paid_at: at,
      credited_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

describe('Brazilian days', () => {
  it('start at 03:00 UTC', () => {
    const justBefore = brazilianDays(Date.parse('2024-06-02T02:59:59.000Z'), 3);
    expect(justBefore.at(-1)).toEqual({ start: '2024-06-01T03:00:00.000Z', end: '2024-06-02T03:00:00.000Z', date: '2024-06-01' });
    expect(justBefore[0]!.date).toBe('2024-05-30');
    const justAfter = brazilianDays(Date.parse('2024-06-02T03:00:00.000Z'), 1);
    expect(justAfter[0]).toEqual({ start: '2024-06-02T03:00:00.000Z', end: '2024-06-03T03:00:00.000Z', date: '2024-06-02' });
  });
});

describe('bonus codes', () => {
  it('are the codes of the partial index the bonus totals read (migration 0018)', () => {
    expect([...BONUS_CODES].sort()).toEqual(['bonus', 'rebate_accrual', 'rebate_claim']);
  });
});

describe('order centre', () => {
  it('totals deposits, paid withdrawals, bonuses and fees per range and per day', async () => {
    const m = await readyMember(t, { fundCentavos: 20_000 });
    const empty = await get(t, '/api/ordercenter/details?lang=en', m.token);
    expect(empty.statusCode).toBe(200);
    expect(json(empty).data.details).toEqual(zero);

    const days = brazilianDays(Date.now(), 7);
    const today = days[6]!;
    const threeDaysAgo = days[3]!;
    const tenDaysAgo = new Date(Date.parse(days[0]!.start) - 3 * 86_400_000).toISOString();
    await creditedDeposit(m.id, 10_000, 150, new Date().toISOString(), `D${m.id}a`);
    await creditedDeposit(m.id, 5_000, 0, new Date(Date.parse(threeDaysAgo.start) + 3_600_000).toISOString(), `D${m.id}b`);
    await creditedDeposit(m.id, 7_000, 0, tenDaysAgo, `D${m.id}c`);
    const granted = await transfer(t.ctx.db, {
      key: `bonus_test:${m.id}`,
      code: 'bonus',
      lines: [
        { account: house('promotions_expense'), amountCentavos: centavos(-1_234) },
        { account: bonus(m.id), amountCentavos: centavos(1_234) },
      ],
    });
    expect(granted.ok).toBe(true);

    // A paid withdrawal, and one still waiting (not counted).
    await post(t, '/api/drawing', { money: 60, qk_pwd: QK_PWD, member_bank_id: m.bankId }, m.token);
    await post(t, '/api/drawing', { money: 25, qk_pwd: QK_PWD, member_bank_id: m.bankId }, m.token);
    const admin = await adminToken(t.app);
    const first = await t.ctx.db
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', m.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${first.id}/approve`, headers: bearer(admin) });
    expect(approved.statusCode).toBe(200);

    const details = json(await get(t, '/api/ordercenter/details?days=1', m.token)).data;
    const todayTotals = {
      total_recharge_amount: '100.00',
      total_withdraw_amount: '60.00',
      total_bonus_amount: '12.34',
      total_fee_amount: '1.50',
    };
    expect(details.details).toEqual(todayTotals);
    expect(details.ranges.today).toEqual(todayTotals);
    expect(details.ranges.last_3_days).toEqual(todayTotals);
    expect(details.ranges.last_7_days).toEqual({ ...todayTotals, total_recharge_amount: '150.00' });
    expect(details.daily).toHaveLength(7);
    expect(details.daily.map((d: { date: string }) => d.date)).toEqual(days.map((d) => d.date));
    expect(details.daily[6]).toEqual({ date: today.date, ...todayTotals });
    expect(details.daily[3]).toEqual({ date: threeDaysAgo.date, ...zero, total_recharge_amount: '50.00' });
    const week = json(await get(t, '/api/ordercenter/details?days=7', m.token)).data;
    expect(week.details.total_recharge_amount).toBe('150.00');
    const bad = await get(t, '/api/ordercenter/details?days=5&lang=en', m.token);
    expect(bad.statusCode).toBe(422);

    const fee = json(await get(t, '/api/ordercenter/fee', m.token)).data.fee;
    expect(fee).toEqual([{ order_no: `D${m.id}a`, kind: 'deposit', amount: '100.00', fee: '1.50', created_at: expect.any(String) }]);

    const association = json(await get(t, '/api/ordercenter/association', m.token)).data.association;
    expect(association.map((a: { code: string }) => a.code)).toEqual(['withdrawal_request', 'withdrawal_request', 'bonus', 'deposit']);
    expect(association[0]).toMatchObject({ amount: '-25.00', balance_after: '115.00' });
    expect(association[2]).toMatchObject({ amount: '12.34', balance_after: '12.34' });
  });

  it('shows only the member’s own movements and needs a session', async () => {
    const other = await registerMember(t.app);
    expect(json(await get(t, '/api/ordercenter/details?days=7', other.token)).data.ranges.last_7_days).toEqual(zero);
    expect(json(await get(t, '/api/ordercenter/association', other.token)).data.association).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/ordercenter/fee' })).statusCode).toBe(401);
  });

  it('leaves a sound ledger', async () => {
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
