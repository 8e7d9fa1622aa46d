import { centavos } from '@casino/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/database.ts';
import { createTestApp, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { cash, house } from '../../platform/ledger/ledger.service.ts';
import { transfer } from '../../platform/ledger/transfer.ts';
import { credit, debit, type RoundRef, rollback, runWallet, settleLost } from './wallet.service.ts';

/**
 * The wallet core against a real database (SQLite and PostgreSQL): the idempotency and ordering
 * rules aggregators rely on, and the stake counting once as a valid bet.
 */

let t: TestApp;
let providerId: number;
let gameId: number;
const PLAT = 'wallet-core-test';

beforeAll(async () => {
  t = await createTestApp();
  const now = nowIso();
  const provider = await t.ctx.db
    .insertInto('game_providers')
    .values({
      plat_type: PLAT,
      name: 'Wallet test',
      kind: 'external',
      launch_url: null,
      wallet_secret: null,
      logo_url: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  providerId = provider.id;
  const game = await t.ctx.db
    .insertInto('games')
    .values({
      code: `${PLAT}-slot`,
      provider_id: providerId,
      category: 'slots',
      name: 'Test slot',
      thumbnail: '/static/games/test.svg',
      rtp_bp: 9600,
      min_bet_centavos: 10,
      max_bet_centavos: 100_000,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  gameId = game.id;
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const uid = (prefix: string) => `${prefix}-${Date.now()}-${++seq}`;

async function funded(amount: number) {
  const m = await registerMember(t.app);
  const moved = await transfer(t.ctx.db, {
    key: uid('deposit'),
    code: 'deposit',
    lines: [
      { account: house('psp_clearing'), amountCentavos: centavos(-amount) },
      { account: cash(m.id), amountCentavos: centavos(amount) },
    ],
  });
  expect(moved.ok).toBe(true);
  return m.id;
}

function roundOf(memberId: number, roundUid = uid('round')): RoundRef {
  return { providerId, platType: PLAT, gameId, category: 'slots', memberId, roundUid };
}

const bet = (round: RoundRef, txId: string, amount: number) =>
  runWallet(t.ctx.db, round.memberId, (trx) => debit(trx, round, { txId, amountCentavos: centavos(amount) }));
const win = (round: RoundRef, txId: string, amount: number) =>
  runWallet(t.ctx.db, round.memberId, (trx) => credit(trx, round, { txId, amountCentavos: centavos(amount) }));
const refund = (round: RoundRef, txId: string, refTxId: string) =>
  runWallet(t.ctx.db, round.memberId, (trx) => rollback(trx, { providerId, platType: PLAT, memberId: round.memberId, txId, refTxId }));

async function member(id: number) {
  return t.ctx.db
    .selectFrom('members')
    .select(['total_bet_centavos', 'total_slot_bet_centavos', 'wagering_required_centavos'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('wallet core', () => {
  it('takes a stake once, pays a win once and counts the stake as a valid bet when the round settles', async () => {
    const id = await funded(10_000);
    await t.ctx.db.updateTable('members').set({ wagering_required_centavos: 1_500 }).where('id', '=', id).execute();
    const round = roundOf(id);
    const first = await bet(round, `${round.roundUid}:b`, 1_000);
    expect(first).toMatchObject({ ok: true, balanceCentavos: 9_000, replayed: false });
    expect(await bet(round, `${round.roundUid}:b`, 1_000)).toMatchObject({ ok: true, balanceCentavos: 9_000, replayed: true });
    expect((await member(id)).total_bet_centavos).toBe(0);

    expect(await win(round, `${round.roundUid}:w`, 2_500)).toMatchObject({ ok: true, balanceCentavos: 11_500 });
    expect(await win(round, `${round.roundUid}:w`, 2_500)).toMatchObject({ ok: true, balanceCentavos: 11_500, replayed: true });
    expect(await member(id)).toEqual({ total_bet_centavos: 1_000, total_slot_bet_centavos: 1_000, wagering_required_centavos: 500 });
    const stored = await t.ctx.db.selectFrom('game_rounds').selectAll().where('round_uid', '=', round.roundUid).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ bet_centavos: 1_000, win_centavos: 2_500, status: 'settled' });
  });

  it('answers a reused transaction id with other data as a duplicate and moves nothing', async () => {
    const id = await funded(5_000);
    const round = roundOf(id);
    await bet(round, `${round.roundUid}:b`, 1_000);
    expect(await bet(round, `${round.roundUid}:b`, 2_000)).toMatchObject({ ok: false, error: 'WALLET_DUPLICATE', balanceCentavos: 4_000 });
    expect(await win(round, `${round.roundUid}:b`, 1_000)).toMatchObject({ ok: false, error: 'WALLET_DUPLICATE' });
  });

  it('refuses a stake above the balance without writing anything', async () => {
    const id = await funded(500);
    const round = roundOf(id);
    expect(await bet(round, `${round.roundUid}:b`, 501)).toMatchObject({ ok: false, error: 'INSUFFICIENT_FUNDS', balanceCentavos: 500 });
    const rows = await t.ctx.db.selectFrom('game_rounds').select('id').where('round_uid', '=', round.roundUid).execute();
    expect(rows).toEqual([]);
    const txs = await t.ctx.db.selectFrom('wallet_transactions').select('id').where('tx_id', '=', `${round.roundUid}:b`).execute();
    expect(txs).toEqual([]);
  });

  it('rolls back an open bet once, and refuses a win after it', async () => {
    const id = await funded(3_000);
    const round = roundOf(id);
    await bet(round, `${round.roundUid}:b`, 1_200);
    expect(await refund(round, `${round.roundUid}:r`, `${round.roundUid}:b`)).toMatchObject({ ok: true, balanceCentavos: 3_000 });
    expect(await refund(round, `${round.roundUid}:r`, `${round.roundUid}:b`)).toMatchObject({
      ok: true,
      balanceCentavos: 3_000,
      replayed: true,
    });
    expect(await win(round, `${round.roundUid}:w`, 5_000)).toMatchObject({
      ok: false,
      error: 'WALLET_BET_ROLLED_BACK',
      balanceCentavos: 3_000,
    });
    expect((await member(id)).total_bet_centavos).toBe(0);
  });

  it('answers a bet retried after its rollback as rolled back, and refuses a new bet into a settled round', async () => {
    const id = await funded(3_000);
    const round = roundOf(id);
    await bet(round, `${round.roundUid}:b1`, 500);
    await bet(round, `${round.roundUid}:b2`, 500);
    await refund(round, `${round.roundUid}:r1`, `${round.roundUid}:b1`);
    expect(await bet(round, `${round.roundUid}:b1`, 500)).toMatchObject({
      ok: false,
      error: 'WALLET_BET_ROLLED_BACK',
      balanceCentavos: 2_500,
    });
    await win(round, `${round.roundUid}:w`, 0);
    expect(await bet(round, `${round.roundUid}:b3`, 500)).toMatchObject({ ok: false, error: 'WALLET_BET_SETTLED', balanceCentavos: 2_500 });
    expect((await member(id)).total_bet_centavos).toBe(500);
  });

  it('refuses to roll back a bet whose round has a win', async () => {
    const id = await funded(3_000);
    const round = roundOf(id);
    await bet(round, `${round.roundUid}:b`, 1_000);
    await win(round, `${round.roundUid}:w`, 0);
    expect(await refund(round, `${round.roundUid}:r`, `${round.roundUid}:b`)).toMatchObject({
      ok: false,
      error: 'WALLET_BET_SETTLED',
      balanceCentavos: 2_000,
    });
  });

  it('remembers a rollback of an unknown bet and refuses that bet when it arrives late', async () => {
    const id = await funded(3_000);
    const round = roundOf(id);
    expect(await refund(round, `${round.roundUid}:r`, `${round.roundUid}:b`)).toMatchObject({ ok: false, error: 'WALLET_UNKNOWN_TX' });
    expect(await refund(round, `${round.roundUid}:r`, `${round.roundUid}:b`)).toMatchObject({ ok: false, error: 'WALLET_UNKNOWN_TX' });
    expect(await bet(round, `${round.roundUid}:b`, 1_000)).toMatchObject({
      ok: false,
      error: 'WALLET_BET_ROLLED_BACK',
      balanceCentavos: 3_000,
    });
  });

  it('settles a lost round once', async () => {
    const id = await funded(3_000);
    const round = roundOf(id);
    await bet(round, `${round.roundUid}:b`, 700);
    expect(await t.ctx.db.transaction().execute((trx) => settleLost(trx, round, { result: 'lost' }))).toBe(true);
    expect(await t.ctx.db.transaction().execute((trx) => settleLost(trx, round))).toBe(false);
    expect((await member(id)).total_bet_centavos).toBe(700);
  });

  it('lets exactly one of two simultaneous whole-balance bets through, and a win race with a rollback resolves one way', async () => {
    const id = await funded(2_000);
    const a = roundOf(id);
    const b = roundOf(id);
    const results = await Promise.all([bet(a, `${a.roundUid}:b`, 2_000), bet(b, `${b.roundUid}:b`, 2_000)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === 'INSUFFICIENT_FUNDS')).toHaveLength(1);

    const placed = results[0]?.ok ? a : b;
    const [won, refunded] = await Promise.all([
      win(placed, `${placed.roundUid}:w`, 3_000),
      refund(placed, `${placed.roundUid}:r`, `${placed.roundUid}:b`),
    ]);
    expect([won.ok, refunded.ok].filter(Boolean)).toHaveLength(1);
    const balance = await t.ctx.db
      .selectFrom('ledger_accounts')
      .select('balance_centavos')
      .where('member_id', '=', id)
      .where('kind', '=', 'cash')
      .executeTakeFirstOrThrow();
    expect(balance.balance_centavos).toBe(won.ok ? 3_000 : 2_000);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
