import { createHmac, randomBytes } from 'node:crypto';
import { API } from '@casino/shared/api-paths';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../features/ledger/ledger-verify.ts';
import { cashOf, fund } from '../features/withdrawals/withdrawals.test-helpers.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from './test-app.ts';

/**
 * The race suite (issue 10): concurrent requests at every money route, over HTTP through
 * buildApp, on SQLite and PostgreSQL. A request that loses a race answers a 4xx result code (a
 * duplicate, a replay, insufficient funds, already claimed); none may answer 5xx, money moves once,
 * and every ledger invariant holds after each test.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

const refused = (responses: LightMyRequestResponse[]) => responses.filter((r) => r.statusCode !== 200);

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
