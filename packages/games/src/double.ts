/**
 * Double (the Blaze-style wheel Brazilian players know): 15 slots, 0 is white (pays 14x),
 * 1-7 red and 8-14 black (pay 2x). Shared rounds draw from a hash chain like crash: the roll is
 * floor(X * 15) with X the top 52 bits of HMAC_SHA256(key = round hash, message = salt) over
 * 2^52. Every bet returns exactly 14/15 (93.33%): red 7/15 * 2, white 1/15 * 14.
 */
import type { Centavos } from '@casino/shared/money';
import { payout } from './exact.ts';
import type { FloatSource } from './fair.ts';
import { top52FromHash } from './crash.ts';

export const DOUBLE_SLOTS = 15;
export const declaredRtp = 14 / 15;

export const DOUBLE_COLORS = ['red', 'black', 'white'] as const;
export type DoubleColor = (typeof DOUBLE_COLORS)[number];

/** What a winning bet on each colour returns, stake included. */
export const DOUBLE_MULTIPLIERS: Readonly<Record<DoubleColor, number>> = { red: 2, black: 2, white: 14 };

/** The strip as the wheel shows it (alternating red and black around the white zero). */
export const DOUBLE_WHEEL_ORDER = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4] as const;

export function doubleColor(roll: number): DoubleColor {
  if (roll === 0) return 'white';
  return roll <= 7 ? 'red' : 'black';
}

export function doubleRollFromBits(r: bigint): number {
  return Number((r * BigInt(DOUBLE_SLOTS)) >> 52n);
}

/** The round's roll, 0..14. */
export function doubleRollFromHash(hashHex: string, salt: string): number {
  return doubleRollFromBits(top52FromHash(hashHex, salt));
}

/** For simulations. */
export function doubleRollFromSource(source: FloatSource): number {
  return Math.floor(source() * DOUBLE_SLOTS);
}

export function doublePayout(betCentavos: number, color: DoubleColor, roll: number): Centavos {
  return doubleColor(roll) === color ? payout(betCentavos, { num: DOUBLE_MULTIPLIERS[color], den: 1 }) : (0 as Centavos);
}
