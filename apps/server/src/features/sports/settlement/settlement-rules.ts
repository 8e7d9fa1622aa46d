import { type LegResult, settleBet } from '@casino/games/sport-bets';
import type { LedgerTransferCode } from '@casino/shared/ledger-codes';

/**
 * What a settlement does to one bet, as a pure decision: the state its legs' results call for and
 * the money between that and what the bet has paid so far. The service applies it in a
 * transaction; the tests check it by the centavo.
 */

export type BetStatus = 'open' | 'won' | 'lost' | 'void' | 'cashed_out';

export interface BetNow {
  status: string;
  stakeCentavos: number;
  /** Everything the bet has paid so far (payouts and refunds, less what corrections took back). */
  paidCentavos: number;
}

export interface BetMove {
  status: 'open' | 'won' | 'lost' | 'void';
  /** What the bet should have paid in all once this settles (0 while open or lost). */
  targetPaidCentavos: number;
  /** Money to move now: positive pays the member, negative takes back (a correction). */
  deltaCentavos: number;
  /** The stake becomes a valid bet now (turnover, wagering, VIP, the day's figures). */
  countsStake: boolean;
}

/** A selection's result as a leg reads it (anything unknown stays pending: never paid by mistake). */
export function legResultOf(selectionResult: string): LegResult {
  return selectionResult === 'won' || selectionResult === 'lost' || selectionResult === 'void' ? selectionResult : 'pending';
}

/**
 * The move a bet needs for its legs' current results, or null when it is where it should be.
 * A cashed-out bet is final: corrections never reach it. A bet whose stake was given back whole
 * (void) was no valid bet; its stake counts once it is won or lost, which happens at most once
 * from open or void (a bet already won or lost counted it).
 */
export function planBetMove(bet: BetNow, legs: readonly { odds: number; result: LegResult }[]): BetMove | null {
  if (bet.status === 'cashed_out') return null;
  const settled = settleBet(bet.stakeCentavos, legs);
  const targetPaidCentavos = settled.status === 'open' ? 0 : settled.payoutCentavos;
  const deltaCentavos = targetPaidCentavos - bet.paidCentavos;
  if (settled.status === bet.status && deltaCentavos === 0) return null;
  const wasCounted = bet.status === 'won' || bet.status === 'lost';
  const counts = settled.status === 'won' || settled.status === 'lost';
  return { status: settled.status, targetPaidCentavos, deltaCentavos, countsStake: counts && !wasCounted };
}

/** The win a bet adds to the member's day figures: its payout when won, nothing otherwise. */
export function winFigure(status: string, paidCentavos: number): number {
  return status === 'won' ? paidCentavos : 0;
}

/** Why money moves, for the ledger transfer's code. */
export function transferCode(fromStatus: string, move: BetMove): LedgerTransferCode {
  if (move.deltaCentavos < 0) return 'sport_bet_correction';
  if (move.status === 'void') return 'sport_bet_refund';
  return fromStatus === 'open' ? 'sport_bet_payout' : 'sport_bet_correction';
}
