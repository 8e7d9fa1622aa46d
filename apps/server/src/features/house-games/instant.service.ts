import { formatMultiplier, type Multiplier, multiplier as exactMultiplier } from '@casino/games/exact';
import * as dice from '@casino/games/dice';
import type { FloatSource } from '@casino/games/fair';
import * as plinko from '@casino/games/plinko';
import * as roulette from '@casino/games/roulette';
import * as carnaval from '@casino/games/slot-carnaval';
import * as fruit from '@casino/games/slot-fruit';
import { type Centavos, centavos, formatBRL, formatCentavos } from '@casino/shared/money';
import type { HouseGameCode } from '@casino/shared/schemas/games';
import type { AppContext } from '../../context.ts';
import { serverFloats } from '../../lib/fair-hmac.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { reserveNonce } from '../fair/fair.repository.ts';
import { playInstantRound } from '../wallet/instant-round.ts';
import { checkStake, type HouseGame, inGameTransaction, newRoundUid, notifyBalance, playableGame, roundRefOf } from './house-game.ts';

/**
 * Instant house games (dice, plinko, roulette, the two slots): one transaction per round. It
 * reserves the member's next nonce, draws the outcome from HMAC(server seed, client seed:nonce)
 * with packages/games (the code the verify page runs), takes the stake, pays the win or settles
 * the loss, and stores the outcome with its seed pair and nonce. Nothing of a refused bet stays.
 */

interface Drawn<T> {
  /** The round's parameters and result as stored (outcome_json) and answered. */
  params: Record<string, unknown>;
  result: T;
  winCentavos: number;
  multiplier: Multiplier;
}

export interface InstantAnswer<T> {
  round_id: number;
  amount: string;
  win: string;
  multiplier: string;
  balance: string;
  outcome: T;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

export async function playInstant<T>(
  ctx: AppContext,
  memberId: number,
  game: HouseGame,
  stakeCentavos: Centavos,
  draw: (source: FloatSource) => Drawn<T>,
): Promise<InstantAnswer<T>> {
  const roundUid = newRoundUid(game.code);
  const ref = roundRefOf(game, memberId, roundUid);
  const answer = await inGameTransaction(ctx, async (trx) => {
    const seed = await reserveNonce(trx, memberId);
    const drawn = draw(serverFloats({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce }));
    const stored = {
      game: game.code,
      params: drawn.params,
      result: drawn.result,
      multiplier: formatMultiplier(drawn.multiplier, 4),
      bet_centavos: stakeCentavos,
      win_centavos: drawn.winCentavos,
    };
    const played = await playInstantRound(trx, ref, {
      stakeCentavos,
      winCentavos: centavos(drawn.winCentavos),
      outcome: stored,
      seedId: seed.seedId,
      nonce: seed.nonce,
    });
    return {
      round_id: played.roundId,
      amount: formatCentavos(stakeCentavos),
      win: formatCentavos(drawn.winCentavos),
      multiplier: stored.multiplier,
      balance: formatCentavos(played.balanceCentavos),
      outcome: drawn.result,
      server_seed_hash: seed.serverSeedHash,
      client_seed: seed.clientSeed,
      nonce: seed.nonce,
    };
  });
  await notifyBalance(ctx, memberId);
  return answer;
}

// ---- dice -----------------------------------------------------------------------------------

export async function playDice(
  ctx: AppContext,
  memberId: number,
  input: { amount: Centavos; target: number; direction: dice.DiceDirection },
) {
  const game = await playableGame(ctx, 'dice', { recent: true });
  const params = { target: input.target, direction: input.direction };
  if (!dice.isValidDiceParams(params)) throw fieldError('VALIDATION_FAILED', 'target', 'games.dice_target_invalid');
  checkStake(game, input.amount);
  return playInstant(ctx, memberId, game, input.amount, (source) => {
    const outcome = dice.play(source, params);
    return {
      params,
      result: { roll: outcome.roll, target: params.target, direction: params.direction, chance: outcome.chance, win: outcome.win },
      winCentavos: dice.dicePayout(input.amount, outcome),
      multiplier: outcome.win ? outcome.multiplier : exactMultiplier(0),
    };
  });
}

// ---- plinko ---------------------------------------------------------------------------------

export async function playPlinko(ctx: AppContext, memberId: number, input: { amount: Centavos; rows: number; risk: plinko.PlinkoRisk }) {
  const game = await playableGame(ctx, 'plinko', { recent: true });
  const params = { rows: input.rows, risk: input.risk };
  if (!plinko.isValidPlinkoParams(params)) throw fieldError('VALIDATION_FAILED', 'rows', 'games.plinko_rows_invalid');
  checkStake(game, input.amount);
  return playInstant(ctx, memberId, game, input.amount, (source) => {
    const outcome = plinko.play(source, params);
    return {
      params,
      result: { rows: outcome.rows, risk: outcome.risk, path: outcome.path, slot: outcome.slot },
      winCentavos: plinko.plinkoPayout(input.amount, outcome),
      multiplier: outcome.multiplier,
    };
  });
}

// ---- roulette -------------------------------------------------------------------------------

export interface RouletteChipInput {
  type: string;
  numbers?: number[] | undefined;
  index?: number | undefined;
  amount: number;
}

export function toStakes(chips: RouletteChipInput[]): roulette.RouletteStake[] {
  return chips.map((chip) => ({
    bet: {
      type: chip.type as roulette.RouletteBetType,
      ...(chip.numbers !== undefined && chip.numbers.length > 0 ? { numbers: chip.numbers } : {}),
      ...(chip.index !== undefined ? { index: chip.index } : {}),
    },
    amountCentavos: chip.amount,
  }));
}

/** The table's refusal of a spin as an answer naming the chip (bets.<i>.amount) and the limit. */
export function rouletteRefusal(
  problem: NonNullable<ReturnType<typeof roulette.validateRouletteStakes>>,
  stakes: roulette.RouletteStake[],
) {
  const { index, reason } = problem;
  const amount = (centavos: number) => (lang: string) => ({ amount: formatBRL(centavos, lang) });
  switch (reason) {
    case 'no_bets':
      return fieldError('VALIDATION_FAILED', 'bets', 'games.roulette_no_bets');
    case 'too_many_bets':
      return fieldError('VALIDATION_FAILED', 'bets', 'games.roulette_too_many_bets');
    case 'above_total':
      return new AppError('BET_ABOVE_MAX', {
        fieldErrors: { bets: ['games.roulette_total_above_max'] },
        messageValues: amount(roulette.ROULETTE_LIMITS.maxTotalCentavos),
      });
    case 'below_min':
      return new AppError('BET_BELOW_MIN', {
        fieldErrors: { [`bets.${index}.amount`]: ['games.roulette_bet_below_min'] },
        messageValues: amount(roulette.ROULETTE_LIMITS.minBetCentavos),
      });
    case 'above_max': {
      const type = stakes[index]?.bet.type ?? 'straight';
      return new AppError('BET_ABOVE_MAX', {
        fieldErrors: { [`bets.${index}.amount`]: ['games.roulette_bet_above_max'] },
        messageValues: amount(roulette.ROULETTE_LIMITS.maxBetCentavos[type]),
      });
    }
    default:
      return fieldError('VALIDATION_FAILED', `bets.${index}`, 'games.roulette_bet_invalid');
  }
}

export async function playRoulette(ctx: AppContext, memberId: number, chips: RouletteChipInput[]) {
  const game = await playableGame(ctx, 'roulette', { recent: true });
  const stakes = toStakes(chips);
  const problem = roulette.validateRouletteStakes(stakes);
  if (problem) throw rouletteRefusal(problem, stakes);
  const total = stakes.reduce((sum, s) => sum + s.amountCentavos, 0);
  checkStake(game, total, 'bets');
  return playInstant(ctx, memberId, game, centavos(total), (source) => {
    const outcome = roulette.play(source);
    const settlement = roulette.settleRoulette(outcome.number, stakes);
    return {
      params: {
        bets: stakes.map((s) => ({
          type: s.bet.type,
          numbers: s.bet.numbers ?? [],
          index: s.bet.index ?? null,
          amount_centavos: s.amountCentavos,
        })),
      },
      result: {
        number: outcome.number,
        color: outcome.color,
        bets: stakes.map((s, i) => ({
          type: s.bet.type,
          numbers: [...(s.bet.numbers ?? [])],
          index: s.bet.index ?? null,
          amount: formatCentavos(s.amountCentavos),
          win: formatCentavos(settlement.returns[i] ?? 0),
        })),
      },
      winCentavos: settlement.totalReturnCentavos,
      multiplier: exactMultiplier(settlement.totalReturnCentavos, total),
    };
  });
}

// ---- slots ----------------------------------------------------------------------------------

export const SLOT_CODES = ['fruit-frenzy', 'carnaval-20'] as const satisfies readonly HouseGameCode[];
export type SlotCode = (typeof SLOT_CODES)[number];

export function isSlotCode(code: string): code is SlotCode {
  return (SLOT_CODES as readonly string[]).includes(code);
}

/** A spin with everything it triggers (free spins included) resolved in the same round. */
function spinSlot(code: SlotCode, source: FloatSource, stakeCentavos: number) {
  if (code === 'fruit-frenzy') {
    const outcome = fruit.play(source);
    return { outcome, winCentavos: fruit.fruitPayout(stakeCentavos, outcome) };
  }
  const outcome = carnaval.play(source);
  return { outcome, winCentavos: carnaval.carnavalPayout(stakeCentavos, outcome) };
}

export async function playSlot(ctx: AppContext, memberId: number, code: SlotCode, amount: Centavos) {
  const game = await playableGame(ctx, code, { recent: true });
  checkStake(game, amount);
  return playInstant(ctx, memberId, game, amount, (source) => {
    const { outcome, winCentavos } = spinSlot(code, source, amount);
    return {
      params: { bet_centavos: amount },
      result: outcome as unknown as Record<string, unknown>,
      winCentavos,
      multiplier: exactMultiplier(winCentavos, amount),
    };
  });
}
