import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloDay } from '../../lib/sao-paulo.ts';
import { unitOf, withoutTermsReload } from '../../test/statements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cashOf, cents, expectLedgerSound, player, post } from './house.test-helpers.ts';

/**
 * An instant round's one insert (migration 0026) writes what the wallet wrote after it: the
 * round's wallet transactions naming its two transfers, the member's valid bet and wagering, the
 * day's figures and the day's responsible-gaming counters. All of it in at most 8 statements a
 * bet, counted here on the database's own hook (SQLite: inside the group commit's savepoint,
 * savepoint and release included; PostgreSQL: the bet's transaction, begin and commit included).
 */

let t: TestApp;
let recording: string[] | null = null;
beforeAll(async () => {
  t = await createTestApp({ SHARED_ROUNDS: 'off' }, { onStatement: (sql) => recording?.push(sql.trim()) });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('an instant round written once', () => {
  it('writes its wallet transactions, valid bet, day figures and limit counters, in at most 8 statements', async () => {
    const p = await player(t, 100_000);
    // The member's first bet opens a seed pair, and the process's first two open the house
    // account and then remember it (ledger.repository.ts): counted from the third on, as every bet after.
    const warmUp = await post(t, API.house.dice, { amount: '3.00', target: '50.00', direction: 'over' }, p.token);
    const first = await post(t, API.house.dice, { amount: '3.00', target: '50.00', direction: 'over' }, p.token);
    expect([warmUp.status, first.status]).toEqual([200, 200]);
    await t.ctx.db.updateTable('members').set({ wagering_required_centavos: 1_000 }).where('id', '=', p.id).execute();
    const rounds: { id: number; stake: number; win: number; statements: number }[] = [
      { id: warmUp.body.data.round_id, stake: 300, win: cents(warmUp.body.data.win), statements: 0 },
      { id: first.body.data.round_id, stake: 300, win: cents(first.body.data.win), statements: 0 },
    ];
    // A likely loss (over 90) and a likely win (over 5), until both have happened.
    for (let i = 0; i < 60 && !(rounds.some((r) => r.win > 0) && rounds.some((r) => r.win === 0)); i += 1) {
      recording = [];
      const r = await post(t, API.house.dice, { amount: '3.00', target: i % 2 ? '5.00' : '90.00', direction: 'over' }, p.token);
      const unit = withoutTermsReload(unitOf(t.ctx.db, recording));
      recording = null;
      expect(r.status).toBe(200);
      rounds.push({ id: r.body.data.round_id, stake: 300, win: cents(r.body.data.win), statements: unit.length });
    }
    expect(rounds.some((r) => r.win > 0) && rounds.some((r) => r.win === 0)).toBe(true);
    for (const round of rounds) expect(round.statements).toBeLessThanOrEqual(8);

    for (const round of rounds) {
      const row = await t.ctx.db
        .selectFrom('game_rounds')
        .select(['round_uid', 'bet_transfer_id', 'win_transfer_id', 'status', 'bet_centavos', 'win_centavos'])
        .where('id', '=', round.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'settled', bet_centavos: 300, win_centavos: round.win });
      const txs = await t.ctx.db
        .selectFrom('wallet_transactions')
        .innerJoin('ledger_transfers', 'ledger_transfers.id', 'wallet_transactions.transfer_id')
        .select([
          'wallet_transactions.tx_id',
          'kind',
          'amount_centavos',
          'status',
          'transfer_id',
          'ledger_transfers.idempotency_key',
          'code',
        ])
        .where('round_uid', '=', row.round_uid)
        .orderBy('wallet_transactions.id')
        .execute();
      const expected = [
        {
          tx_id: `${row.round_uid}:bet`,
          kind: 'bet',
          amount_centavos: 300,
          status: 'ok',
          transfer_id: row.bet_transfer_id,
          idempotency_key: `bet:house:${row.round_uid}:bet`,
          code: 'game_bet',
        },
      ];
      if (round.win > 0) {
        expected.push({
          tx_id: `${row.round_uid}:win`,
          kind: 'win',
          amount_centavos: round.win,
          status: 'ok',
          transfer_id: row.win_transfer_id,
          idempotency_key: `win:house:${row.round_uid}:win`,
          code: 'game_win',
        });
      } else expect(row.win_transfer_id).toBeNull();
      expect(txs.map((tx) => ({ ...tx, transfer_id: Number(tx.transfer_id) }))).toEqual(
        expected.map((tx) => ({ ...tx, transfer_id: Number(tx.transfer_id) })),
      );
    }

    const staked = rounds.reduce((sum, r) => sum + r.stake, 0);
    const won = rounds.reduce((sum, r) => sum + r.win, 0);
    const member = await t.ctx.db
      .selectFrom('members')
      .select(['total_bet_centavos', 'total_slot_bet_centavos', 'wagering_required_centavos'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({
      total_bet_centavos: staked,
      total_slot_bet_centavos: 0,
      wagering_required_centavos: Math.max(0, 1_000 - (staked - 600)),
    });

    const day = saoPauloDay(new Date().toISOString());
    const stats = await t.ctx.db.selectFrom('member_daily_stats').selectAll().where('member_id', '=', p.id).execute();
    expect(stats.map((s) => ({ day: s.day, bet: Number(s.bet_centavos), win: Number(s.win_centavos), rounds: Number(s.rounds) }))).toEqual([
      { day, bet: staked, win: won, rounds: rounds.length },
    ]);
    const usage = await t.ctx.db.selectFrom('responsible_usage').selectAll().where('member_id', '=', p.id).execute();
    expect(usage.map((u) => ({ day: u.day, stake: Number(u.stake_centavos), win: Number(u.win_centavos) }))).toEqual([
      { day, stake: staked, win: won },
    ]);
    // The cash balance the last answer gave is the ledger's.
    expect(await cashOf(t, p.id)).toBe(100_000 - staked + won);
  });

  it('twenty bets of one member at once: no 5xx, only short funds refused, every counter equal to the rounds taken', async () => {
    const p = await player(t, 1_500);
    const bet = () => post(t, API.house.dice, { amount: '3.00', target: '50.00', direction: 'over' }, p.token);
    const results = await Promise.all(Array.from({ length: 20 }, bet));
    expect(results.filter((r) => r.status >= 500)).toHaveLength(0);
    const taken = results.filter((r) => r.status === 200);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.error_code).toBe('INSUFFICIENT_FUNDS');
    expect(taken.length).toBeGreaterThanOrEqual(5);
    const won = taken.reduce((sum, r) => sum + cents(r.body.data.win), 0);
    expect(await cashOf(t, p.id)).toBe(1_500 - taken.length * 300 + won);
    const member = await t.ctx.db.selectFrom('members').select('total_bet_centavos').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(member.total_bet_centavos)).toBe(taken.length * 300);
    const usage = await t.ctx.db.selectFrom('responsible_usage').selectAll().where('member_id', '=', p.id).execute();
    expect(usage.map((u) => [Number(u.stake_centavos), Number(u.win_centavos)])).toEqual([[taken.length * 300, won]]);
    const txs = await t.ctx.db.selectFrom('wallet_transactions').select('kind').where('member_id', '=', p.id).execute();
    expect(txs.filter((tx) => tx.kind === 'bet')).toHaveLength(taken.length);
    expect(txs.filter((tx) => tx.kind === 'win')).toHaveLength(taken.filter((r) => cents(r.body.data.win) > 0).length);
  });

  it('a slot round counts toward the slot total; a stake beyond the balance writes nothing', async () => {
    const p = await player(t, 500);
    const r = await post(t, API.house.slot('fruit-frenzy'), { amount: '2.00' }, p.token);
    expect(r.status).toBe(200);
    const refused = await post(t, API.house.dice, { amount: '50.00', target: '50.50', direction: 'over' }, p.token);
    expect(refused.status).toBe(422);
    const member = await t.ctx.db
      .selectFrom('members')
      .select(['total_bet_centavos', 'total_slot_bet_centavos'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ total_bet_centavos: 200, total_slot_bet_centavos: 200 });
    const txs = await t.ctx.db.selectFrom('wallet_transactions').select('kind').where('member_id', '=', p.id).execute();
    expect(txs.filter((tx) => tx.kind === 'bet')).toHaveLength(1);
    const usage = await t.ctx.db.selectFrom('responsible_usage').select('stake_centavos').where('member_id', '=', p.id).execute();
    expect(usage.map((u) => Number(u.stake_centavos))).toEqual([200]);
  });
});
