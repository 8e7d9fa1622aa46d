import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../../test/test-app.ts';
import { fund } from '../../withdrawals/withdrawals.test-helpers.ts';
import { enterResult } from '../settlement/settle.service.ts';
import { kickedOff, placeDirect } from '../settlement/settle.test-helpers.ts';
import { findSlip } from './bets.repository.ts';
import { createFixture, selectionOf, type TestFixture } from './test-fixtures.ts';

/**
 * The book's running exposure (sport_selection_exposure, migration 0018) against what summing the
 * open bets per placement answered before it: equal after placements, settlement, a corrected
 * result, a void and a cash-out, on SQLite and PostgreSQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The open exposure of every market with bets, summed over the open bets and their legs (the old reading). */
async function summedPerPlacement() {
  const rows = await t.ctx.db
    .selectFrom('sport_bet_legs')
    .innerJoin('sport_bets', 'sport_bets.id', 'sport_bet_legs.bet_id')
    .select((eb) => [
      'sport_bet_legs.market_id',
      'sport_bet_legs.selection_id',
      eb.fn.countAll<number>().as('bets'),
      eb.fn.sum<number>('sport_bets.stake_centavos').as('stakes'),
      eb.fn.sum<number>('sport_bets.potential_payout_centavos').as('payouts'),
    ])
    .where('sport_bets.status', '=', 'open')
    .groupBy(['sport_bet_legs.market_id', 'sport_bet_legs.selection_id'])
    .orderBy('sport_bet_legs.market_id')
    .orderBy('sport_bet_legs.selection_id')
    .execute();
  return rows.map((r) => [Number(r.market_id), Number(r.selection_id), Number(r.bets), Number(r.stakes), Number(r.payouts)]);
}

async function runningTotals() {
  const rows = await t.ctx.db
    .selectFrom('sport_selection_exposure')
    .selectAll()
    .where('open_bets', '<>', 0)
    .orderBy('market_id')
    .orderBy('selection_id')
    .execute();
  return rows.map((r) => [
    Number(r.market_id),
    Number(r.selection_id),
    Number(r.open_bets),
    Number(r.stakes_centavos),
    Number(r.payouts_centavos),
  ]);
}

async function expectKept(fixtures: TestFixture[]) {
  const summed = await summedPerPlacement();
  expect(await runningTotals()).toEqual(summed);
  // Rows left at zero stand for no money.
  const idle = await t.ctx.db.selectFrom('sport_selection_exposure').selectAll().where('open_bets', '=', 0).execute();
  for (const row of idle) expect([Number(row.stakes_centavos), Number(row.payouts_centavos)]).toEqual([0, 0]);
  // The placement's reading (findSlip), market by market and selection by selection.
  for (const fixture of fixtures) {
    for (const market of fixture.markets) {
      const own = summed.filter((row) => row[0] === market.id);
      for (const read of await findSlip(t.ctx.db, Object.values(market.selections))) {
        expect(read.market_open_stakes).toBe(own.reduce((sum, row) => sum + row[3]!, 0));
        expect(read.selection_open_payouts).toBe(own.find((row) => row[1] === read.selection_id)?.[4] ?? 0);
      }
    }
  }
}

describe('running market exposure', () => {
  it('equals the open bets summed, through placement, settlement, a corrected result, a void and a cash-out', async () => {
    const member = await registerMember(t.app);
    await fund(t, member.id, 10_000_000);
    const a = await createFixture(t.ctx.db);
    const b = await createFixture(t.ctx.db);
    const c = await createFixture(t.ctx.db);
    const fixtures = [a, b, c];
    const home = (f: TestFixture) => selectionOf(f, '1x2', 'home');
    const away = (f: TestFixture) => selectionOf(f, '1x2', 'away');
    const over = (f: TestFixture) => selectionOf(f, 'over_under', 'over');

    await placeDirect(t, member.id, 1_000, [home(a)]);
    await placeDirect(t, member.id, 700, [away(a)]);
    await placeDirect(t, member.id, 300, [over(a)]);
    await placeDirect(t, member.id, 500, [home(a), home(b)]); // accumulator: in full on both markets
    await placeDirect(t, member.id, 250, [away(a), over(b), home(c)]);
    await placeDirect(t, member.id, 900, [home(b)]);
    const cashedOut = await placeDirect(t, member.id, 400, [home(c)]);
    await expectKept(fixtures);

    // A: 2-0. Singles on A settle; the accumulator with a lost leg on A settles, the other waits on B.
    await kickedOff(t, a.id);
    await enterResult(t.ctx, a.id, { home_score: 2, away_score: 0 }, null);
    await expectKept(fixtures);

    // A corrected to 0-1: the bets of A settle again (won and lost swap), the waiting one no longer waits.
    await enterResult(t.ctx, a.id, { home_score: 0, away_score: 1 }, null);
    await expectKept(fixtures);

    // B cancelled: its bets are void.
    await kickedOff(t, b.id);
    await enterResult(t.ctx, b.id, { cancelled: true }, null);
    await expectKept(fixtures);

    // A bet leaving 'open' any other way (the cash-out's status) leaves the totals too.
    await t.ctx.db.updateTable('sport_bets').set({ status: 'cashed_out', paid_centavos: 350 }).where('id', '=', cashedOut.id).execute();
    await expectKept(fixtures);
  });
});
