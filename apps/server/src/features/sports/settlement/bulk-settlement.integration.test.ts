import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, registerMember, type TestApp } from '../../../test/test-app.ts';
import { cashOf, fund } from '../../withdrawals/withdrawals.test-helpers.ts';
import { createFixture, selectionOf } from '../bets/test-fixtures.ts';
import { enterResult, settleFixture } from './settle.service.ts';
import {
  betRow,
  expectLedgerSound,
  kickedOff,
  placeDirect,
  settlementTransfers,
  sportsFigures,
  validBetsOf,
} from './settle.test-helpers.ts';

/**
 * Settlement in bulk (issue 13, item 4), on SQLite and PostgreSQL: a page moves the money of all
 * its bets in one posting, one balance update per member, so a member with several bets in one
 * page must come out exactly as bet-by-bet posting leaves them (running balances, figures, the
 * shortfall of corrections); a page run again moves nothing; two settlers at once pay once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member(centavos = 100_000) {
  const m = await registerMember(t.app);
  await fund(t, m.id, centavos);
  return m.id;
}

async function liveFixture() {
  const fixture = await createFixture(t.ctx.db);
  await kickedOff(t, fixture.id);
  return fixture;
}

async function transferCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's loss-limit win counter, summed over days. */
async function usageWins(memberId: number): Promise<number> {
  const rows = await t.ctx.db.selectFrom('responsible_usage').select('win_centavos').where('member_id', '=', memberId).execute();
  return rows.reduce((sum, r) => sum + Number(r.win_centavos), 0);
}

describe('a page where one member has several bets', () => {
  it('pays each bet under its own key, one balance for the member, running balances and figures exact', async () => {
    const many = await member(50_000);
    const other = await member(50_000);
    const fixture = await liveFixture();
    const home = selectionOf(fixture, '1x2', 'home');
    const draw = selectionOf(fixture, '1x2', 'draw');
    const under = selectionOf(fixture, 'over_under', 'under');
    const won = [
      await placeDirect(t, many, 1_000, [home]),
      await placeDirect(t, many, 2_500, [home]),
      await placeDirect(t, many, 333, [under]),
    ];
    const lost = await placeDirect(t, many, 700, [draw]);
    const single = await placeDirect(t, other, 1_000, [home]);
    const start = await cashOf(t, many);

    const summary = await enterResult(t.ctx, fixture.id, { home_score: 1, away_score: 0 }, null);

    // 10.00 x 2.10 + 25.00 x 2.10 + 3.33 x 1.90 (6.327, rounded down) for the member; 21.00 for the other.
    const paid = 2_100 + 5_250 + 632;
    expect(summary.betsMoved).toBe(5);
    expect(summary.paidCentavos).toBe(paid + 2_100);
    expect(await cashOf(t, many)).toBe(start + paid);
    expect(await cashOf(t, other)).toBe(50_000 - 1_000 + 2_100);
    for (const [bet, pays] of [
      [won[0]!, 2_100],
      [won[1]!, 5_250],
      [won[2]!, 632],
    ] as const) {
      expect(await settlementTransfers(t, bet.betNo, many)).toEqual([[`sportbet:${bet.betNo}:settle:1`, pays]]);
      expect(await betRow(t, bet.id)).toMatchObject({ status: 'won', paid_centavos: pays, settlement_version: 1 });
    }
    expect(await betRow(t, lost.id)).toMatchObject({ status: 'lost', paid_centavos: 0, settlement_version: 1 });
    expect(await betRow(t, single.id)).toMatchObject({ status: 'won', paid_centavos: 2_100 });
    // The member's running balances follow entry by entry (verifyLedger checks each one).
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select(['ledger_entries.amount_centavos', 'ledger_entries.balance_after_centavos'])
      .where('ledger_accounts.member_id', '=', many)
      .where('ledger_accounts.kind', '=', 'cash')
      .orderBy('ledger_entries.id', 'desc')
      .limit(3)
      .execute();
    expect(entries.reverse()).toEqual([
      { amount_centavos: 2_100, balance_after_centavos: start + 2_100 },
      { amount_centavos: 5_250, balance_after_centavos: start + 7_350 },
      { amount_centavos: 632, balance_after_centavos: start + paid },
    ]);
    // Every stake counted once, every win once, in the day's figures and the loss-limit counter.
    expect(await validBetsOf(t, many)).toBe(1_000 + 2_500 + 333 + 700);
    expect(await sportsFigures(t, many)).toEqual({ bet: 1_000 + 2_500 + 333 + 700, win: paid });
    expect(await usageWins(many)).toBe(paid);
    const rounds = await t.ctx.db
      .selectFrom('member_daily_stats')
      .select('rounds')
      .where('member_id', '=', many)
      .where('category', '=', 'sports')
      .execute();
    expect(rounds.reduce((s, r) => s + r.rounds, 0)).toBe(4);
    await expectLedgerSound(t);
  });

  it('a correction takes back bet by bet what the cash holds, and records the rest as shortfall', async () => {
    const id = await member(3_000);
    const fixture = await liveFixture();
    const away = selectionOf(fixture, '1x2', 'away');
    const bets = [
      await placeDirect(t, id, 1_000, [away]),
      await placeDirect(t, id, 1_000, [away]),
      await placeDirect(t, id, 1_000, [away]),
    ];
    await enterResult(t.ctx, fixture.id, { home_score: 0, away_score: 1 }, null);
    expect(await cashOf(t, id)).toBe(3 * 3_600);
    // The member spends all but 50.00 of it on another match.
    const other = await liveFixture();
    await placeDirect(t, id, 3 * 3_600 - 5_000, [selectionOf(other, '1x2', 'home')]);
    expect(await cashOf(t, id)).toBe(5_000);

    const corrected = await enterResult(t.ctx, fixture.id, { home_score: 1, away_score: 1 }, null);

    // The first bet takes 36.00, the second the 14.00 left, the third nothing.
    expect(corrected.betsMoved).toBe(3);
    expect(corrected.takenBackCentavos).toBe(5_000);
    expect(corrected.shortfallCentavos).toBe(3 * 3_600 - 5_000);
    expect(await cashOf(t, id)).toBe(0);
    expect(await settlementTransfers(t, bets[0]!.betNo, id)).toEqual([
      [`sportbet:${bets[0]!.betNo}:settle:1`, 3_600],
      [`sportbet:${bets[0]!.betNo}:settle:2`, -3_600],
    ]);
    expect(await settlementTransfers(t, bets[1]!.betNo, id)).toEqual([
      [`sportbet:${bets[1]!.betNo}:settle:1`, 3_600],
      [`sportbet:${bets[1]!.betNo}:settle:2`, -1_400],
    ]);
    expect(await settlementTransfers(t, bets[2]!.betNo, id)).toEqual([[`sportbet:${bets[2]!.betNo}:settle:1`, 3_600]]);
    expect(await betRow(t, bets[0]!.id)).toMatchObject({ status: 'lost', paid_centavos: 0, settlement_version: 2 });
    expect(await betRow(t, bets[1]!.id)).toMatchObject({ status: 'lost', paid_centavos: 2_200, settlement_version: 2 });
    expect(await betRow(t, bets[2]!.id)).toMatchObject({ status: 'lost', paid_centavos: 3_600, settlement_version: 2 });
    // Wins follow the final state (none); the loss-limit counter saw 108.00 in and 50.00 back.
    expect((await sportsFigures(t, id)).win).toBe(0);
    expect(await usageWins(id)).toBe(3 * 3_600 - 5_000);
    await expectLedgerSound(t);
  });
});

describe('running again', () => {
  it('moves nothing and writes no transfer when settled again or the same result is entered again', async () => {
    const ids = [await member(), await member(), await member()];
    const fixture = await liveFixture();
    for (const id of ids) {
      await placeDirect(t, id, 1_000, [selectionOf(fixture, '1x2', 'home')]);
      await placeDirect(t, id, 1_000, [selectionOf(fixture, '1x2', 'away')]);
    }
    await enterResult(t.ctx, fixture.id, { home_score: 3, away_score: 0 }, null);
    const cash = await Promise.all(ids.map((id) => cashOf(t, id)));
    const transfers = await transferCount();
    const figures = await Promise.all(ids.map((id) => sportsFigures(t, id)));

    const again = await settleFixture(t.ctx, fixture.id);
    const entered = await enterResult(t.ctx, fixture.id, { home_score: 3, away_score: 0 }, null);

    expect(again).toMatchObject({ betsSeen: 6, betsMoved: 0, paidCentavos: 0, takenBackCentavos: 0 });
    expect(entered).toMatchObject({ version: 1, betsMoved: 0, paidCentavos: 0 });
    expect(await transferCount()).toBe(transfers);
    expect(await Promise.all(ids.map((id) => cashOf(t, id)))).toEqual(cash);
    expect(await Promise.all(ids.map((id) => sportsFigures(t, id)))).toEqual(figures);
    await expectLedgerSound(t);
  });
});

describe('two settlers at once', () => {
  it('pays once when two settlements of one market run together over many bets', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => member()));
    const fixture = await liveFixture();
    for (const [i, id] of ids.entries()) {
      for (let k = 0; k < 4; k++) await placeDirect(t, id, 100 * (i + 1), [selectionOf(fixture, '1x2', k % 2 === 0 ? 'home' : 'draw')]);
    }
    const before = await Promise.all(ids.map((id) => cashOf(t, id)));
    // The result is written, then two settlers race over the same markets and bets.
    await t.ctx.db
      .updateTable('fixtures')
      .set({ status: 'finished', home_score: 1, away_score: 0, result_version: 1 })
      .where('id', '=', fixture.id)
      .execute();
    await t.ctx.db
      .insertInto('fixture_results')
      .values({
        fixture_id: fixture.id,
        version: 1,
        home_score: 1,
        away_score: 0,
        kind: 'result',
        operator_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();

    const [a, b] = await Promise.all([settleFixture(t.ctx, fixture.id), settleFixture(t.ctx, fixture.id)]);

    expect(a.betsMoved + b.betsMoved).toBe(32);
    expect(a.paidCentavos + b.paidCentavos).toBe(ids.reduce((s, _, i) => s + 2 * 210 * (i + 1), 0));
    for (const [i, id] of ids.entries()) {
      expect(await cashOf(t, id)).toBe(before[i]! + 2 * 210 * (i + 1));
      expect(await validBetsOf(t, id)).toBe(4 * 100 * (i + 1));
    }
    await expectLedgerSound(t);
  });

  it('pays once when two operators enter the same result over HTTP at once, with no 5xx', async () => {
    const token = await adminToken(t.app);
    const ids = await Promise.all(Array.from({ length: 6 }, () => member()));
    const fixture = await liveFixture();
    for (const id of ids) {
      await placeDirect(t, id, 1_000, [selectionOf(fixture, '1x2', 'home')]);
      await placeDirect(t, id, 500, [selectionOf(fixture, 'over_under', 'over')]);
    }
    const before = await Promise.all(ids.map((id) => cashOf(t, id)));

    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: API.admin.sportsFixtureResult(fixture.id),
          headers: bearer(token),
          payload: { home_score: 2, away_score: 1 },
        }),
      ),
    );

    expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    // 2-1: home (2.10) and over 2.5 (1.90) both win, once.
    for (const [i, id] of ids.entries()) expect(await cashOf(t, id)).toBe(before[i]! + 2_100 + 950);
    const versions = await t.ctx.db.selectFrom('fixture_results').select('version').where('fixture_id', '=', fixture.id).execute();
    expect(versions).toEqual([{ version: 1 }]);
    await expectLedgerSound(t);
  });
});
