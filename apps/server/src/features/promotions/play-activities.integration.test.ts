import { hashServerSeed, hmacFloats } from '@casino/games/fair';
import { API } from '@casino/shared/api-paths';
import type { ActivityType } from '@casino/shared/schemas/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/database.ts';
import { saoPauloDay, weekStart } from '../../lib/sao-paulo.ts';
import { fundMember } from '../../test/promotions-helpers.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { newCpf } from '../withdrawals/withdrawals.test-helpers.ts';
import { pickWeighted } from './modules/wheel-draw.ts';

/**
 * Part B activities end to end through the HTTP API on SQLite and PostgreSQL: wheels, invitation,
 * treasure chests, mystery bonus and redeem codes. Every payout is checked to the centavo against
 * the ledger, and concurrent claims are fired with Promise.all.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof registerMember>>;

function post(url: string, payload: unknown, token?: string) {
  return t.app.inject({ method: 'POST', url: `${url}?lang=en`, payload: payload as object, headers: token ? bearer(token) : {} });
}
const check = (type: ActivityType, token?: string, body: Record<string, unknown> = {}) => post(API.activity(type, 'check'), body, token);
const claim = (type: ActivityType, token?: string, body: Record<string, unknown> = {}) => post(API.activity(type, 'claim'), body, token);

async function memberRow(id: number) {
  return t.ctx.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function cashOf(memberId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirst();
  return row?.balance_centavos ?? 0;
}

async function bonuses(memberId: number, source: string) {
  return t.ctx.db
    .selectFrom('bonus_credits')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('source', '=', source)
    .orderBy('id')
    .execute();
}

/** Each bonus row was paid by exactly one transfer: promotions_expense -> the member's cash. */
async function expectPaidByLedger(rows: { member_id: number; amount_centavos: number; transfer_id: number | null }[]) {
  for (const row of rows) {
    expect(row.transfer_id).not.toBeNull();
    const entries = await t.ctx.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['a.member_id', 'a.kind', 'e.amount_centavos'])
      .where('e.transfer_id', '=', row.transfer_id as number)
      .orderBy('e.amount_centavos')
      .execute();
    expect(entries).toEqual([
      { member_id: null, kind: 'promotions_expense', amount_centavos: -row.amount_centavos },
      { member_id: row.member_id, kind: 'cash', amount_centavos: row.amount_centavos },
    ]);
  }
}

/** Changes an activity's settings on every site (config keys are merged into the current JSON). */
async function configure(
  type: ActivityType,
  patch: { config?: Record<string, unknown>; ends_at?: string | null; starts_at?: string | null; min_vip_level?: number },
) {
  const row = await t.ctx.db.selectFrom('activities').select('config_json').where('type', '=', type).executeTakeFirstOrThrow();
  const { config, ...columns } = patch;
  await t.ctx.db
    .updateTable('activities')
    .set({ ...columns, ...(config ? { config_json: JSON.stringify({ ...JSON.parse(row.config_json), ...config }) } : {}) })
    .where('type', '=', type)
    .execute();
}

/** The error code of a refused answer (not part of the shared envelope type). */
function errorCode(response: { json(): unknown }): string | undefined {
  return (response.json() as { error_code?: string }).error_code;
}

function statuses(responses: { statusCode: number }[]) {
  return responses.map((r) => r.statusCode).sort();
}

function reais(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

/** Binds a PIX key in the member's own CPF, the way a player does, which puts the CPF on file. */
async function verifyCpf(m: Member): Promise<string> {
  const cpf = newCpf();
  const saved = await post(API.memberBanksSave, { account_type: 'cpf', account: cpf, name: 'Maria da Silva', cpf_id: cpf }, m.token);
  expect(saved.statusCode).toBe(200);
  return cpf;
}

describe('visitors, other members and ended activities', () => {
  it('answers visitors "Currently not logged in, please log in first" on every call', async () => {
    for (const type of ['dailywheel', 'lotterywheel', 'invitationactivity', 'treasurechest', 'mystery', 'redeemcode'] as const) {
      for (const response of [await check(type), await claim(type, undefined, { code: 'X' })]) {
        expect(response.statusCode).toBe(401);
        expect(json(response).message).toBe('Currently not logged in, please log in first');
      }
    }
  });

  it('answers 409 "USER DOES NOT EXIST" to a claim naming another member\'s id, and pays nothing', async () => {
    const inviter = await registerMember(t.app);
    const invitee = await registerMember(t.app, { invite_code: inviter.user.invite_code });
    await fundMember(t, invitee.token, 100);
    const stranger = await registerMember(t.app);
    const response = await claim('invitationactivity', stranger.token, { member_id: inviter.id });
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('USER DOES NOT EXIST');
    const checked = await check('invitationactivity', stranger.token, { member_id: inviter.id });
    expect(checked.statusCode).toBe(409);
    expect(await bonuses(inviter.id, 'invitationactivity')).toEqual([]);
    expect(await bonuses(stranger.id, 'invitationactivity')).toEqual([]);
    expect(await cashOf(stranger.id)).toBe(0);
  });

  it('refuses an ended activity with "Not eligible to receive" and pays nothing', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, 20);
    await configure('dailywheel', { ends_at: new Date(Date.now() - 60_000).toISOString() });
    try {
      const checked = json(await check('dailywheel', m.token));
      expect(checked.data).toMatchObject({ state: 'ended', eligible: false, message: 'This activity has ended' });
      const response = await claim('dailywheel', m.token);
      expect(response.statusCode).toBe(422);
      expect(json(response).message).toBe('Not eligible to receive');
      expect(await bonuses(m.id, 'dailywheel')).toEqual([]);
    } finally {
      await configure('dailywheel', { ends_at: null });
    }
  });
});

describe('VIP gates (spec section 6)', () => {
  it('a check below the level reads "Upgrade required", a claim "user not eligible for this reward", translated; nothing is paid', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, 20);
    await configure('dailywheel', { min_vip_level: 2 });
    try {
      expect(json(await check('dailywheel', m.token)).data).toMatchObject({
        state: 'upgrade_required',
        eligible: false,
        min_vip_level: 2,
        message: 'Upgrade required',
      });
      const refused = await claim('dailywheel', m.token);
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({ message: 'user not eligible for this reward', error_code: 'UPGRADE_REQUIRED' });
      const inPortuguese = await t.app.inject({
        method: 'POST',
        url: `${API.activity('dailywheel', 'claim')}?lang=pt`,
        headers: bearer(m.token),
        payload: {},
      });
      expect(json(inPortuguese).message).toBe('Usuário não elegível para esta recompensa');
      expect(await bonuses(m.id, 'dailywheel')).toEqual([]);

      // At the level the same member spins.
      await t.ctx.db.updateTable('members').set({ level: 2 }).where('id', '=', m.id).execute();
      expect((await claim('dailywheel', m.token)).statusCode).toBe(200);
    } finally {
      await configure('dailywheel', { min_vip_level: 0 });
    }
  });
});

describe('daily wheel', () => {
  it('needs a deposit first: "No eligible top-ups"', async () => {
    const m = await registerMember(t.app);
    const checked = json(await check('dailywheel', m.token)).data;
    expect(checked).toMatchObject({
      state: 'no_topups',
      eligible: false,
      message: 'No eligible top-ups',
      remainingspins: 0,
      reward: '100.00',
    });
    expect(checked.prizes.map((p: { reward: string }) => p.reward)).toEqual([
      '0.50',
      '1.00',
      '2.00',
      '5.00',
      '10.00',
      '20.00',
      '50.00',
      '100.00',
    ]);
    const response = await claim('dailywheel', m.token);
    expect(response.statusCode).toBe(422);
    expect(json(response).message).toBe('No eligible top-ups');
    expect(await cashOf(m.id)).toBe(0);
  });

  it('pays one spin a day: 20 simultaneous claims pay once, the rest "No more roll remaining"', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, 30);
    const before = await memberRow(m.id);
    expect(json(await check('dailywheel', m.token)).data).toMatchObject({ state: 'eligible', remainingspins: 1, period: saoPauloDay() });

    const responses = await Promise.all(Array.from({ length: 20 }, () => claim('dailywheel', m.token)));
    expect(statuses(responses)).toEqual([...Array(19).fill(422), 200].sort());
    const won = responses.find((r) => r.statusCode === 200);
    const data = json(won as (typeof responses)[number]).data;
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(json(refused).message).toBe('No more roll remaining');
    }
    const rows = await bonuses(m.id, 'dailywheel');
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.claim_key).toBe(`dailywheel:${m.id}:${saoPauloDay()}`);
    expect(data).toMatchObject({ type: 'dailywheel', reward: reais(row.amount_centavos), remainingspins: 0, bonus_id: row.id });
    expect(data.prize.reward).toBe(data.reward);
    expect(await cashOf(m.id)).toBe(3000 + row.amount_centavos);
    expect(data.balance).toBe(reais(3000 + row.amount_centavos));
    const after = await memberRow(m.id);
    expect(after.wagering_required_centavos - before.wagering_required_centavos).toBe(row.amount_centavos);
    expect(row.wagering_centavos).toBe(row.amount_centavos);
    await expectPaidByLedger(rows);
    expect(json(await check('dailywheel', m.token)).data).toMatchObject({
      state: 'no_spins',
      remainingspins: 0,
      message: 'No more roll remaining',
    });
  });
});

describe('lottery wheel', () => {
  it('gives one free spin plus one per recharge of at least 50.00 today, then "No more roll remaining"', async () => {
    const m = await registerMember(t.app);
    await verifyCpf(m);
    const day = saoPauloDay();
    expect(json(await check('lotterywheel', m.token)).data).toMatchObject({
      state: 'eligible',
      remainingspins: 1,
      quantity: 1,
      message: 'You have 1 spin left',
      min_recharge: '50.00',
      reward: '188.00',
    });
    await fundMember(t, m.token, '49.99');
    expect(json(await check('lotterywheel', m.token)).data.remainingspins).toBe(1);
    await fundMember(t, m.token, 100);
    expect(json(await check('lotterywheel', m.token)).data).toMatchObject({
      remainingspins: 2,
      quantity: 2,
      message: 'You have 2 spins left',
    });

    const first = json(await claim('lotterywheel', m.token));
    expect(first.message).toBe('Reward claimed successfully!');
    expect(first.data).toMatchObject({ remainingspins: 1, quantity: 2 });
    const second = json(await claim('lotterywheel', m.token));
    expect(second.data).toMatchObject({ remainingspins: 0, quantity: 2 });
    const none = await claim('lotterywheel', m.token);
    expect(none.statusCode).toBe(422);
    expect(json(none).message).toBe('No more roll remaining');
    expect(json(await check('lotterywheel', m.token)).data).toMatchObject({
      state: 'no_spins',
      eligible: false,
      remainingspins: 0,
      quantity: 2,
    });

    await fundMember(t, m.token, 50);
    expect(json(await check('lotterywheel', m.token)).data.remainingspins).toBe(1);
    const third = json(await claim('lotterywheel', m.token));
    expect(third.data.remainingspins).toBe(0);
    expect((await claim('lotterywheel', m.token)).statusCode).toBe(422);

    const rows = await bonuses(m.id, 'lotterywheel');
    expect(rows.map((r) => r.claim_key)).toEqual([1, 2, 3].map((n) => `lotterywheel:${m.id}:${day}:${n}`));
    expect([first, second, third].map((answer) => answer.data.reward)).toEqual(rows.map((r) => reais(r.amount_centavos)));
    const paid = rows.reduce((sum, r) => sum + r.amount_centavos, 0);
    expect(await cashOf(m.id)).toBe(4999 + 10000 + 5000 + paid);
    await expectPaidByLedger(rows);
  });

  it('pays a member who deposited 100.00 today exactly 2 spins out of 20 simultaneous claims', async () => {
    const m = await registerMember(t.app);
    await verifyCpf(m);
    await fundMember(t, m.token, 100);
    const responses = await Promise.all(Array.from({ length: 20 }, () => claim('lotterywheel', m.token)));
    expect(statuses(responses)).toEqual([...Array(18).fill(422), 200, 200].sort());
    const spins = responses.filter((r) => r.statusCode === 200).map((r) => json(r).data.remainingspins);
    expect(spins.sort()).toEqual([0, 1]);
    const rows = await bonuses(m.id, 'lotterywheel');
    expect(rows).toHaveLength(2);
    expect(await cashOf(m.id)).toBe(10000 + rows[0]!.amount_centavos + rows[1]!.amount_centavos);
  });

  it('draws every prize reproducibly from the stored seeds once the pair is revealed', async () => {
    const m = await registerMember(t.app);
    await verifyCpf(m);
    await fundMember(t, m.token, 100);
    await fundMember(t, m.token, 100);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(json(await claim('lotterywheel', m.token)).data);
    answers.push(json(await claim('dailywheel', m.token)).data);

    const rotated = await post(API.fair.rotate, {}, m.token);
    expect(rotated.statusCode).toBe(200);
    const revealed = json(rotated).data.revealed;
    expect(revealed).not.toBeNull();

    const tables = new Map<string, { reward_centavos: number; weight: number }[]>();
    for (const type of ['lotterywheel', 'dailywheel'] as const) {
      const row = await t.ctx.db.selectFrom('activities').select('config_json').where('type', '=', type).executeTakeFirstOrThrow();
      tables.set(type, JSON.parse(row.config_json).prizes);
    }
    const rows = [...(await bonuses(m.id, 'lotterywheel')), ...(await bonuses(m.id, 'dailywheel'))];
    expect(rows).toHaveLength(4);
    const nonces = [];
    for (const [i, row] of rows.entries()) {
      const detail = JSON.parse(row.detail_json ?? '{}');
      expect(detail.seed_id).toBe(revealed.id);
      expect(detail.server_seed_hash).toBe(hashServerSeed(revealed.server_seed));
      expect(detail.client_seed).toBe(revealed.client_seed);
      // Recomputed with the games package's own HMAC stream, as the verify page does.
      const float = hmacFloats({ serverSeed: revealed.server_seed, clientSeed: detail.client_seed, nonce: detail.nonce })();
      expect(float).toBe(detail.float);
      const table = tables.get(row.source)!;
      const index = pickWeighted(
        table.map((p) => p.weight),
        float,
      );
      expect(index).toBe(detail.index);
      expect(row.amount_centavos).toBe(table[index]!.reward_centavos);
      expect(answers[i].prize).toMatchObject({ index, reward: reais(row.amount_centavos) });
      nonces.push(detail.nonce);
    }
    expect(nonces).toEqual([0, 1, 2, 3]);
  });

  it('keeps the free daily spin for a member with a CPF on file, and says why; recharge spins need none', async () => {
    const m = await registerMember(t.app);
    const withheld = { state: 'not_eligible', eligible: false, remainingspins: 0, quantity: 0, cpf_required: true };
    expect(json(await check('lotterywheel', m.token)).data).toMatchObject({
      ...withheld,
      message: 'The free daily spin is for verified members: add a PIX key with your CPF to get it',
    });
    const refused = await claim('lotterywheel', m.token);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ error_code: 'FREE_SPIN_NEEDS_CPF' });
    const inPortuguese = await t.app.inject({
      method: 'POST',
      url: `${API.activity('lotterywheel', 'claim')}?lang=pt`,
      headers: bearer(m.token),
      payload: {},
    });
    expect(json(inPortuguese).message).toBe(
      'O giro grátis diário é para membros verificados: cadastre uma chave PIX com o seu CPF para recebê-lo',
    );
    expect(await bonuses(m.id, 'lotterywheel')).toEqual([]);

    // A recharge's spin needs no CPF; the check still says what the CPF would add.
    await fundMember(t, m.token, 50);
    expect(json(await check('lotterywheel', m.token)).data).toMatchObject({
      state: 'eligible',
      remainingspins: 1,
      quantity: 1,
      cpf_required: true,
      message: 'You have 1 spin left. Add a PIX key with your CPF to get the free daily spin too',
    });
    expect((await claim('lotterywheel', m.token)).statusCode).toBe(200);
    expect(errorCode(await claim('lotterywheel', m.token))).toBe('FREE_SPIN_NEEDS_CPF');

    // With the CPF on file the free spin is there the same day.
    await verifyCpf(m);
    expect(json(await check('lotterywheel', m.token)).data).toMatchObject({
      state: 'eligible',
      remainingspins: 1,
      quantity: 2,
      cpf_required: false,
      message: 'You have 1 spin left',
    });
    expect(json(await claim('lotterywheel', m.token)).data).toMatchObject({ remainingspins: 0, quantity: 2 });
    expect(json(await check('lotterywheel', m.token)).data).toMatchObject({ state: 'no_spins', message: 'No more roll remaining' });
    expect(await bonuses(m.id, 'lotterywheel')).toHaveLength(2);
  });

  it('pays the free spin without a CPF when the operator turns the requirement off', async () => {
    await configure('lotterywheel', { config: { free_spins_require_cpf: false } });
    try {
      const m = await registerMember(t.app);
      expect(json(await check('lotterywheel', m.token)).data).toMatchObject({ state: 'eligible', remainingspins: 1, cpf_required: false });
      expect((await claim('lotterywheel', m.token)).statusCode).toBe(200);
    } finally {
      await configure('lotterywheel', { config: { free_spins_require_cpf: true } });
    }
  });

  it('is refused on a site with the regulated profile; the daily wheel is not deposit-linked and still spins', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, 100);
    const siteId = (await memberRow(m.id)).site_id;
    await t.ctx.db.updateTable('sites').set({ regulated: 1 }).where('id', '=', siteId).execute();
    try {
      expect(json(await check('lotterywheel', m.token)).data).toMatchObject({ state: 'regulated', eligible: false, reward: '0.00' });
      const refused = await claim('lotterywheel', m.token);
      expect(refused.statusCode).toBe(403);
      expect(json(refused).message).toBe('Deposit-linked bonuses are not offered on this site');
      expect(errorCode(await claim('mystery', m.token))).toBe('REGULATED_PROFILE');
      expect(await bonuses(m.id, 'lotterywheel')).toEqual([]);
      expect((await claim('dailywheel', m.token)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.updateTable('sites').set({ regulated: 0 }).where('id', '=', siteId).execute();
    }
  });
});

describe('invitation activity', () => {
  it('pays 100.00 with 5x wagering once per direct invitee whose recharge reaches 100.00', async () => {
    const inviter = await registerMember(t.app);
    const friendA = await registerMember(t.app, { invite_code: inviter.user.invite_code });
    const friendB = await registerMember(t.app, { invite_code: inviter.user.invite_code });
    const indirect = await registerMember(t.app, { invite_code: friendA.user.invite_code });

    const nothing = json(await check('invitationactivity', inviter.token)).data;
    expect(nothing).toMatchObject({
      state: 'not_eligible',
      message: 'Not eligible to receive',
      qualified: 0,
      unclaimed: 0,
      reward: '0.00',
    });
    const early = await claim('invitationactivity', inviter.token);
    expect(early.statusCode).toBe(422);
    expect(json(early).message).toBe('Not eligible to receive');

    await fundMember(t, friendA.token, 100);
    await fundMember(t, friendB.token, '99.99');
    await fundMember(t, indirect.token, 200);
    expect(json(await check('invitationactivity', inviter.token)).data).toMatchObject({
      state: 'eligible',
      qualified: 1,
      unclaimed: 1,
      reward: '100.00',
      wagering: '500.00',
      min_recharge: '100.00',
    });

    const before = await memberRow(inviter.id);
    const responses = await Promise.all(Array.from({ length: 20 }, () => claim('invitationactivity', inviter.token)));
    expect(statuses(responses)).toEqual([...Array(19).fill(422), 200].sort());
    const paid = json(responses.find((r) => r.statusCode === 200)!);
    expect(paid.message).toBe('Reward claimed successfully!');
    expect(paid.data).toMatchObject({ reward: '100.00', wagering: '500.00', balance: '100.00' });
    expect((await memberRow(inviter.id)).wagering_required_centavos - before.wagering_required_centavos).toBe(50000);
    expect(json(await check('invitationactivity', inviter.token)).data).toMatchObject({
      state: 'not_eligible',
      qualified: 1,
      unclaimed: 0,
    });

    await fundMember(t, friendB.token, 10);
    const second = json(await claim('invitationactivity', inviter.token));
    expect(second.data).toMatchObject({ reward: '100.00', balance: '200.00' });
    const rows = await bonuses(inviter.id, 'invitationactivity');
    expect(rows.map((r) => r.claim_key)).toEqual([
      `invitationactivity:${inviter.id}:${friendA.id}`,
      `invitationactivity:${inviter.id}:${friendB.id}`,
    ]);
    expect(rows.map((r) => [r.amount_centavos, r.wagering_centavos])).toEqual([
      [10000, 50000],
      [10000, 50000],
    ]);
    await expectPaidByLedger(rows);
    expect(await cashOf(inviter.id)).toBe(20000);
    // The indirect invitee counts for its own inviter (friendA), never for the inviter above.
    expect(json(await check('invitationactivity', friendA.token)).data).toMatchObject({ qualified: 1, unclaimed: 1, reward: '100.00' });
  });
});

describe('treasure chest', () => {
  it('opens the chests reached by qualified invitees, each once, 20 simultaneous claims paying once', async () => {
    const inviter = await registerMember(t.app);
    const invitees: Member[] = [];
    for (let i = 0; i < 3; i += 1) invitees.push(await registerMember(t.app, { invite_code: inviter.user.invite_code }));
    await fundMember(t, invitees[0]!.token, 50);
    await fundMember(t, invitees[1]!.token, '49.99');

    const checked = json(await check('treasurechest', inviter.token)).data;
    expect(checked).toMatchObject({ state: 'eligible', qualified: 1, reward: '5.00', min_recharge: '50.00' });
    expect(checked.steps.map((s: { min: string; reward: string; reached: boolean }) => [s.min, s.reward, s.reached])).toEqual([
      ['1', '5.00', true],
      ['3', '20.00', false],
      ['5', '40.00', false],
      ['10', '100.00', false],
      ['20', '250.00', false],
      ['50', '800.00', false],
    ]);
    const notReached = await claim('treasurechest', inviter.token, { tier: 2 });
    expect(notReached.statusCode).toBe(422);
    expect(json(notReached).message).toBe('Not eligible to receive');

    const responses = await Promise.all(Array.from({ length: 20 }, () => claim('treasurechest', inviter.token, { tier: 1 })));
    expect(statuses(responses)).toEqual([...Array(19).fill(422), 200].sort());
    expect(json(responses.find((r) => r.statusCode === 200)!).data).toMatchObject({ reward: '5.00', wagering: '5.00', balance: '5.00' });
    expect(json(await check('treasurechest', inviter.token)).data).toMatchObject({ state: 'not_eligible', reward: '0.00' });

    await fundMember(t, invitees[1]!.token, 10);
    await fundMember(t, invitees[2]!.token, 60);
    const steps = json(await check('treasurechest', inviter.token)).data.steps;
    expect(steps.slice(0, 2).map((s: { reached: boolean; is_claimed: boolean }) => [s.reached, s.is_claimed])).toEqual([
      [true, true],
      [true, false],
    ]);
    const all = json(await claim('treasurechest', inviter.token));
    expect(all.data).toMatchObject({ reward: '20.00', balance: '25.00' });
    const again = await claim('treasurechest', inviter.token);
    expect(again.statusCode).toBe(422);
    expect(errorCode(again)).toBe('ALREADY_CLAIMED');

    const rows = await bonuses(inviter.id, 'treasurechest');
    expect(rows.map((r) => [r.claim_key, r.amount_centavos])).toEqual([
      [`treasurechest:${inviter.id}:1`, 500],
      [`treasurechest:${inviter.id}:2`, 2000],
    ]);
    await expectPaidByLedger(rows);
    expect(await cashOf(inviter.id)).toBe(2500);
  });
});

describe('mystery bonus', () => {
  it('opens once a week for 200.00 recharged in 7 days, an amount between 2.00 and 50.00 from the fair draw', async () => {
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '199.99');
    expect(json(await check('mystery', m.token)).data).toMatchObject({
      state: 'no_topups',
      recharge_amount: '199.99',
      min_recharge: '200.00',
    });
    const early = await claim('mystery', m.token);
    expect(json(early).message).toBe('No eligible top-ups');

    await fundMember(t, m.token, 10);
    const week = weekStart(saoPauloDay());
    expect(json(await check('mystery', m.token)).data).toMatchObject({
      state: 'eligible',
      message: 'Open your mystery bonus: from R$2.00 to R$50.00',
      reward: '50.00',
      period: week,
    });
    const responses = await Promise.all(Array.from({ length: 20 }, () => claim('mystery', m.token)));
    expect(statuses(responses)).toEqual([...Array(19).fill(422), 200].sort());
    const rows = await bonuses(m.id, 'mystery');
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.claim_key).toBe(`mystery:${m.id}:${week}`);
    expect(row.amount_centavos).toBeGreaterThanOrEqual(200);
    expect(row.amount_centavos).toBeLessThanOrEqual(5000);
    expect(json(responses.find((r) => r.statusCode === 200)!).data.reward).toBe(reais(row.amount_centavos));
    expect(JSON.parse(row.detail_json ?? '{}')).toMatchObject({ week, nonce: 0 });
    expect(await cashOf(m.id)).toBe(20999 + row.amount_centavos);
    await expectPaidByLedger(rows);
    expect(json(await check('mystery', m.token)).data.state).toBe('claimed');
  });
});

describe('redeem codes', () => {
  async function addCode(
    siteId: number,
    values: Partial<{ code: string; amount_centavos: number; max_uses: number; wagering_multiple: number }> & Record<string, unknown> = {},
  ) {
    const code = `C${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    return t.ctx.db
      .insertInto('redeem_codes')
      .values({
        site_id: siteId,
        code,
        amount_centavos: 1000,
        wagering_multiple: 2,
        max_uses: 100,
        used_count: 0,
        min_vip_level: 0,
        starts_at: null,
        ends_at: null,
        enabled: 1,
        created_at: nowIso(),
        ...values,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  it('answers eligible with reward 0 before a code is typed, and asks for the code', async () => {
    const m = await registerMember(t.app);
    expect(json(await check('redeemcode', m.token)).data).toMatchObject({ state: 'eligible', reward: '0.00' });
    const missing = await claim('redeemcode', m.token);
    expect(missing.statusCode).toBe(422);
    expect(json(missing).errors?.code).toBeDefined();
  });

  it('pays the code amount with its own wagering, case-insensitive and trimmed, once per member', async () => {
    const m = await registerMember(t.app);
    const siteId = (await memberRow(m.id)).site_id;
    const code = await addCode(siteId, { amount_centavos: 1234, wagering_multiple: 3 });
    const before = await memberRow(m.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => claim('redeemcode', m.token, { code: `  ${code.code.toLowerCase()} ` })),
    );
    expect(statuses(responses)).toEqual([...Array(19).fill(422), 200].sort());
    expect(json(responses.find((r) => r.statusCode === 200)!).data).toMatchObject({ reward: '12.34', wagering: '37.02', balance: '12.34' });
    for (const refused of responses.filter((r) => r.statusCode !== 200)) expect(errorCode(refused)).toBe('ALREADY_CLAIMED');
    expect((await memberRow(m.id)).wagering_required_centavos - before.wagering_required_centavos).toBe(3702);
    const rows = await bonuses(m.id, 'redeemcode');
    expect(rows.map((r) => r.claim_key)).toEqual([`redeemcode:${code.id}:${m.id}`]);
    await expectPaidByLedger(rows);
    const stored = await t.ctx.db.selectFrom('redeem_codes').select('used_count').where('id', '=', code.id).executeTakeFirstOrThrow();
    expect(stored.used_count).toBe(1);
  });

  it('pays a code with max_uses 3 exactly 3 times when 10 members use it at once', async () => {
    const members: Member[] = [];
    for (let i = 0; i < 10; i += 1) members.push(await registerMember(t.app));
    const siteId = (await memberRow(members[0]!.id)).site_id;
    const code = await addCode(siteId, { max_uses: 3, amount_centavos: 500 });
    const responses = await Promise.all(members.map((m) => claim('redeemcode', m.token, { code: code.code })));
    expect(statuses(responses)).toEqual([...Array(7).fill(422), 200, 200, 200].sort());
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(json(refused).message).toBe('This code has been fully redeemed');
    }
    const rows = await t.ctx.db.selectFrom('bonus_credits').selectAll().where('claim_key', 'like', `redeemcode:${code.id}:%`).execute();
    expect(rows).toHaveLength(3);
    await expectPaidByLedger(rows);
    const cash = await Promise.all(members.map((m) => cashOf(m.id)));
    expect(cash.filter((c) => c === 500)).toHaveLength(3);
    expect(cash.filter((c) => c === 0)).toHaveLength(7);
    const stored = await t.ctx.db.selectFrom('redeem_codes').select('used_count').where('id', '=', code.id).executeTakeFirstOrThrow();
    expect(stored.used_count).toBe(3);
  });

  it('refuses unknown, disabled, expired, future and other-site codes, and VIP-gated codes below the level', async () => {
    const m = await registerMember(t.app);
    const siteId = (await memberRow(m.id)).site_id;
    const disabled = await addCode(siteId, { enabled: 0 });
    const expired = await addCode(siteId, { ends_at: new Date(Date.now() - 1000).toISOString() });
    const future = await addCode(siteId, { starts_at: new Date(Date.now() + 3_600_000).toISOString() });
    const otherSite = await t.ctx.db
      .insertInto('sites')
      .values({
        name: 'other',
        host: 'other.example',
        brand_name: 'Other',
        default_lang: 'pt',
        support_url: '',
        logo_url: '',
        social_links: '[]',
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await addCode(otherSite.id);
    for (const typed of ['NOPE-123', disabled.code, expired.code, future.code, foreign.code]) {
      const response = await claim('redeemcode', m.token, { code: typed });
      expect(response.statusCode).toBe(422);
      expect(json(response).message).toBe('This code is not valid');
    }
    const vip = await addCode(siteId, { min_vip_level: 3 });
    const gated = await claim('redeemcode', m.token, { code: vip.code });
    expect(gated.statusCode).toBe(403);
    expect(json(gated)).toMatchObject({ message: 'user not eligible for this reward', error_code: 'UPGRADE_REQUIRED' });
    expect(await bonuses(m.id, 'redeemcode')).toEqual([]);
    expect(await cashOf(m.id)).toBe(0);
    const untouched = await t.ctx.db.selectFrom('redeem_codes').select('used_count').where('id', '=', vip.id).executeTakeFirstOrThrow();
    expect(untouched.used_count).toBe(0);
  });
});

describe('the overview and the books', () => {
  it("lists part B's activities with their pages", async () => {
    const m = await registerMember(t.app);
    const list = json(await t.app.inject({ method: 'GET', url: `${API.activitiesOverview}?lang=pt`, headers: bearer(m.token) })).data as {
      type: string;
      route: string;
      title: string;
    }[];
    const byType = new Map(list.map((item) => [item.type, item]));
    expect(byType.get('treasurechest')).toMatchObject({ route: '/bau-do-tesouro', title: 'Baú do tesouro' });
    expect(byType.get('mystery')).toMatchObject({ route: '/misterioso', title: 'Bônus misterioso' });
    expect(byType.get('redeemcode')).toMatchObject({ route: '/resgatar', title: 'Resgatar código' });
    expect(byType.get('lotterywheel')?.route).toBe('/promotion/activity/lottery-wheel');
  });

  it('leaves the ledger balanced after every claim above', async () => {
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
    const bonusTotal = await t.ctx.db
      .selectFrom('bonus_credits')
      .select((eb) => eb.fn.sum<number | string>('amount_centavos').as('total'))
      .executeTakeFirstOrThrow();
    const expense = await t.ctx.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select((eb) => eb.fn.sum<number | string>('e.amount_centavos').as('total'))
      .where('a.kind', '=', 'promotions_expense')
      .where('a.member_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(expense.total)).toBe(-Number(bonusTotal.total));
  });
});
