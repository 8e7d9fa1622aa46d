import * as bacbo from '@casino/games/bacbo';
import * as baccarat from '@casino/games/baccarat';
import { cardCode } from '@casino/games/cards';
import { multiplier as exactMultiplier, type Multiplier } from '@casino/games/exact';
import * as keno from '@casino/games/keno';
import * as limbo from '@casino/games/limbo';
import { type Centavos, centavos, formatBRL, formatCentavos } from '@casino/shared/money';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { checkStake, type HouseGame, playableGame } from './house-game.ts';
import { playInstant } from './instant.service.ts';

/**
 * Issue 14's instant table games: keno, limbo, baccarat and bac bo. Each is one request and one
 * settled round through the instant games' path (instant.service.ts playInstant: the member's next
 * nonce, the outcome from HMAC(server seed, client seed:nonce) with packages/games, the stake and
 * the win through the wallet's fast path with the responsible-gaming checks, the round stored with
 * its seed pair). Every check runs before the transaction: a refused bet moves no money and uses
 * no nonce.
 */

// ---- keno -----------------------------------------------------------------------------------

const KENO_MESSAGES: Record<keno.KenoParamsError, string> = {
  risk_invalid: 'table_games.keno_risk_invalid',
  picks_count: 'table_games.keno_picks_count',
  pick_out_of_range: 'table_games.keno_pick_invalid',
  pick_repeated: 'table_games.keno_pick_repeated',
};

export async function playKeno(ctx: AppContext, memberId: number, input: { amount: Centavos; picks: number[]; risk: keno.KenoRisk }) {
  const game = await playableGame(ctx, 'keno', { recent: true });
  const params = { picks: [...input.picks], risk: input.risk };
  const problem = keno.kenoParamsProblem(params);
  if (problem) throw fieldError('VALIDATION_FAILED', problem === 'risk_invalid' ? 'risk' : 'picks', KENO_MESSAGES[problem]);
  checkStake(game, input.amount);
  return playInstant(ctx, memberId, game, input.amount, (source) => {
    const outcome = keno.play(source, params);
    return {
      params,
      result: { picks: params.picks, risk: params.risk, drawn: outcome.drawn, hits: outcome.hits },
      winCentavos: keno.kenoPayout(input.amount, outcome),
      multiplier: outcome.multiplier,
    };
  });
}

// ---- limbo ----------------------------------------------------------------------------------

export async function playLimbo(ctx: AppContext, memberId: number, input: { amount: Centavos; target: number }) {
  const game = await playableGame(ctx, 'limbo', { recent: true });
  if (!limbo.isValidLimboTarget(input.target)) throw fieldError('VALIDATION_FAILED', 'target', 'table_games.limbo_target_invalid');
  checkStake(game, input.amount);
  const params = { target: input.target };
  return playInstant(ctx, memberId, game, input.amount, (source) => {
    const outcome = limbo.play(source, params);
    return {
      params,
      result: { target: outcome.target, result: outcome.result, win: outcome.win },
      winCentavos: limbo.limboPayout(input.amount, outcome),
      multiplier: outcome.win ? outcome.multiplier : exactMultiplier(0),
    };
  });
}

// ---- baccarat and bac bo --------------------------------------------------------------------

export interface TableBetInput {
  type: string;
  amount: number;
}

/** Each spot once, each at least the game's minimum, the total within its maximum. */
function checkTableBets(game: HouseGame, bets: TableBetInput[], known: (type: string) => boolean, prefix: 'baccarat' | 'bacbo'): number {
  if (bets.length === 0) throw fieldError('VALIDATION_FAILED', 'bets', 'table_games.table_no_bets');
  const seen = new Set<string>();
  bets.forEach((bet, index) => {
    if (!known(bet.type)) throw fieldError('VALIDATION_FAILED', `bets.${index}.type`, `table_games.${prefix}_bet_invalid`);
    if (seen.has(bet.type)) throw fieldError('VALIDATION_FAILED', `bets.${index}.type`, 'table_games.table_bet_repeated');
    seen.add(bet.type);
    if (bet.amount < game.minBetCentavos) {
      throw new AppError('BET_BELOW_MIN', {
        fieldErrors: { [`bets.${index}.amount`]: ['games.bet_below_min'] },
        messageValues: (lang) => ({ amount: formatBRL(game.minBetCentavos, lang) }),
      });
    }
  });
  const total = bets.reduce((sum, bet) => sum + bet.amount, 0);
  checkStake(game, total, 'bets');
  return total;
}

/** What each spot returned, and the round's multiplier (all returns over all stakes). */
function settleSpots(bets: TableBetInput[], returnOf: (bet: TableBetInput) => number, total: number) {
  const returns = bets.map(returnOf);
  const winCentavos = returns.reduce((sum, r) => sum + r, 0);
  const settled = bets.map((bet, i) => ({ type: bet.type, amount: formatCentavos(bet.amount), win: formatCentavos(returns[i] ?? 0) }));
  const multiplier: Multiplier = exactMultiplier(winCentavos, total);
  return { settled, winCentavos, multiplier };
}

const storedBets = (bets: TableBetInput[]) => bets.map((bet) => ({ type: bet.type, amount_centavos: bet.amount }));

export async function playBaccarat(ctx: AppContext, memberId: number, bets: TableBetInput[]) {
  const game = await playableGame(ctx, 'baccarat', { recent: true });
  const total = checkTableBets(game, bets, baccarat.isBaccaratBet, 'baccarat');
  return playInstant(ctx, memberId, game, centavos(total), (source) => {
    const outcome = baccarat.play(source);
    const spots = settleSpots(bets, (bet) => baccarat.baccaratPayout(bet.type as baccarat.BaccaratBet, bet.amount, outcome), total);
    return {
      params: { bets: storedBets(bets) },
      result: {
        player: outcome.player.map(cardCode),
        banker: outcome.banker.map(cardCode),
        player_total: outcome.playerTotal,
        banker_total: outcome.bankerTotal,
        winner: outcome.winner,
        player_pair: outcome.playerPair,
        banker_pair: outcome.bankerPair,
        bets: spots.settled,
      },
      winCentavos: spots.winCentavos,
      multiplier: spots.multiplier,
    };
  });
}

export async function playBacbo(ctx: AppContext, memberId: number, bets: TableBetInput[]) {
  const game = await playableGame(ctx, 'bac-bo', { recent: true });
  const total = checkTableBets(game, bets, bacbo.isBacboBet, 'bacbo');
  return playInstant(ctx, memberId, game, centavos(total), (source) => {
    const outcome = bacbo.play(source);
    const spots = settleSpots(bets, (bet) => bacbo.bacboPayout(bet.type as bacbo.BacboBet, bet.amount, outcome), total);
    return {
      params: { bets: storedBets(bets) },
      result: {
        player: outcome.player,
        banker: outcome.banker,
        player_total: outcome.playerTotal,
        banker_total: outcome.bankerTotal,
        winner: outcome.winner,
        bets: spots.settled,
      },
      winCentavos: spots.winCentavos,
      multiplier: spots.multiplier,
    };
  });
}
