import { centavos, formatCentavos, parseReais } from '@casino/shared/money';
import type { cashoutBody, SportBet } from '@casino/shared/schemas/sports';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/database.ts';
import { nowIso } from '../../../db/database.ts';
import { AppError, fieldError } from '../../../lib/http.ts';
import { cash, house, moved } from '../../../platform/ledger/ledger.service.ts';
import { postTransfer } from '../../../platform/ledger/post-transfer.ts';
import { recordWin } from '../../../platform/responsible/standing.ts';
import { recordPlay } from '../../promotions/daily-stats.ts';
import { countValidStake } from '../../wallet/wallet.service.ts';
import { betView, cashoutOfferOf } from './bet-views.ts';
import { loadSettings, notifyBalance, SPORTS_CATEGORY, SPORTSBOOK_HOUSE } from './betting.service.ts';
import * as repo from './bets.repository.ts';

/**
 * Cash out (issue 6): the member closes an open bet for the book's offer now, the bet's fair value
 * (accepted odds x the current fair probability of each pending leg) less the cash-out margin.
 * The player accepts an amount; the server re-computes the offer in one transaction that holds
 * the bet's markets (market-id order, as placement and settlement take them) and then the bet,
 * and pays only if the offer is still that amount and the bet still open. A settlement or a second
 * cash-out racing it finds the bet closed: a bet pays once. The stake counts as a valid bet here,
 * when the bet leaves 'open' (settlement counts it for every other way out).
 */

export type CashoutInput = z.output<typeof cashoutBody>;

/** Locks the bet's markets in id order, then the bet itself if it is still open. */
async function holdOpenBet(trx: Database, betId: number) {
  const legs = await repo.findLegs(trx, [betId]);
  await repo.lockMarkets(trx, [...new Set(legs.map((l) => l.market_id))]);
  const bet = await repo.lockOpenBet(trx, betId);
  if (!bet) throw new AppError('SPORTS_CASHOUT_UNAVAILABLE');
  return bet;
}

async function cashOutInTransaction(trx: Database, memberId: number, betId: number, acceptedCentavos: number) {
  const settings = await loadSettings(trx);
  const bet = await holdOpenBet(trx, betId);
  const legs = await repo.findLegs(trx, [betId]);
  const offer = cashoutOfferOf(bet, legs, settings.cashout_margin_bp);
  if (offer === null) throw new AppError('SPORTS_CASHOUT_UNAVAILABLE');
  if (offer !== acceptedCentavos) throw new AppError('SPORTS_CASHOUT_CHANGED', { extra: { offer: formatCentavos(offer) } });

  const posted = await postTransfer(trx, {
    key: `sportbet:${bet.bet_no}:cashout`,
    code: 'sport_cashout',
    lines: moved(house(SPORTSBOOK_HOUSE), cash(memberId), centavos(offer)),
    meta: { bet_no: bet.bet_no },
  });
  const closed = await repo.markCashedOut(trx, bet.id, offer, nowIso());
  if (!closed) throw new Error(`bet ${bet.bet_no} left 'open' while this transaction held it`);
  await countValidStake(trx, memberId, SPORTS_CATEGORY, bet.stake_centavos);
  await recordPlay(trx, memberId, SPORTS_CATEGORY, { winCentavos: offer });
  await recordWin(trx, memberId, offer);
  return { bet: betView(closed, legs, settings.cashout_margin_bp), balanceCentavos: Object.values(posted.balances)[0] ?? 0 };
}

/**
 * Cashes out one of the member's bets for `amount` (the offer the player saw). Another member's
 * bet number is not found; a moved offer answers 409 with the new one; nothing moves on refusal.
 */
export async function cashOut(ctx: AppContext, memberId: number, input: CashoutInput): Promise<{ bet: SportBet; balance: string }> {
  const acceptedCentavos = parseReais(input.amount);
  if (acceptedCentavos === null || acceptedCentavos <= 0) throw fieldError('VALIDATION_FAILED', 'amount', 'validation.amount_invalid');
  const found = await repo.findMemberBet(ctx.db, memberId, input.bet_no);
  if (!found) throw new AppError('SPORTS_BET_NOT_FOUND');
  if (found.status !== 'open') throw new AppError('SPORTS_CASHOUT_UNAVAILABLE');

  const done = await ctx.db.transaction().execute((trx) => cashOutInTransaction(trx, memberId, found.id, acceptedCentavos));
  await notifyBalance(ctx, memberId);
  return { bet: done.bet, balance: formatCentavos(done.balanceCentavos) };
}
