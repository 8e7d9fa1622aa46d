/**
 * Dice: a roll from 0.00 to 100.00 (10001 equally likely values, `floor(f * 10001) / 100`),
 * the player wins when it lands over (or under) a chosen target.
 *
 * Chance and target are integers in hundredths of a percent. The winning set has W values out
 * of 10001 and the multiplier is 99 / chance = 9900 / W, so every bet returns exactly
 * W/10001 * 9900/W = 9900/10001 (98.99%), whatever the target: the 1% edge players expect,
 * plus the one extra value (100.00 or 0.00) that the 10001-value roll carries.
 */
import type { Centavos } from '@casino/shared/money';
import type { FloatSource } from './fair.ts';
import { type Multiplier, multiplier, payout } from './exact.ts';

export const DICE_OUTCOMES = 10_001;
/** Exactly 9900/10001 for every target and direction. */
export const declaredRtp = 9900 / DICE_OUTCOMES;
export const DICE_RTP_RATIONAL = { num: 9900, den: DICE_OUTCOMES } as const;

/** Win chance bounds, in hundredths of a percent: 0.01% to 98.00%. */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9800;

export type DiceDirection = 'over' | 'under';
/** target: hundredths (5050 = 50.50). Over wins when roll > target; under when roll < target. */
export type DiceParams = { target: number; direction: DiceDirection };

export type DiceOutcome = {
  /** The roll in hundredths, 0..10000 (4237 = 42.37). */
  roll: number;
  win: boolean;
  /** Win chance in hundredths of a percent (4950 = 49.50%). */
  chance: number;
  multiplier: Multiplier;
};

/** Win chance of a target, in hundredths of a percent (the number of winning roll values). */
export function diceChance(params: DiceParams): number {
  return params.direction === 'over' ? 10_000 - params.target : params.target;
}

/** The target that gives a chance (hundredths) in a direction: the inverse of diceChance. */
export function diceTargetForChance(chance: number, direction: DiceDirection): number {
  return direction === 'over' ? 10_000 - chance : chance;
}

export function isValidDiceParams(params: DiceParams): boolean {
  if (params.direction !== 'over' && params.direction !== 'under') return false;
  if (!Number.isInteger(params.target)) return false;
  const chance = diceChance(params);
  return chance >= DICE_MIN_CHANCE && chance <= DICE_MAX_CHANCE;
}

/** 99 / chance, exactly (9900 / W). */
export function diceMultiplier(params: DiceParams): Multiplier {
  return multiplier(9900, diceChance(params));
}

export function diceRoll(source: FloatSource): number {
  return Math.floor(source() * DICE_OUTCOMES);
}

export function play(source: FloatSource, params: DiceParams): DiceOutcome {
  if (!isValidDiceParams(params)) throw new RangeError('invalid dice parameters');
  const roll = diceRoll(source);
  const win = params.direction === 'over' ? roll > params.target : roll < params.target;
  return { roll, win, chance: diceChance(params), multiplier: diceMultiplier(params) };
}

/** What the bet returns, stake included (0 on a loss). */
export function dicePayout(betCentavos: number, outcome: DiceOutcome): Centavos {
  return outcome.win ? payout(betCentavos, outcome.multiplier) : (0 as Centavos);
}
