import { API } from '@casino/shared/api-paths';
import type { DepositBonusOptions } from '@casino/shared/schemas/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFundedDeposits } from '../../db/migrations/0012-one-bonus-per-deposit.ts';
import { createDepositOrder, fundMember, payDepositOrder } from '../../test/promotions-helpers.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';

/**
 * One bonus per deposit (issue 10 item 12, docs/PROMOTIONS.md) through the HTTP API on SQLite and
 * PostgreSQL: with bonus stacking off (the default) a deposit funds one of the first-deposit bonus,
 * the welcome bonus and the recharge rebate (the one chosen when depositing, or else the first
 * claimed); concurrent claims of different bonuses of one deposit pay one and never answer 5xx;
 * with stacking on every bonus pays, as before.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  // Recharges count for the rebate from the activity's start: let it have started before the tests.
  await t.ctx.db
    .updateTable('activities')
    .set({ created_at: new Date(Date.now() - 86_400_000).toISOString() })
    .where('type', '=', 'rechargerebate')
    .execute();
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof registerMember>>;
type Bonus = 'ftd' | 'welcome' | 'rechargerebate';
const BONUSES: Bonus[] = ['ftd', 'welcome', 'rechargerebate'];

function call(url: string, token: string, payload: Record<string, unknown> = {}, lang = 'en') {
  return t.app.inject({ method: 'POST', url: `${url}?lang=${lang}`, headers: bearer(token), payload });
}
const check = async (type: Bonus, m: Member, lang = 'en') => json(await call(API.activity(type, 'check'), m.token, {}, lang)).data;
const claim = (type: Bonus, m: Member, body: Record<string, unknown> = {}, lang = 'en') =>
  call(API.activity(type, 'claim'), m.token, body, lang);

async function options(m: Member): Promise<DepositBonusOptions> {
  const response = await t.app.inject({ method: 'GET', url: `${API.rechargeBonuses}?lang=en`, headers: bearer(m.token) });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

async function setStacking(on: boolean) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `${API.admin.siteProfile}?lang=en`,
    headers: bearer(admin),
    payload: { bonus_stacking: on },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(json(response).data).toMatchObject({ bonus_stacking: on, regulated: false });
}

async function credits(memberId: number) {
  return t.ctx.db
    .selectFrom('bonus_credits')
    .select(['source', 'amount_centavos'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

async function expectLedgerSound() {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
}

describe('one bonus per deposit (stacking off, the default)', () => {
  it('lets a first deposit of 100.00 fund one bonus; the others close with the reason, translated', async () => {
    const m = await registerMember(t.app);
    const deposit = await fundMember(t, m.token, '100.00');
    for (const type of BONUSES) expect((await check(type, m)).state, type).toBe('eligible');

    const welcome = await claim('welcome', m);
    expect(welcome.statusCode, welcome.body).toBe(200);
    expect(json(welcome).data).toMatchObject({ reward: '100.00' });

    const reason = 'One bonus per deposit: this deposit already went to "Welcome bonus"';
    expect(await check('ftd', m)).toMatchObject({ state: 'not_eligible', eligible: false, reward: '0.00', message: reason });
    expect(json(await claim('ftd', m))).toMatchObject({ error_code: 'DEPOSIT_FUNDED_OTHER', message: reason });
    expect((await check('ftd', m, 'pt')).message).toBe('Um bônus por depósito: este depósito já foi usado em "Bônus de boas-vindas"');

    const rebate = await check('rechargerebate', m);
    expect(rebate).toMatchObject({ state: 'not_eligible', message: reason, reward: '0.00' });
    expect(rebate.items).toMatchObject([{ id: deposit.orderId, is_claimed: 0, closed_reason: reason }]);
    const named = await claim('rechargerebate', m, { id: deposit.orderId });
    expect(named.statusCode).toBe(422);
    expect(json(named)).toMatchObject({ error_code: 'DEPOSIT_FUNDED_OTHER', message: reason });
    expect(json(await claim('rechargerebate', m)).error_code).toBe('NO_ELIGIBLE_TOPUPS');
    expect(await credits(m.id)).toEqual([{ source: 'welcome', amount_centavos: 10_000 }]);

    // The next deposit is a deposit of its own: the rebate can take it.
    const second = await fundMember(t, m.token, '100.00');
    const items = (await check('rechargerebate', m)).items as { id: number; closed_reason: string | null }[];
    expect(items.find((item) => item.id === second.orderId)?.closed_reason).toBeNull();
    expect((await claim('rechargerebate', m)).statusCode).toBe(200);
    expect(await credits(m.id)).toEqual([
      { source: 'welcome', amount_centavos: 10_000 },
      { source: 'rechargerebate', amount_centavos: 2_000 },
    ]);
    await expectLedgerSound();
  });

  it('pays one of concurrent claims of different bonuses on the same deposit, answering the rest 4xx, never 5xx', async () => {
    const members = await Promise.all([1, 2, 3].map(() => registerMember(t.app)));
    const deposits = await Promise.all(members.map((m) => fundMember(t, m.token, '100.00')));
    const responses = await Promise.all(
      members.flatMap((m, i) =>
        [0, 1, 2].flatMap(() => [
          claim('ftd', m),
          claim('welcome', m),
          claim('rechargerebate', m, { id: deposits[i]!.orderId }),
          claim('rechargerebate', m),
        ]),
      ),
    );
    const serverErrors = responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`);
    expect(serverErrors.join('\n')).toBe('');
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(members.length);
    for (const r of responses.filter((r) => r.statusCode !== 200)) expect(r.statusCode, r.body).toBe(422);
    for (const [i, m] of members.entries()) {
      const paid = await credits(m.id);
      expect(paid, `member ${i}`).toHaveLength(1);
      const use = await t.ctx.db
        .selectFrom('deposit_bonus_uses')
        .selectAll()
        .where('deposit_order_id', '=', deposits[i]!.orderId)
        .executeTakeFirstOrThrow();
      expect(use.source).toBe(paid[0]!.source);
    }
    await expectLedgerSound();
  });

  it('offers the bonuses a new deposit can fund, and keeps the deposit for the one chosen', async () => {
    const m = await registerMember(t.app);
    expect(await options(m)).toEqual({
      stacking: false,
      list: [
        {
          type: 'ftd',
          title: 'First deposit bonus',
          min_recharge: '100.00',
          reward: '10.00',
          rate_bp: null,
          max_reward: null,
          wagering_multiple: 5,
        },
        {
          type: 'welcome',
          title: 'Casino welcome bonus',
          min_recharge: '10.00',
          reward: null,
          rate_bp: 10_000,
          max_reward: '1500.00',
          wagering_multiple: 10,
        },
        {
          type: 'rechargerebate',
          title: '20% recharge rebate',
          min_recharge: '100.00',
          reward: null,
          rate_bp: 2_000,
          max_reward: null,
          wagering_multiple: 5,
        },
      ],
    });
    const deposit = await fundMember(t, m.token, '100.00', { bonus: 'rechargerebate' });
    const stored = await t.ctx.db
      .selectFrom('deposit_orders')
      .select('bonus_choice')
      .where('id', '=', deposit.orderId)
      .executeTakeFirstOrThrow();
    expect(stored.bonus_choice).toBe('rechargerebate');

    const chosen = 'One bonus per deposit: you chose "Recharge rebate" for this deposit';
    for (const type of ['ftd', 'welcome'] as const) {
      expect(await check(type, m), type).toMatchObject({ state: 'not_eligible', message: chosen });
      expect(json(await claim(type, m)), type).toMatchObject({ error_code: 'DEPOSIT_BONUS_CHOSEN', message: chosen });
    }
    expect((await check('rechargerebate', m)).state).toBe('eligible');
    expect((await claim('rechargerebate', m)).statusCode).toBe(200);
    // Deposited once: a new deposit is no first deposit any more.
    expect((await options(m)).list.map((option) => option.type)).toEqual(['rechargerebate']);
    await expectLedgerSound();
  });

  it('keeps a deposit made with "no bonus" from every bonus', async () => {
    const m = await registerMember(t.app);
    const deposit = await fundMember(t, m.token, '100.00', { bonus: 'none' });
    const declined = 'You chose to make this deposit without a bonus';
    for (const type of BONUSES) expect(await check(type, m), type).toMatchObject({ state: 'not_eligible', message: declined });
    expect(json(await claim('ftd', m))).toMatchObject({ error_code: 'DEPOSIT_NO_BONUS', message: declined });
    expect(json(await claim('rechargerebate', m, { id: deposit.orderId }))).toMatchObject({ error_code: 'DEPOSIT_NO_BONUS' });
    expect(await credits(m.id)).toEqual([]);
  });

  it('frees a deposit chosen for a first-deposit bonus when another order was paid first', async () => {
    const m = await registerMember(t.app);
    const chosenFtd = await createDepositOrder(t, m.token, '100.00', { bonus: 'ftd' });
    const plain = await createDepositOrder(t, m.token, '100.00');
    await payDepositOrder(t, plain);
    await payDepositOrder(t, chosenFtd);
    // The first deposit is the plain one: the first-deposit bonus (chosen for the other) cannot use
    // the second deposit, which stays free for the rebate.
    expect((await claim('ftd', m)).statusCode).toBe(200);
    const rebate = await claim('rechargerebate', m, { id: chosenFtd.orderId });
    expect(rebate.statusCode, rebate.body).toBe(200);
    expect(json(await claim('rechargerebate', m, { id: plain.orderId })).error_code).toBe('DEPOSIT_FUNDED_OTHER');
  });

  it('refuses a choice the deposit cannot have, with the field named and nothing created', async () => {
    const m = await registerMember(t.app);
    const channels = json(await t.app.inject({ method: 'GET', url: API.paymentOnlineList, headers: bearer(m.token) })).data;
    const order = (body: Record<string, unknown>) => call(API.rechargeOnline, m.token, { payment_id: channels.list[0].id, ...body });

    const belowMinimum = await order({ money: '50.00', bonus: 'ftd' });
    expect(belowMinimum.statusCode).toBe(422);
    expect(json(belowMinimum).errors).toEqual({ bonus: ['This bonus needs a deposit of at least R$100.00'] });
    const unknown = await order({ money: '100.00', bonus: 'mystery' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(json(unknown).errors ?? {})).toEqual(['bonus']);

    await fundMember(t, m.token, '100.00');
    const noLongerFirst = await order({ money: '100.00', bonus: 'welcome' });
    expect(noLongerFirst.statusCode).toBe(422);
    expect(json(noLongerFirst)).toMatchObject({
      error_code: 'DEPOSIT_BONUS_UNAVAILABLE',
      errors: { bonus: ['This bonus is not available for your deposit'] },
    });
    const orders = await t.ctx.db.selectFrom('deposit_orders').select('id').where('member_id', '=', m.id).execute();
    expect(orders).toHaveLength(1);
  });
});

describe('bonus stacking on', () => {
  it('pays every bonus of a deposit, as before; switched off again, a deposit that funded one closes the rest', async () => {
    await setStacking(true);
    try {
      const m = await registerMember(t.app);
      expect((await options(m)).stacking).toBe(true);
      await fundMember(t, m.token, '100.00', { bonus: 'welcome' });
      for (const type of BONUSES) {
        const paid = await claim(type, m);
        expect(paid.statusCode, `${type}: ${paid.body}`).toBe(200);
      }
      expect((await credits(m.id)).map((c) => c.source)).toEqual(BONUSES);

      const later = await registerMember(t.app);
      await fundMember(t, later.token, '100.00');
      expect((await claim('ftd', later)).statusCode).toBe(200);
      await setStacking(false);
      expect(await check('welcome', later)).toMatchObject({
        state: 'not_eligible',
        message: 'One bonus per deposit: this deposit already went to "First deposit"',
      });
    } finally {
      await setStacking(false);
    }
    await expectLedgerSound();
  });

  it('the migration records the bonus each deposit funded first before the rule existed', async () => {
    await setStacking(true);
    try {
      const m = await registerMember(t.app);
      const first = await fundMember(t, m.token, '100.00');
      const second = await fundMember(t, m.token, '100.00');
      for (const [type, body] of [
        ['welcome', {}],
        ['ftd', {}],
        ['rechargerebate', { id: first.orderId }],
        ['rechargerebate', { id: second.orderId }],
      ] as const) {
        expect((await claim(type, m, body)).statusCode).toBe(200);
      }
      // As a database from before migration 0012 had it: claims, and no record of the deposits they used.
      await t.ctx.db.deleteFrom('deposit_bonus_uses').where('member_id', '=', m.id).execute();
      await recordFundedDeposits(t.ctx.db);
      const uses = await t.ctx.db
        .selectFrom('deposit_bonus_uses')
        .select(['deposit_order_id', 'source'])
        .where('member_id', '=', m.id)
        .orderBy('deposit_order_id')
        .execute();
      expect(uses.map((use) => [Number(use.deposit_order_id), use.source])).toEqual([
        [first.orderId, 'welcome'],
        [second.orderId, 'rechargerebate'],
      ]);
    } finally {
      await setStacking(false);
    }
  });

  it('is a back-office setting, audited, validated', async () => {
    const before = await t.ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('action', '=', 'site_profile.update')
      .executeTakeFirstOrThrow();
    await setStacking(true);
    await setStacking(false);
    const after = await t.ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('action', '=', 'site_profile.update')
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(2);
    const patch = (payload: unknown) =>
      t.app.inject({ method: 'PATCH', url: `${API.admin.siteProfile}?lang=en`, headers: bearer(admin), payload: payload as object });
    expect((await patch({})).statusCode).toBe(422);
    expect((await patch({ bonus_stacking: 'yes' })).statusCode).toBe(422);
    const read = json(await t.app.inject({ method: 'GET', url: `${API.admin.activities}?lang=en`, headers: bearer(admin) })).data;
    expect(read.site).toMatchObject({ bonus_stacking: false });
  });
});
