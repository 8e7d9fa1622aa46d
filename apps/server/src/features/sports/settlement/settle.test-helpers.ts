import { centavos } from '@casino/shared/money';
import { randomBytes } from 'node:crypto';
import { accumulatedOdds, payoutFor } from '@casino/games/sport-bets';
import { expect } from 'vitest';
import { nowIso } from '../../../db/database.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { verifyLedger } from '../../../platform/ledger/ledger-verify.ts';
import { cash, house } from '../../../platform/ledger/ledger.service.ts';
import { postTransfer } from '../../../platform/ledger/post-transfer.ts';
import { SPORTSBOOK_HOUSE } from './settle.service.ts';

/**
 * Fixtures of the settlement tests. A bet is written the way placement writes it (bet row, legs
 * at the selections' current odds, the stake moved cash -> sportsbook_house under
 * `sportbet:<bet_no>:stake`, one transaction), so settlement meets exactly what it meets live.
 */

export interface PlacedBet {
  id: number;
  betNo: string;
  stakeCentavos: number;
  totalOdds: number;
}

/** Places a bet (single when one selection, accumulator otherwise) at the current prices. */
export async function placeDirect(t: TestApp, memberId: number, stakeCentavos: number, selectionIds: number[]): Promise<PlacedBet> {
  return t.ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('selections')
      .innerJoin('markets', 'markets.id', 'selections.market_id')
      .select(['selections.id', 'selections.odds', 'selections.market_id', 'markets.fixture_id'])
      .where('selections.id', 'in', selectionIds)
      .execute();
    const legs = selectionIds.map((id) => rows.find((r) => r.id === id)!);
    const totalOdds = accumulatedOdds(legs.map((l) => l.odds));
    const betNo = `T${randomBytes(8).toString('hex')}`;
    const bet = await trx
      .insertInto('sport_bets')
      .values({
        member_id: memberId,
        bet_no: betNo,
        request_id: randomBytes(8).toString('hex'),
        kind: legs.length === 1 ? 'single' : 'accumulator',
        stake_centavos: stakeCentavos,
        total_odds: totalOdds,
        potential_payout_centavos: payoutFor(stakeCentavos, totalOdds),
        status: 'open',
        placed_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('sport_bet_legs')
      .values(legs.map((l) => ({ bet_id: bet.id, fixture_id: l.fixture_id, market_id: l.market_id, selection_id: l.id, odds: l.odds })))
      .execute();
    await postTransfer(trx, {
      key: `sportbet:${betNo}:stake`,
      code: 'sport_bet',
      lines: [
        { account: cash(memberId), amountCentavos: centavos(-stakeCentavos) },
        { account: house(SPORTSBOOK_HOUSE), amountCentavos: centavos(stakeCentavos) },
      ],
    });
    return { id: bet.id, betNo, stakeCentavos, totalOdds };
  });
}

export async function betRow(t: TestApp, betId: number) {
  return t.ctx.db.selectFrom('sport_bets').selectAll().where('id', '=', betId).executeTakeFirstOrThrow();
}

export async function legResults(t: TestApp, betId: number): Promise<string[]> {
  const rows = await t.ctx.db.selectFrom('sport_bet_legs').select('result').where('bet_id', '=', betId).orderBy('id').execute();
  return rows.map((r) => r.result);
}

/** The settlement transfers of a bet, in order: [key, signed centavos to the member]. */
export async function settlementTransfers(t: TestApp, betNo: string, memberId: number): Promise<[string, number][]> {
  const rows = await t.ctx.db
    .selectFrom('ledger_transfers')
    .innerJoin('ledger_entries', 'ledger_entries.transfer_id', 'ledger_transfers.id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_transfers.idempotency_key', 'ledger_entries.amount_centavos'])
    .where('ledger_transfers.idempotency_key', 'like', `sportbet:${betNo}:settle:%`)
    .where('ledger_accounts.member_id', '=', memberId)
    .orderBy('ledger_transfers.id')
    .execute();
  return rows.map((r) => [r.idempotency_key, r.amount_centavos]);
}

/** The member's lifetime valid bets (members.total_bet_centavos). */
export async function validBetsOf(t: TestApp, memberId: number): Promise<number> {
  const row = await t.ctx.db.selectFrom('members').select('total_bet_centavos').where('id', '=', memberId).executeTakeFirstOrThrow();
  return row.total_bet_centavos;
}

/** The member's 'sports' figures summed over days: stakes counted and wins. */
export async function sportsFigures(t: TestApp, memberId: number): Promise<{ bet: number; win: number }> {
  const rows = await t.ctx.db
    .selectFrom('member_daily_stats')
    .select(['bet_centavos', 'win_centavos'])
    .where('member_id', '=', memberId)
    .where('category', '=', 'sports')
    .execute();
  return { bet: rows.reduce((s, r) => s + r.bet_centavos, 0), win: rows.reduce((s, r) => s + r.win_centavos, 0) };
}

/** Every ledger invariant holds. */
export async function expectLedgerSound(t: TestApp) {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
}

/** Marks a fixture kicked off an hour ago (a result needs a match that started). */
export async function kickedOff(t: TestApp, fixtureId: number) {
  await t.ctx.db
    .updateTable('fixtures')
    .set({ status: 'live', starts_at: new Date(Date.now() - 3_600_000).toISOString() })
    .where('id', '=', fixtureId)
    .execute();
}
