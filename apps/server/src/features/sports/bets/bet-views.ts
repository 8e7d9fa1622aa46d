import { formatLine, formatOdds, type MarketType } from '@casino/games/football';
import { cashoutOffer, type LegResult } from '@casino/games/sport-bets';
import { formatCentavos } from '@casino/shared/money';
import type { SportBet } from '@casino/shared/schemas/sports';
import type { BetRow, LegRow } from './bets.repository.ts';

/**
 * Bets as the player sees them (the shared `sportBet` shape) and the cash-out offer of an open bet.
 * Pure: the list, the placement answer and the cash-out compute the offer with the same function,
 * so the amount a player accepts is the amount the server re-computes when nothing moved.
 */

const CLOSED_FIXTURES = new Set(['finished', 'cancelled']);

/**
 * What the book pays now to close an open bet, in centavos, or null when it offers nothing: the bet
 * is not open, a leg lost, or a pending leg cannot be priced right now (its market is suspended,
 * settled or void but not yet applied to the leg, or its match is over and waiting for settlement:
 * a known result must never be bought at a stale probability).
 */
export function cashoutOfferOf(bet: Pick<BetRow, 'status' | 'stake_centavos'>, legs: readonly LegRow[], marginBp: number): number | null {
  if (bet.status !== 'open' || legs.length === 0) return null;
  for (const leg of legs) {
    if (leg.result !== 'pending') continue;
    if (leg.market_status !== 'open' || CLOSED_FIXTURES.has(leg.fixture_status)) return null;
  }
  return cashoutOffer(
    bet.stake_centavos,
    legs.map((leg) => ({ odds: leg.odds, result: leg.result as LegResult, probability: leg.probability_ppm / 1_000_000 })),
    marginBp,
  );
}

function legView(leg: LegRow): SportBet['legs'][number] {
  return {
    fixture_id: leg.fixture_id,
    fixture_name: `${leg.home_name} x ${leg.away_name}`,
    starts_at: leg.starts_at,
    fixture_status: leg.fixture_status as SportBet['legs'][number]['fixture_status'],
    home_score: leg.home_score,
    away_score: leg.away_score,
    market_type: leg.market_type as MarketType,
    line: formatLine(leg.market_type as MarketType, leg.line),
    selection_id: leg.selection_id,
    selection_code: leg.selection_code,
    odds: formatOdds(leg.odds),
    result: leg.result as SportBet['legs'][number]['result'],
  };
}

/** One bet with its legs and its cash-out offer now. */
export function betView(bet: BetRow, legs: readonly LegRow[], cashoutMarginBp: number): SportBet {
  const offer = cashoutOfferOf(bet, legs, cashoutMarginBp);
  return {
    bet_no: bet.bet_no,
    kind: bet.kind as SportBet['kind'],
    stake: formatCentavos(bet.stake_centavos),
    total_odds: formatOdds(bet.total_odds),
    potential_payout: formatCentavos(bet.potential_payout_centavos),
    status: bet.status as SportBet['status'],
    paid: formatCentavos(bet.paid_centavos),
    placed_at: bet.placed_at,
    settled_at: bet.settled_at,
    cashout: offer === null ? null : formatCentavos(offer),
    legs: legs.map(legView),
  };
}

/** Bets with their own legs (legs given for all the bets at once, as one query returns them). */
export function betViews(bets: readonly BetRow[], legs: readonly LegRow[], cashoutMarginBp: number): SportBet[] {
  const byBet = new Map<number, LegRow[]>();
  for (const leg of legs) {
    const list = byBet.get(leg.bet_id);
    if (list) list.push(leg);
    else byBet.set(leg.bet_id, [leg]);
  }
  return bets.map((bet) => betView(bet, byBet.get(bet.id) ?? [], cashoutMarginBp));
}
