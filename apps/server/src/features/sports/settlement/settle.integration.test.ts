import { accumulatedOdds, payoutFor } from '@casino/games/sport-bets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../../test/test-app.ts';
import { cashOf, fund } from '../../withdrawals/withdrawals.test-helpers.ts';
import { createFixture, createMarket, selectionOf } from '../bets/test-fixtures.ts';
import { API } from '@casino/shared/api-paths';
import { bearer, json } from '../../../test/test-app.ts';
import { enterResult, settleDecidedMarkets, settleFixture } from './settle.service.ts';
import {
  betRow,
  expectLedgerSound,
  kickedOff,
  legResults,
  placeDirect,
  settlementTransfers,
  sportsFigures,
  validBetsOf,
} from './settle.test-helpers.ts';

/**
 * Settlement and resettlement through the ledger (issue 6 "Settlement"), on SQLite and PostgreSQL:
 * exact payouts of singles and accumulators with won, lost and void legs; corrections that move
 * only the difference, both ways; settling twice or concurrently pays once; cancellation refunds;
 * a correction never takes a balance below zero. The ledger is verified after every test.
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

/** A fixture with the default markets (1X2 2.10 / 3.40 / 3.60, over/under 2.5 at 1.90), kicked off. */
async function liveFixture() {
  const fixture = await createFixture(t.ctx.db);
  await kickedOff(t, fixture.id);
  return fixture;
}

describe('settling a result', () => {
  it('pays a winning single stake x odds, closes a losing one, and counts both stakes once', async () => {
    const id = await member();
    const fixture = await liveFixture();
    const winner = await placeDirect(t, id, 1_000, [selectionOf(fixture, '1x2', 'home')]);
    const loser = await placeDirect(t, id, 700, [selectionOf(fixture, 'over_under', 'over')]);
    expect(await cashOf(t, id)).toBe(100_000 - 1_700);

    const summary = await enterResult(t.ctx, fixture.id, { home_score: 2, away_score: 0 }, null);

    expect(summary.version).toBe(1);
    expect(summary.betsMoved).toBe(2);
    expect(summary.paidCentavos).toBe(2_100);
    expect(await cashOf(t, id)).toBe(100_000 - 1_700 + 2_100);
    expect(await betRow(t, winner.id)).toMatchObject({ status: 'won', paid_centavos: 2_100, settlement_version: 1 });
    expect(await betRow(t, loser.id)).toMatchObject({ status: 'lost', paid_centavos: 0, settlement_version: 1 });
    expect((await betRow(t, loser.id)).settled_at).not.toBeNull();
    expect(await legResults(t, winner.id)).toEqual(['won']);
    expect(await legResults(t, loser.id)).toEqual(['lost']);
    expect(await validBetsOf(t, id)).toBe(1_700);
    expect(await sportsFigures(t, id)).toEqual({ bet: 1_700, win: 2_100 });

    const markets = await t.ctx.db
      .selectFrom('markets')
      .select(['status', 'settled_version'])
      .where('fixture_id', '=', fixture.id)
      .execute();
    expect(markets.every((m) => m.status === 'settled' && m.settled_version === 1)).toBe(true);
    const selections = await t.ctx.db
      .selectFrom('selections')
      .select(['id', 'result'])
      .where('id', 'in', [
        selectionOf(fixture, '1x2', 'home'),
        selectionOf(fixture, '1x2', 'draw'),
        selectionOf(fixture, 'over_under', 'under'),
      ])
      .orderBy('id')
      .execute();
    expect(selections.map((s) => s.result)).toEqual(['won', 'lost', 'won']);
    await expectLedgerSound(t);
  });

  it('pays accumulators exactly: won legs at their odds, void legs at 1.00, any lost leg loses', async () => {
    const id = await member();
    const a = await liveFixture();
    const b = await liveFixture();
    const c = await liveFixture();
    const stake = 1_234;
    // Won (2.10) x void (cancelled) x won (1.90 under): 2.10 x 1.00 x 1.90 = 3.99.
    const mixed = await placeDirect(t, id, stake, [
      selectionOf(a, '1x2', 'home'),
      selectionOf(b, '1x2', 'draw'),
      selectionOf(c, 'over_under', 'under'),
    ]);
    // Won x lost: nothing (the lost leg is settled last).
    const lost = await placeDirect(t, id, stake, [selectionOf(a, '1x2', 'home'), selectionOf(c, '1x2', 'away')]);
    // A single on the cancelled fixture: the stake back.
    const allVoid = await placeDirect(t, id, stake, [selectionOf(b, '1x2', 'home')]);
    const before = await cashOf(t, id);

    await enterResult(t.ctx, a.id, { home_score: 3, away_score: 1 }, null);
    // A leg still pending keeps each accumulator open.
    expect((await betRow(t, mixed.id)).status).toBe('open');
    expect(await legResults(t, mixed.id)).toEqual(['won', 'pending', 'pending']);
    await enterResult(t.ctx, b.id, { cancelled: true }, null);
    expect((await betRow(t, mixed.id)).status).toBe('open');
    await enterResult(t.ctx, c.id, { home_score: 1, away_score: 0 }, null);

    const mixedPays = payoutFor(stake, accumulatedOdds([210, 100, 190]));
    expect(mixedPays).toBe(4_923); // 12.34 x 3.99 = 49.2366, rounded down
    expect(await betRow(t, mixed.id)).toMatchObject({ status: 'won', paid_centavos: mixedPays });
    expect(await legResults(t, mixed.id)).toEqual(['won', 'void', 'won']);
    expect(await betRow(t, lost.id)).toMatchObject({ status: 'lost', paid_centavos: 0 });
    expect(await legResults(t, lost.id)).toEqual(['won', 'lost']);
    expect(await betRow(t, allVoid.id)).toMatchObject({ status: 'void', paid_centavos: stake });
    expect(await cashOf(t, id)).toBe(before + mixedPays + stake);
    // The void bet gave its stake back: it is no valid bet. The other two are.
    expect(await validBetsOf(t, id)).toBe(2 * stake);
    expect(await sportsFigures(t, id)).toEqual({ bet: 2 * stake, win: mixedPays });
    await expectLedgerSound(t);
  });

  it('refuses a result before kick-off, a bad score and an unknown fixture, and moves nothing', async () => {
    const fixture = await createFixture(t.ctx.db);
    await expect(enterResult(t.ctx, fixture.id, { home_score: 1, away_score: 0 }, null)).rejects.toMatchObject({
      errorCode: 'SPORTS_RESULT_INVALID',
    });
    await kickedOff(t, fixture.id);
    for (const bad of [-1, 1.5, 100, Number.NaN]) {
      await expect(enterResult(t.ctx, fixture.id, { home_score: bad, away_score: 0 }, null)).rejects.toMatchObject({
        errorCode: 'SPORTS_RESULT_INVALID',
      });
    }
    await expect(enterResult(t.ctx, 987_654_321, { home_score: 1, away_score: 0 }, null)).rejects.toMatchObject({
      errorCode: 'SPORTS_FIXTURE_NOT_FOUND',
    });
    await expect(settleFixture(t.ctx, fixture.id)).rejects.toMatchObject({ errorCode: 'SPORTS_RESULT_INVALID' });
    const entries = await t.ctx.db.selectFrom('fixture_results').select('id').where('fixture_id', '=', fixture.id).execute();
    expect(entries).toEqual([]);
  });
});

describe('settling again', () => {
  it('pays once when settled twice, and when the same result is entered twice (one version)', async () => {
    const id = await member();
    const fixture = await liveFixture();
    const bet = await placeDirect(t, id, 5_000, [selectionOf(fixture, '1x2', 'draw')]);
    await enterResult(t.ctx, fixture.id, { home_score: 1, away_score: 1 }, 7);
    const again = await settleFixture(t.ctx, fixture.id);
    const entered = await enterResult(t.ctx, fixture.id, { home_score: 1, away_score: 1 }, 7);

    expect(again.betsMoved).toBe(0);
    expect(entered.version).toBe(1);
    expect(entered.betsMoved).toBe(0);
    expect(await cashOf(t, id)).toBe(100_000 - 5_000 + 17_000);
    expect(await settlementTransfers(t, bet.betNo, id)).toEqual([[`sportbet:${bet.betNo}:settle:1`, 17_000]]);
    const entries = await t.ctx.db.selectFrom('fixture_results').selectAll().where('fixture_id', '=', fixture.id).execute();
    expect(entries).toMatchObject([{ version: 1, home_score: 1, away_score: 1, kind: 'result', operator_id: 7 }]);
    expect(await validBetsOf(t, id)).toBe(5_000);
    await expectLedgerSound(t);
  });

  it('pays once when ten settlements of one fixture run at the same instant', async () => {
    const ids = [await member(), await member(), await member()];
    const fixture = await liveFixture();
    const bets = [];
    for (const id of ids) {
      bets.push(await placeDirect(t, id, 1_000, [selectionOf(fixture, '1x2', 'away')]));
      bets.push(await placeDirect(t, id, 2_000, [selectionOf(fixture, 'over_under', 'under')]));
    }
    await enterResult(t.ctx, fixture.id, { cancelled: true }, null).catch(() => {});
    // Put it back to a result without settling it, then race the settlements.
    await t.ctx.db
      .updateTable('fixtures')
      .set({ status: 'finished', home_score: 0, away_score: 1, result_version: 2 })
      .where('id', '=', fixture.id)
      .execute();
    await t.ctx.db
      .insertInto('fixture_results')
      .values({
        fixture_id: fixture.id,
        version: 2,
        home_score: 0,
        away_score: 1,
        kind: 'result',
        operator_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();

    const results = await Promise.all(Array.from({ length: 10 }, () => settleFixture(t.ctx, fixture.id)));

    // Cancelled first (stakes back), then 0-1: away at 3.60 and under at 1.90 win.
    expect(results.reduce((s, r) => s + r.betsMoved, 0)).toBe(6);
    for (const id of ids) expect(await cashOf(t, id)).toBe(100_000 - 3_000 + 3_600 + 3_800);
    for (const bet of bets) expect((await betRow(t, bet.id)).status).toBe('won');
    for (const id of ids) expect(await validBetsOf(t, id)).toBe(3_000);
    await expectLedgerSound(t);
  });
});

describe('corrections', () => {
  it('moves money only by the difference, and back', async () => {
    const id = await member();
    const fixture = await liveFixture();
    const home = await placeDirect(t, id, 1_000, [selectionOf(fixture, '1x2', 'home')]);
    const draw = await placeDirect(t, id, 1_000, [selectionOf(fixture, '1x2', 'draw')]);
    const start = await cashOf(t, id);

    await enterResult(t.ctx, fixture.id, { home_score: 2, away_score: 1 }, 1);
    expect(await cashOf(t, id)).toBe(start + 2_100);
    // Corrected to 1-1: the home win is taken back, the draw paid.
    const corrected = await enterResult(t.ctx, fixture.id, { home_score: 1, away_score: 1 }, 1);
    expect(corrected.version).toBe(2);
    expect(corrected.takenBackCentavos).toBe(2_100);
    expect(corrected.paidCentavos).toBe(3_400);
    expect(await cashOf(t, id)).toBe(start + 3_400);
    expect(await betRow(t, home.id)).toMatchObject({ status: 'lost', paid_centavos: 0, settlement_version: 2 });
    expect(await betRow(t, draw.id)).toMatchObject({ status: 'won', paid_centavos: 3_400, settlement_version: 2 });
    // And back to 2-1.
    await enterResult(t.ctx, fixture.id, { home_score: 2, away_score: 1 }, 1);
    expect(await cashOf(t, id)).toBe(start + 2_100);
    expect(await settlementTransfers(t, home.betNo, id)).toEqual([
      [`sportbet:${home.betNo}:settle:1`, 2_100],
      [`sportbet:${home.betNo}:settle:2`, -2_100],
      [`sportbet:${home.betNo}:settle:3`, 2_100],
    ]);
    expect(await settlementTransfers(t, draw.betNo, id)).toEqual([
      [`sportbet:${draw.betNo}:settle:2`, 3_400],
      [`sportbet:${draw.betNo}:settle:3`, -3_400],
    ]);
    // Stakes counted once each however often the result changed; wins follow the final state.
    expect(await validBetsOf(t, id)).toBe(2_000);
    expect(await sportsFigures(t, id)).toEqual({ bet: 2_000, win: 2_100 });
    const versions = await t.ctx.db
      .selectFrom('fixture_results')
      .select('version')
      .where('fixture_id', '=', fixture.id)
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    await expectLedgerSound(t);
  });

  it('recomputes an accumulator when a corrected leg turns void, and when it turns back', async () => {
    const id = await member();
    const a = await liveFixture();
    const b = await liveFixture();
    const acc = await placeDirect(t, id, 1_000, [selectionOf(a, '1x2', 'home'), selectionOf(b, '1x2', 'away')]);
    await enterResult(t.ctx, a.id, { home_score: 1, away_score: 0 }, null);
    await enterResult(t.ctx, b.id, { home_score: 0, away_score: 2 }, null);
    const full = payoutFor(1_000, accumulatedOdds([210, 360])); // 75.60
    expect(await betRow(t, acc.id)).toMatchObject({ status: 'won', paid_centavos: full });
    const afterWin = await cashOf(t, id);

    await enterResult(t.ctx, b.id, { cancelled: true }, null);
    expect(await betRow(t, acc.id)).toMatchObject({ status: 'won', paid_centavos: 2_100 });
    expect(await cashOf(t, id)).toBe(afterWin - (full - 2_100));
    await enterResult(t.ctx, b.id, { home_score: 1, away_score: 3 }, null);
    expect(await betRow(t, acc.id)).toMatchObject({ status: 'won', paid_centavos: full });
    expect(await cashOf(t, id)).toBe(afterWin);
    expect(await validBetsOf(t, id)).toBe(1_000);
    await expectLedgerSound(t);
  });

  it('takes back only the cash that is there, records the shortfall, and never goes negative', async () => {
    const id = await member(1_000);
    const fixture = await liveFixture();
    const bet = await placeDirect(t, id, 1_000, [selectionOf(fixture, '1x2', 'away')]);
    await enterResult(t.ctx, fixture.id, { home_score: 0, away_score: 1 }, null);
    expect(await cashOf(t, id)).toBe(3_600);
    // The member spends most of it before the correction.
    const other = await liveFixture();
    await placeDirect(t, id, 3_000, [selectionOf(other, '1x2', 'home')]);
    expect(await cashOf(t, id)).toBe(600);

    const corrected = await enterResult(t.ctx, fixture.id, { home_score: 1, away_score: 1 }, null);

    expect(corrected.takenBackCentavos).toBe(600);
    expect(corrected.shortfallCentavos).toBe(3_000);
    expect(await cashOf(t, id)).toBe(0);
    // The bet is lost; it shows 30.00 paid that the correction could not take back.
    expect(await betRow(t, bet.id)).toMatchObject({ status: 'lost', paid_centavos: 3_000 });
    const transfer = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select(['code', 'meta_json'])
      .where('idempotency_key', '=', `sportbet:${bet.betNo}:settle:2`)
      .executeTakeFirstOrThrow();
    expect(transfer.code).toBe('sport_bet_correction');
    expect(JSON.parse(transfer.meta_json ?? '{}')).toMatchObject({ shortfall_centavos: 3_000, from: 'won', to: 'lost' });

    // The other bet wins later: a settlement of the first again takes what is now there, once.
    await enterResult(t.ctx, other.id, { home_score: 1, away_score: 0 }, null);
    expect(await cashOf(t, id)).toBe(6_300);
    const again = await settleFixture(t.ctx, fixture.id);
    expect(again.takenBackCentavos).toBe(3_000);
    expect(await cashOf(t, id)).toBe(3_300);
    expect(await betRow(t, bet.id)).toMatchObject({ status: 'lost', paid_centavos: 0 });
    expect((await settleFixture(t.ctx, fixture.id)).betsMoved).toBe(0);
    await expectLedgerSound(t);
  });
});

describe('cancellation', () => {
  it('voids every market and gives every stake back', async () => {
    const id = await member();
    const fixture = await liveFixture();
    await placeDirect(t, id, 1_500, [selectionOf(fixture, '1x2', 'home')]);
    await placeDirect(t, id, 2_500, [selectionOf(fixture, 'over_under', 'over')]);
    const summary = await enterResult(t.ctx, fixture.id, { cancelled: true }, 3);

    expect(summary.paidCentavos).toBe(4_000);
    expect(await cashOf(t, id)).toBe(100_000);
    const markets = await t.ctx.db.selectFrom('markets').select('status').where('fixture_id', '=', fixture.id).execute();
    expect(markets.map((m) => m.status)).toEqual(['void', 'void']);
    const fixtureRow = await t.ctx.db
      .selectFrom('fixtures')
      .select(['status', 'result_version'])
      .where('id', '=', fixture.id)
      .executeTakeFirstOrThrow();
    expect(fixtureRow).toEqual({ status: 'cancelled', result_version: 1 });
    expect(await validBetsOf(t, id)).toBe(0);
    expect(await sportsFigures(t, id)).toEqual({ bet: 0, win: 0 });
    await expectLedgerSound(t);
  });
});

describe('in play', () => {
  it('settles the markets a goal decided for good, and only those, before full time', async () => {
    const id = await member();
    const fixture = await liveFixture();
    const overHalf = await createMarket(t.ctx.db, fixture.id, {
      type: 'over_under',
      line: 50,
      selections: [
        { code: 'over', odds: 130 },
        { code: 'under', odds: 330 },
      ],
    });
    const btts = await createMarket(t.ctx.db, fixture.id, {
      type: 'btts',
      selections: [
        { code: 'yes', odds: 190 },
        { code: 'no', odds: 185 },
      ],
    });
    const over = await placeDirect(t, id, 1_000, [overHalf.selections.over!]);
    const under = await placeDirect(t, id, 1_000, [overHalf.selections.under!]);
    const yes = await placeDirect(t, id, 1_000, [btts.selections.yes!]);
    const home = await placeDirect(t, id, 1_000, [selectionOf(fixture, '1x2', 'home')]);
    const before = await cashOf(t, id);

    await t.ctx.db.updateTable('fixtures').set({ minute: 30, home_score: 1 }).where('id', '=', fixture.id).execute();
    const settled = await settleDecidedMarkets(t.ctx, fixture.id);

    expect(settled).toEqual([overHalf.id]);
    expect(await betRow(t, over.id)).toMatchObject({ status: 'won', paid_centavos: 1_300 });
    expect(await betRow(t, under.id)).toMatchObject({ status: 'lost', paid_centavos: 0 });
    expect((await betRow(t, yes.id)).status).toBe('open');
    expect((await betRow(t, home.id)).status).toBe('open');
    expect(await cashOf(t, id)).toBe(before + 1_300);

    // Both score: btts is decided too; then full time 1-1 settles the rest and pays nothing twice.
    await t.ctx.db.updateTable('fixtures').set({ minute: 70, away_score: 1 }).where('id', '=', fixture.id).execute();
    expect(await settleDecidedMarkets(t.ctx, fixture.id)).toEqual([btts.id]);
    expect(await betRow(t, yes.id)).toMatchObject({ status: 'won', paid_centavos: 1_900 });
    await enterResult(t.ctx, fixture.id, { home_score: 1, away_score: 1 }, null);
    expect(await betRow(t, home.id)).toMatchObject({ status: 'lost' });
    expect(await cashOf(t, id)).toBe(before + 1_300 + 1_900);
    expect(await settlementTransfers(t, over.betNo, id)).toEqual([[`sportbet:${over.betNo}:settle:1`, 1_300]]);
    await expectLedgerSound(t);
  });
});

describe('cash out racing the settlement', () => {
  it('pays once: either the cash-out or the settlement, never both', async () => {
    const m = await registerMember(t.app);
    await fund(t, m.id, 100_000);
    const outcomes = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const fixture = await liveFixture();
      const bet = await placeDirect(t, m.id, 1_000, [selectionOf(fixture, '1x2', 'home')]);
      const list = await t.app.inject({ method: 'POST', url: API.sports.myBets, headers: bearer(m.token), payload: { status: 'open' } });
      const offer = (json(list).data.list as { bet_no: string; cashout: string | null }[]).find((b) => b.bet_no === bet.betNo)?.cashout;
      expect(offer).toBeTruthy();
      const before = await cashOf(t, m.id);
      const [cashout] = await Promise.all([
        t.app.inject({ method: 'POST', url: API.sports.cashout, headers: bearer(m.token), payload: { bet_no: bet.betNo, amount: offer } }),
        enterResult(t.ctx, fixture.id, { home_score: 2, away_score: 0 }, null),
      ]);
      const row = await betRow(t, bet.id);
      outcomes.add(row.status);
      if (row.status === 'cashed_out') {
        expect(cashout.statusCode).toBe(200);
        expect(await settlementTransfers(t, bet.betNo, m.id)).toEqual([]);
      } else {
        expect(cashout.statusCode).toBeGreaterThanOrEqual(400);
        expect(row).toMatchObject({ status: 'won', paid_centavos: 2_100 });
      }
      expect(await cashOf(t, m.id)).toBe(before + row.paid_centavos);
    }
    expect(outcomes.size).toBeGreaterThan(0);
    // Each bet counted its stake once, whichever way it closed.
    expect(await validBetsOf(t, m.id)).toBe(6 * 1_000);
    await expectLedgerSound(t);
  }, 60_000);
});
