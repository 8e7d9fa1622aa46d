import { centavos } from '@casino/shared/money';
import { createHmac, randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { cents, houseTestApp, player } from '../features/house-games/house.test-helpers.ts';
import { verifyLedger } from '../platform/ledger/ledger-verify.ts';
import { house, rebate } from '../platform/ledger/ledger.service.ts';
import { transfer } from '../platform/ledger/transfer.ts';
import { newEndToEndId, signWebhook } from '../features/payments/psp.ts';
import { createFixture, selectionOf } from '../features/sports/bets/test-fixtures.ts';
import { cashOf, fund, QK_PWD, readyMember } from '../features/withdrawals/withdrawals.test-helpers.ts';
import { addDays, dayRange, saoPauloDay, weekStart } from '../lib/sao-paulo.ts';
import { fundMember } from './promotions-helpers.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from './test-app.ts';

/**
 * The race suite (issue 10): concurrent requests at every money route, over HTTP through
 * buildApp, on SQLite and PostgreSQL: the seamless wallet (bet, win, rollback, betwin under one
 * tx_id), deposits and the PIX webhook, withdrawals (beyond the balance, under one idempotency key)
 * and their review, balance adjustments, the house games (instant, mines, crash, double), the
 * sportsbook (placement under one request_id, cash-out, result entry), every promotion claim, the
 * rebate claim and the agency settlement. A request that loses a race answers a 4xx result code (a
 * duplicate, a replay, insufficient funds, already claimed); none may answer 5xx, money moves once,
 * and every ledger invariant holds after each test.
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
afterEach(async () => {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
});

const RACERS = 20;

/** Fires `count` requests at once; answers them in order, after checking that none is a 5xx. */
async function race(count: number, request: (i: number) => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: count }, (_, i) => request(i)));
  expect(
    responses.filter((r) => r.statusCode >= 500).map((r) => r.body),
    'no request may answer 5xx',
  ).toEqual([]);
  return responses;
}

const ok = (responses: LightMyRequestResponse[]) => responses.filter((r) => r.statusCode === 200);
const refused = (responses: LightMyRequestResponse[]) => responses.filter((r) => r.statusCode !== 200);
/** The distinct error codes of refused answers. */
const codes = (responses: LightMyRequestResponse[]) => [...new Set(refused(responses).map((r) => json(r).error_code))].sort();

/** One POST with a member's or an operator's token, answers in English. */
function call(url: string, token: string | undefined, payload: unknown = {}, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${url}?lang=en`,
    payload: payload as object,
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });
}

let seq = 0;
const uid = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}-${++seq}`;

// ---- the seamless wallet ------------------------------------------------------------------------

const GAME = 'sandbox-tigre-sortudo';

/** One callback signed as docs/SEAMLESS-WALLET.md says (a fresh nonce each time, like a provider's retry). */
async function seamless(action: string, body: Record<string, unknown>) {
  const provider = await t.ctx.db
    .selectFrom('game_providers')
    .select('wallet_secret')
    .where('plat_type', '=', 'sandbox')
    .executeTakeFirstOrThrow();
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(12).toString('hex');
  const signature = createHmac('sha256', provider.wallet_secret!).update(`${timestamp}.${nonce}.${raw}`).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: API.seamless('sandbox', action),
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-timestamp': timestamp, 'x-nonce': nonce },
  });
}

const walletStatus = (r: LightMyRequestResponse) => (r.json() as { status: string }).status;
const walletStatuses = (responses: LightMyRequestResponse[]) => responses.map(walletStatus);
const count = (values: string[], value: string) => values.filter((v) => v === value).length;

/** A member with cash and a launch session of the sandbox game (the token the provider holds). */
async function gamePlayer(centavos = 100_000) {
  const member = await registerMember(t.app);
  await fund(t, member.id, centavos);
  const launch = await t.app.inject({ method: 'POST', url: API.day7Login, payload: { game_code: GAME }, headers: bearer(member.token) });
  const token = new URL(json(launch).data.url, 'http://x').searchParams.get('token')!;
  return { id: member.id, token };
}

describe('seamless wallet: one transaction id from many requests at once', () => {
  it('a bet retried 20 times at once takes the stake once; every answer is OK, one of them new', async () => {
    const p = await gamePlayer();
    const body = { token: p.token, tx_id: uid('bet'), round_id: uid('round'), game_code: GAME, amount: 500 };
    const responses = await race(RACERS, () => seamless('bet', body));
    expect(walletStatuses(responses)).toEqual(Array(RACERS).fill('OK'));
    expect(responses.filter((r) => r.json().replayed === false)).toHaveLength(1);
    expect(await cashOf(t, p.id)).toBe(100_000 - 500);
  });

  it('one bet id with 20 different amounts applies one and answers DUPLICATE_TRANSACTION (409) to the others', async () => {
    const p = await gamePlayer();
    const txId = uid('bet');
    const round = uid('round');
    const responses = await race(RACERS, (i) =>
      seamless('bet', { token: p.token, tx_id: txId, round_id: round, game_code: GAME, amount: 100 + i }),
    );
    const statuses = walletStatuses(responses);
    expect(count(statuses, 'OK')).toBe(1);
    expect(count(statuses, 'DUPLICATE_TRANSACTION')).toBe(RACERS - 1);
    expect(refused(responses).every((r) => r.statusCode === 409)).toBe(true);
    const applied = 100 + statuses.indexOf('OK');
    expect(await cashOf(t, p.id)).toBe(100_000 - applied);
  });

  it('a win retried 20 times at once, and one win id with 20 amounts, pay once', async () => {
    const p = await gamePlayer();
    const round = uid('round');
    await seamless('bet', { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 1_000 });
    const win = { token: p.token, tx_id: uid('win'), round_id: round, game_code: GAME, amount: 2_500, round_closed: false };
    const same = await race(RACERS, () => seamless('win', win));
    expect(walletStatuses(same)).toEqual(Array(RACERS).fill('OK'));
    expect(same.filter((r) => r.json().replayed === false)).toHaveLength(1);

    const txId = uid('win');
    const different = await race(RACERS, (i) => seamless('win', { ...win, tx_id: txId, amount: 300 + i }));
    const statuses = walletStatuses(different);
    expect(count(statuses, 'OK')).toBe(1);
    expect(count(statuses, 'DUPLICATE_TRANSACTION')).toBe(RACERS - 1);
    expect(await cashOf(t, p.id)).toBe(100_000 - 1_000 + 2_500 + 300 + statuses.indexOf('OK'));
  });

  it('a lost round closed by a zero win 20 times at once settles once', async () => {
    const p = await gamePlayer();
    const round = uid('round');
    await seamless('bet', { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 700 });
    const close = { token: p.token, tx_id: uid('close'), round_id: round, game_code: GAME, amount: 0 };
    const responses = await race(RACERS, () => seamless('win', close));
    expect(walletStatuses(responses)).toEqual(Array(RACERS).fill('OK'));
    const member = await t.ctx.db.selectFrom('members').select('total_bet_centavos').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(member.total_bet_centavos).toBe(700);
  });

  it('a rollback retried 20 times at once refunds once; 20 rollbacks of one bet under different ids refund once', async () => {
    const p = await gamePlayer();
    const bet = { token: p.token, tx_id: uid('bet'), round_id: uid('round'), game_code: GAME, amount: 900 };
    await seamless('bet', bet);
    const same = await race(RACERS, () => seamless('rollback', { token: p.token, ref_tx_id: bet.tx_id, tx_id: `rb-${bet.tx_id}` }));
    expect(walletStatuses(same)).toEqual(Array(RACERS).fill('OK'));
    expect(same.filter((r) => r.json().replayed === false)).toHaveLength(1);
    expect(await cashOf(t, p.id)).toBe(100_000);

    const other = { ...bet, tx_id: uid('bet'), round_id: uid('round') };
    await seamless('bet', other);
    const many = await race(RACERS, (i) =>
      seamless('rollback', { token: p.token, ref_tx_id: other.tx_id, tx_id: `rb-${i}-${other.tx_id}` }),
    );
    const statuses = walletStatuses(many);
    expect(count(statuses, 'OK')).toBe(1);
    expect(count(statuses, 'BET_ROLLED_BACK')).toBe(RACERS - 1);
    expect(await cashOf(t, p.id)).toBe(100_000);
  });

  it('a rollback of a bet never seen, 20 times at once, is remembered once and refuses the late bet', async () => {
    const p = await gamePlayer();
    const refTxId = uid('ghost');
    const responses = await race(RACERS, () => seamless('rollback', { token: p.token, ref_tx_id: refTxId }));
    expect(walletStatuses(responses)).toEqual(Array(RACERS).fill('UNKNOWN_TRANSACTION'));
    const late = await seamless('bet', { token: p.token, tx_id: refTxId, round_id: uid('round'), game_code: GAME, amount: 100 });
    expect(walletStatus(late)).toBe('BET_ROLLED_BACK');
    expect(await cashOf(t, p.id)).toBe(100_000);
  });

  it('betwin retried 20 times at once moves the stake and the win once', async () => {
    const p = await gamePlayer();
    const body = {
      token: p.token,
      round_id: uid('round'),
      game_code: GAME,
      bet_tx_id: uid('bet'),
      bet_amount: 400,
      win_tx_id: uid('win'),
      win_amount: 1_000,
    };
    const responses = await race(RACERS, () => seamless('betwin', body));
    expect(walletStatuses(responses)).toEqual(Array(RACERS).fill('OK'));
    expect(await cashOf(t, p.id)).toBe(100_000 - 400 + 1_000);
  });

  it('bets, wins and rollbacks of one round arriving together resolve one way, without a deadlock', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const p = await gamePlayer();
      const round = uid('round');
      const first = { token: p.token, tx_id: uid('bet'), round_id: round, game_code: GAME, amount: 1_000 };
      await seamless('bet', first);
      const responses = await race(12, (i) => {
        if (i % 3 === 0) return seamless('bet', { ...first, tx_id: `${first.tx_id}-more-${i}`, amount: 100 });
        if (i % 3 === 1) return seamless('win', { token: p.token, tx_id: `${round}-win`, round_id: round, game_code: GAME, amount: 5_000 });
        return seamless('rollback', { token: p.token, ref_tx_id: first.tx_id });
      });
      const statuses = walletStatuses(responses);
      expect(statuses.every((s) => ['OK', 'BET_ALREADY_SETTLED', 'BET_ROLLED_BACK', 'DUPLICATE_TRANSACTION'].includes(s))).toBe(true);
      // The member's wallet calls run one at a time, so the order of their rows is the order they took effect.
      const rows = await t.ctx.db
        .selectFrom('wallet_transactions')
        .select(['id', 'kind', 'amount_centavos'])
        .where('round_uid', '=', round)
        .orderBy('id')
        .execute();
      const firstWin = rows.findIndex((row) => row.kind === 'win');
      const refund = rows.findIndex((row) => row.kind === 'rollback');
      expect(rows.filter((row) => row.kind === 'win').length).toBeLessThanOrEqual(1);
      expect(rows.filter((row) => row.kind === 'rollback').length).toBeLessThanOrEqual(1);
      // A bet is refunded only while its round has no win.
      if (firstWin >= 0 && refund >= 0) expect(refund).toBeLessThan(firstWin);
      const round_ = await t.ctx.db.selectFrom('game_rounds').selectAll().where('round_uid', '=', round).executeTakeFirstOrThrow();
      const stakes = rows.filter((row) => row.kind === 'bet').reduce((sum, row) => sum + row.amount_centavos, 0);
      const refunded = refund >= 0 ? 1_000 : 0;
      expect(round_.bet_centavos).toBe(stakes - refunded);
      expect(round_.win_centavos).toBe(firstWin >= 0 ? 5_000 : 0);
      expect(await cashOf(t, p.id)).toBe(100_000 - stakes + refunded + round_.win_centavos);
    }
  });
});

// ---- deposits -----------------------------------------------------------------------------------

describe('deposits', () => {
  it('20 deposit orders created at once are each a pending PIX charge, or a 4xx', async () => {
    const m = await registerMember(t.app);
    const channels = json(await t.app.inject({ method: 'GET', url: API.paymentOnlineList, headers: bearer(m.token) })).data;
    const responses = await race(RACERS, () => call(API.rechargeOnline, m.token, { money: '50.00', payment_id: channels.list[0].id }));
    const orders = await t.ctx.db.selectFrom('deposit_orders').select(['order_no', 'status']).where('member_id', '=', m.id).execute();
    expect(orders).toHaveLength(ok(responses).length);
    expect(new Set(ok(responses).map((r) => json(r).data.order_no)).size).toBe(orders.length);
    expect(orders.every((o) => o.status === 'pending')).toBe(true);
  });

  it('one PIX webhook delivered 20 times at once credits the deposit once', async () => {
    const m = await registerMember(t.app);
    const channels = json(await t.app.inject({ method: 'GET', url: API.paymentOnlineList, headers: bearer(m.token) })).data;
    const created = await call(API.rechargeOnline, m.token, { money: '75.00', payment_id: channels.list[0].id });
    const orderNo = json(created).data.order_no as string;
    const order = await t.ctx.db
      .selectFrom('deposit_orders')
      .select(['psp_txid'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      pix: [{ endToEndId: newEndToEndId(), txid: order.psp_txid, valor: '75.00', horario: new Date().toISOString() }],
    });
    const timestamp = Date.now();
    const headers = {
      'content-type': 'application/json',
      'x-sandbox-timestamp': String(timestamp),
      'x-sandbox-signature': signWebhook(t.ctx.webhookSecret, timestamp, body),
    };
    await race(RACERS, () => t.app.inject({ method: 'POST', url: API.pixWebhook, payload: body, headers }));
    expect(await cashOf(t, m.id)).toBe(7_500);
    const credits = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('idempotency_key', '=', `deposit:${orderNo}`)
      .execute();
    expect(credits).toHaveLength(1);
  });
});

// ---- withdrawals and their review ---------------------------------------------------------------

describe('withdrawals', () => {
  const draw = (token: string, body: Record<string, unknown>, key?: string) =>
    call(API.drawing, token, { qk_pwd: QK_PWD, ...body }, key ? { 'idempotency-key': key } : {});

  it('20 withdrawals at once beyond the balance: at most what the balance and the open limit allow, the rest 4xx', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const responses = await race(RACERS, () => draw(m.token, { money: '40.00', member_bank_id: m.bankId }));
    expect(ok(responses)).toHaveLength(2);
    expect(codes(responses)).toEqual(['INSUFFICIENT_FUNDS']);
    expect(await cashOf(t, m.id)).toBe(2_000);
  });

  it('20 retries under one Idempotency-Key make one withdrawal; another body under it is 409', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const key = uid('withdrawal-key');
    const responses = await race(RACERS, (i) => draw(m.token, { money: i % 2 === 0 ? '30.00' : '31.00', member_bank_id: m.bankId }, key));
    const orderNos = new Set(ok(responses).map((r) => json(r).data.order_no));
    expect(orderNos.size).toBe(1);
    expect(codes(responses)).toEqual(['IDEMPOTENCY_KEY_REUSED']);
    const rows = await t.ctx.db.selectFrom('withdrawals').select('amount_centavos').where('member_id', '=', m.id).execute();
    expect(rows).toHaveLength(1);
    expect(await cashOf(t, m.id)).toBe(10_000 - rows[0]!.amount_centavos);
  });

  it('operators approving and rejecting one withdrawal at once: one decision stands', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const asked = await draw(m.token, { money: '50.00', member_bank_id: m.bankId });
    const row = await t.ctx.db
      .selectFrom('withdrawals')
      .select('id')
      .where('order_no', '=', json(asked).data.order_no)
      .executeTakeFirstOrThrow();
    const responses = await race(RACERS, (i) =>
      i % 2 === 0
        ? call(API.admin.approveWithdrawal(row.id), admin)
        : call(API.admin.rejectWithdrawal(row.id), admin, { reason: 'Conta divergente' }),
    );
    expect(ok(responses)).toHaveLength(1);
    expect(codes(responses)).toEqual(['WITHDRAWAL_NOT_PENDING']);
    const after = await t.ctx.db.selectFrom('withdrawals').select('status').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(['paid', 'rejected']).toContain(after.status);
    expect(await cashOf(t, m.id)).toBe(after.status === 'paid' ? 5_000 : 10_000);
  });
});

// ---- back office balance adjustments ------------------------------------------------------------

describe('balance adjustments', () => {
  const adjust = (memberId: number, body: Record<string, unknown>, key: string) =>
    call(API.admin.adjust(memberId), admin, body, { 'idempotency-key': key });

  it('20 debits at once never take a balance below zero; one key posts once, another amount under it is 409', async () => {
    const m = await registerMember(t.app);
    await fund(t, m.id, 10_000);
    const debits = await race(RACERS, () => adjust(m.id, { direction: 'debit', amount: '30.00', reason: 'Correção' }, uid('adj')));
    expect(ok(debits)).toHaveLength(3);
    expect(codes(debits)).toEqual(['INSUFFICIENT_FUNDS']);
    expect(await cashOf(t, m.id)).toBe(1_000);

    const key = uid('adj');
    const credits = await race(RACERS, (i) =>
      adjust(m.id, { direction: 'credit', amount: i % 2 === 0 ? '10.00' : '11.00', reason: 'Bônus manual' }, key),
    );
    expect(codes(credits)).toEqual(['CONFLICT']);
    const moved = await t.ctx.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
      .select('ledger_entries.amount_centavos')
      .where('ledger_transfers.idempotency_key', '=', `adjustment:${key}`)
      .where('ledger_entries.amount_centavos', '>', 0)
      .execute();
    expect(moved).toHaveLength(1);
    expect(await cashOf(t, m.id)).toBe(1_000 + moved[0]!.amount_centavos);
  });
});

// ---- house games --------------------------------------------------------------------------------

describe('house games', () => {
  const bets: [string, string, Record<string, unknown>][] = [
    ['dice', API.house.dice, { amount: '30.00', target: '50', direction: 'over' }],
    ['plinko', API.house.plinko, { amount: '30.00', rows: 8, risk: 'low' }],
    ['roulette', API.house.roulette, { bets: [{ type: 'red', amount: '30.00' }] }],
    ['fruit-frenzy', API.house.slot('fruit-frenzy'), { amount: '30.00' }],
    ['carnaval-20', API.house.slot('carnaval-20'), { amount: '30.00' }],
  ];

  it.each(bets)('%s: 20 bets at once beyond the balance never overdraw it; refusals are INSUFFICIENT_FUNDS', async (_game, url, body) => {
    const m = await registerMember(t.app);
    await fund(t, m.id, 10_000);
    const responses = await race(RACERS, () => call(url, m.token, body));
    expect(ok(responses).length).toBeGreaterThanOrEqual(3);
    expect(codes(responses).filter((c) => c !== 'INSUFFICIENT_FUNDS')).toEqual([]);
    const won = ok(responses).reduce((sum, r) => sum + cents(json(r).data.win) - cents(json(r).data.amount), 0);
    expect(await cashOf(t, m.id)).toBe(10_000 + won);
  });

  it('mines: 20 starts at once open one board; 20 cash-outs of it pay once', async () => {
    const m = await registerMember(t.app);
    await fund(t, m.id, 10_000);
    const starts = await race(RACERS, () => call(API.house.minesStart, m.token, { amount: '10.00', mines: 1 }));
    expect(ok(starts)).toHaveLength(1);
    expect(codes(starts)).toEqual(['ROUND_IN_PROGRESS']);
    // One mine in 25 tiles: reveal tile 0 until a board lets it through (a busted board starts again).
    let safe = json(await call(API.house.minesReveal, m.token, { tile: 0 })).data?.round?.status === 'playing';
    for (let attempt = 0; !safe && attempt < 10; attempt += 1) {
      expect((await call(API.house.minesStart, m.token, { amount: '10.00', mines: 1 })).statusCode).toBe(200);
      safe = json(await call(API.house.minesReveal, m.token, { tile: 0 })).data?.round?.status === 'playing';
    }
    expect(safe).toBe(true);
    const cashouts = await race(RACERS, () => call(API.house.minesCashout, m.token));
    expect(ok(cashouts)).toHaveLength(1);
    expect(codes(cashouts)).toEqual(['ALREADY_CASHED_OUT']);
    const rounds = await t.ctx.db.selectFrom('game_rounds').select(['status', 'win_centavos']).where('member_id', '=', m.id).execute();
    expect(rounds.every((r) => r.status === 'settled')).toBe(true);
    const won = rounds.reduce((sum, r) => sum + r.win_centavos, 0);
    expect(await cashOf(t, m.id)).toBe(10_000 - 1_000 * rounds.length + won);
  });
});

// ---- the sportsbook -----------------------------------------------------------------------------

describe('sportsbook', () => {
  const slipOf = async (stake: string) => {
    const fixture = await createFixture(t.ctx.db, {}, [
      {
        selections: [
          { code: 'home', odds: 210, probabilityPpm: 450_000 },
          { code: 'draw', odds: 340, probabilityPpm: 280_000 },
          { code: 'away', odds: 360, probabilityPpm: 270_000 },
        ],
      },
    ]);
    return {
      fixture,
      body: {
        kind: 'single',
        stake,
        accept_odds: 'none',
        selections: [{ selection_id: selectionOf(fixture, '1x2', 'home'), odds: '2.10' }],
      },
    };
  };

  it('one request_id placed 20 times at once stakes once; another slip under it is 409', async () => {
    const m = await registerMember(t.app);
    await fund(t, m.id, 10_000);
    const { body } = await slipOf('10.00');
    const requestId = uid('slip');
    const same = await race(RACERS, () => call(API.sports.place, m.token, { ...body, request_id: requestId }));
    expect(ok(same)).toHaveLength(RACERS);
    expect(new Set(same.map((r) => json(r).data.bets[0].bet_no)).size).toBe(1);
    expect(await cashOf(t, m.id)).toBe(9_000);

    const otherId = uid('slip');
    const different = await race(RACERS, (i) => call(API.sports.place, m.token, { ...body, stake: `${10 + i}.00`, request_id: otherId }));
    expect(ok(different).length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok(different).map((r) => json(r).data.bets[0].bet_no)).size).toBe(1);
    expect(codes(different)).toEqual(['CONFLICT']);
    const bets = await t.ctx.db.selectFrom('sport_bets').select('stake_centavos').where('member_id', '=', m.id).execute();
    expect(bets).toHaveLength(2);
    expect(await cashOf(t, m.id)).toBe(10_000 - bets.reduce((sum, b) => sum + b.stake_centavos, 0));
  });

  it('20 slips at once beyond the balance never overdraw it', async () => {
    const m = await registerMember(t.app);
    await fund(t, m.id, 5_000);
    const { body } = await slipOf('20.00');
    const responses = await race(RACERS, () => call(API.sports.place, m.token, { ...body, request_id: uid('slip') }));
    expect(ok(responses)).toHaveLength(2);
    expect(codes(responses)).toEqual(['INSUFFICIENT_FUNDS']);
    expect(await cashOf(t, m.id)).toBe(1_000);
  });

  it('20 cash-outs of one bet at once pay once; 10 result entries of its match at once settle it once', async () => {
    const m = await registerMember(t.app);
    await fund(t, m.id, 10_000);
    const { fixture, body } = await slipOf('10.00');
    const placed = await call(API.sports.place, m.token, { ...body, request_id: uid('slip') });
    const betNo = json(placed).data.bets[0].bet_no as string;
    const mine = json(await call(API.sports.myBets, m.token, { page_size: 100 })).data.list.find((b: any) => b.bet_no === betNo);
    const cashouts = await race(RACERS, () => call(API.sports.cashout, m.token, { bet_no: betNo, amount: mine.cashout }));
    expect(ok(cashouts)).toHaveLength(1);
    expect(await cashOf(t, m.id)).toBe(9_000 + cents(mine.cashout));

    const second = await call(API.sports.place, m.token, { ...body, request_id: uid('slip') });
    expect(second.statusCode).toBe(200);
    const before = await cashOf(t, m.id);
    await t.ctx.db
      .updateTable('fixtures')
      .set({ starts_at: new Date(Date.now() - 7_200_000).toISOString() })
      .where('id', '=', fixture.id)
      .execute();
    await race(10, () => call(API.admin.sportsFixtureResult(fixture.id), admin, { home_score: 2, away_score: 0 }));
    const settled = await t.ctx.db
      .selectFrom('sport_bets')
      .select(['status', 'paid_centavos'])
      .where('bet_no', '=', json(second).data.bets[0].bet_no)
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'won', paid_centavos: 2_100 });
    expect(await cashOf(t, m.id)).toBe(before + 2_100);
  });
});

// ---- promotions, rebates, the agency ------------------------------------------------------------

describe('promotions', () => {
  const claim = (type: string, token: string, body: Record<string, unknown> = {}) => call(API.activity(type, 'claim'), token, body);
  const bonusesOf = (memberId: number, source: string) =>
    t.ctx.db
      .selectFrom('bonus_credits')
      .select(['claim_key', 'amount_centavos'])
      .where('member_id', '=', memberId)
      .where('source', '=', source)
      .execute();
  const insertStats = (memberId: number, day: string, category: string, betCentavos: number, winCentavos: number) =>
    t.ctx.db
      .insertInto('member_daily_stats')
      .values({ member_id: memberId, day, category, bet_centavos: betCentavos, win_centavos: winCentavos, rounds: 1 })
      .execute();

  /** Fires 20 claims at once; each bonus row is paid once, and the member's cash grew by exactly the rows. */
  async function claimRace(type: string, memberId: number, token: string, body: Record<string, unknown> = {}) {
    const before = await cashOf(t, memberId);
    const responses = await race(RACERS, () => claim(type, token, body));
    const rows = await bonusesOf(memberId, type);
    expect(new Set(rows.map((r) => r.claim_key)).size).toBe(rows.length);
    expect(ok(responses).length).toBeLessThanOrEqual(Math.max(rows.length, 1));
    expect(await cashOf(t, memberId)).toBe(before + rows.reduce((sum, r) => sum + r.amount_centavos, 0));
    return { responses, rows };
  }

  it('deposit bonuses (first deposit, welcome, recharge rebate) claimed 20 times at once, alone and together', async () => {
    for (const type of ['ftd', 'welcome', 'rechargerebate']) {
      const m = await registerMember(t.app);
      await fundMember(t, m.token, '100.00');
      const { rows } = await claimRace(type, m.id, m.token);
      expect(rows).toHaveLength(1);
    }
    // All three for one deposit at once: one bonus per deposit unless the site stacks them.
    const m = await registerMember(t.app);
    await fundMember(t, m.token, '100.00');
    const before = await cashOf(t, m.id);
    const types = ['ftd', 'welcome', 'rechargerebate'];
    await race(21, (i) => claim(types[i % 3]!, m.token));
    const rows = (await Promise.all(types.map((type) => bonusesOf(m.id, type)))).flat();
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(3);
    expect(await cashOf(t, m.id)).toBe(before + rows.reduce((sum, r) => sum + r.amount_centavos, 0));
  });

  it('the daily and lottery wheels: 20 spins at once pay the spins the member has', async () => {
    const m = await readyMember(t);
    await fundMember(t, m.token, '100.00');
    expect((await claimRace('dailywheel', m.id, m.token)).rows).toHaveLength(1);
    const lottery = await claimRace('lotterywheel', m.id, m.token);
    // The free daily spin (CPF on file) and one for the recharge of 100.00.
    expect(lottery.rows).toHaveLength(2);
    expect(ok(lottery.responses)).toHaveLength(2);
  });

  it('loss relief, weekly reward and mystery bonus: 20 claims at once pay once', async () => {
    const m = await registerMember(t.app);
    const today = saoPauloDay();
    await insertStats(m.id, addDays(today, -1), 'slots', 50_000, 0);
    await insertStats(m.id, addDays(weekStart(today), -7), 'live', 600_000, 0);
    await fundMember(t, m.token, '250.00');
    for (const type of ['dailyrescue', 'weekly', 'mystery']) {
      const { rows, responses } = await claimRace(type, m.id, m.token);
      expect(rows, type).toHaveLength(1);
      expect(ok(responses), type).toHaveLength(1);
    }
  });

  it('invitation reward, treasure chest and a redeem code: 20 claims at once pay once', async () => {
    const inviter = await registerMember(t.app);
    const friend = await registerMember(t.app, { invite_code: inviter.user.invite_code });
    await fundMember(t, friend.token, '100.00');
    expect((await claimRace('invitationactivity', inviter.id, inviter.token)).rows).toHaveLength(1);
    expect((await claimRace('treasurechest', inviter.id, inviter.token, { tier: 1 })).rows).toHaveLength(1);

    const member = await t.ctx.db.selectFrom('members').select('site_id').where('id', '=', inviter.id).executeTakeFirstOrThrow();
    const code = `RACE${randomBytes(4).toString('hex').toUpperCase()}`;
    await t.ctx.db
      .insertInto('redeem_codes')
      .values({
        site_id: member.site_id,
        code,
        amount_centavos: 700,
        wagering_multiple: 1,
        max_uses: 5,
        used_count: 0,
        min_vip_level: 0,
        starts_at: null,
        ends_at: null,
        enabled: 1,
        created_at: nowIso(),
      })
      .execute();
    expect((await claimRace('redeemcode', inviter.id, inviter.token, { code })).rows).toHaveLength(1);
    // Ten members at once on a code with 5 uses left: 4 more are paid.
    const others = await Promise.all(Array.from({ length: 10 }, () => registerMember(t.app)));
    const responses = await race(10, (i) => claim('redeemcode', others[i]!.token, { code }));
    expect(ok(responses)).toHaveLength(4);
  });

  it('the rebate (fs_money) claimed 20 times at once moves into cash once', async () => {
    const m = await registerMember(t.app);
    const accrued = await transfer(t.ctx.db, {
      key: uid('rebate-accrual'),
      code: 'rebate_accrual',
      lines: [
        { account: house('promotions_expense'), amountCentavos: centavos(-1_234) },
        { account: rebate(m.id), amountCentavos: centavos(1_234) },
      ],
    });
    expect(accrued.ok).toBe(true);
    const responses = await race(RACERS, () => call(API.rebates.claim, m.token));
    expect(ok(responses)).toHaveLength(1);
    expect(await cashOf(t, m.id)).toBe(1_234);
  });

  it("one day's agency settlement run 10 times at once pays each commission once", async () => {
    const agent = await registerMember(t.app);
    const friend = await registerMember(t.app, { invite_code: agent.user.invite_code });
    await fundMember(t, friend.token, '300.00');
    const yesterday = addDays(saoPauloDay(), -1);
    const noon = new Date(Date.parse(dayRange(yesterday).start) + 12 * 3_600_000).toISOString();
    await t.ctx.db.updateTable('deposit_orders').set({ credited_at: noon }).where('member_id', '=', friend.id).execute();
    const responses = await race(10, () => call(API.admin.agencySettle, admin, { day: yesterday }));
    expect(ok(responses).length).toBeGreaterThanOrEqual(1);
    const paid = await t.ctx.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select(['ledger_transfers.idempotency_key', 'ledger_entries.amount_centavos'])
      .where('ledger_transfers.idempotency_key', 'like', `bonus:agency:%:${yesterday}:%`)
      .where('ledger_accounts.member_id', '=', agent.id)
      .execute();
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(new Set(paid.map((p) => p.idempotency_key)).size).toBe(paid.length);
    expect(await cashOf(t, agent.id)).toBe(paid.reduce((sum, p) => sum + p.amount_centavos, 0));
  });
});

// ---- crash and double (their own server, with the shared rounds running) ------------------------

describe('crash and double', { timeout: 90_000 }, () => {
  let shared: TestApp;
  beforeAll(async () => {
    shared = await houseTestApp({
      SHARED_ROUNDS: 'on',
      CRASH_BETTING_MS: '3000',
      CRASH_PAUSE_MS: '100',
      CRASH_TICK_MS: '20',
      CRASH_SPEED: '20',
      DOUBLE_BETTING_MS: '3000',
      DOUBLE_SPIN_MS: '200',
      DOUBLE_PAUSE_MS: '100',
    });
  });
  afterAll(async () => {
    expect(await verifyLedger(shared.ctx.db)).toEqual([]);
    await shared.close();
  });

  const sharedCall = (url: string, token: string, payload: unknown = {}) =>
    shared.app.inject({ method: 'POST', url: `${url}?lang=en`, payload: payload as object, headers: bearer(token) });
  const sharedState = async (url: string) => json(await shared.app.inject({ method: 'GET', url })).data;
  async function bettingWindow(url: string) {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const state = await sharedState(url);
      // The scheduler may not have opened its first round yet (PostgreSQL elects a leader first).
      // Twenty requests at once on a busy machine (the suite runs three files at a time) take
      // well over a second: the race starts with two seconds of window left.
      if (state?.phase === 'betting' && state.betting_ends_at - Date.now() > 2_000) return state;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no betting window on ${url}`);
  }
  async function sharedRace(count: number, request: (i: number) => Promise<LightMyRequestResponse>) {
    const responses = await Promise.all(Array.from({ length: count }, (_, i) => request(i)));
    expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    return responses;
  }

  it('crash: 20 bets of one member in one round take one stake; 20 cash-outs pay at most once', async () => {
    const p = await player(shared, 10_000);
    await bettingWindow(API.house.crashState);
    const bets = await sharedRace(RACERS, () => sharedCall(API.house.crashBet, p.token, { amount: '10.00' }));
    expect(ok(bets)).toHaveLength(1);
    expect(codes(bets)).toEqual(['ALREADY_BET']);
    expect(await cashOf(shared, p.id)).toBe(9_000);
    const roundId = json(ok(bets)[0]!).data.round_id as number;
    for (let i = 0; i < 500; i += 1) {
      const state = await sharedState(API.house.crashState);
      if (state?.round_id !== roundId || state.phase === 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cashouts = await sharedRace(RACERS, () => sharedCall(API.house.crashCashout, p.token));
    expect(ok(cashouts).length).toBeLessThanOrEqual(1);
  });

  it('double: 20 bets on one colour take one stake, bets on three colours one each', async () => {
    const p = await player(shared, 10_000);
    await bettingWindow(API.house.doubleState);
    const same = await sharedRace(RACERS, () => sharedCall(API.house.doubleBet, p.token, { amount: '5.00', color: 'red' }));
    expect(ok(same)).toHaveLength(1);
    expect(codes(same)).toEqual(['ALREADY_BET']);
    const q = await player(shared, 10_000);
    await bettingWindow(API.house.doubleState);
    const colours = ['red', 'black', 'white'] as const;
    const mixed = await sharedRace(21, (i) => sharedCall(API.house.doubleBet, q.token, { amount: '5.00', color: colours[i % 3] }));
    const accepted = ok(mixed).map((r) => json(r).data.color as string);
    expect(accepted.sort()).toEqual(['black', 'red', 'white']);
    expect(codes(mixed)).toEqual(['ALREADY_BET']);
  });
});
