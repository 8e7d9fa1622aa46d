/**
 * Limbo: the player sets a target multiplier from 1.01x to 1,000,000x and wins target x stake
 * when the round's result reaches it. Multipliers are integers in hundredths (235 = 2.35x).
 *
 * The result comes from the first 8 bytes of the bet's stream (fair.ts: HMAC_SHA256(serverSeed,
 * `${clientSeed}:${nonce}:0`), bytes 0..7) read as a big-endian 64-bit integer u, so
 * v = 2^64 - u is uniform on 1..2^64, and (like crash, with a 1% edge)
 *
 *   result = min(100,000,000, max(100, floor(99 * 2^64 / v)))   hundredths.
 *
 * For a target T (101 <= T <= 100,000,000): result >= T exactly when v <= 99 * 2^64 / T, so
 * P(win) = floor(99 * 2^64 / T) / 2^64 and the RTP is T/100 * floor(99 * 2^64 / T) / 2^64, which
 * lies in (0.99 - T / (100 * 2^64), 0.99]: 99% to within 6e-14 at every target (`limboRtp` gives
 * the exact rational). The clamps change nothing for a target in range: at most 100 only below
 * 1.01x, the cap only above 1,000,000x.
 *
 * A win pays floor(stake * T / 100) centavos. At the minimum stake of R$ 0,10 that is
 * floor(T / 10) centavos, so the RTP there is 0.99 * floor(T / 10) * 10 / T: lowest at T = 109
 * (1.09x pays R$ 0,10), 0.99 * 100 / 109 = 90.83%; from 10.00x on, at least 98.9%.
 */
import type { Centavos } from '@casino/shared/money';
import { type Multiplier, multiplier, payout } from './exact.ts';
import type { FloatSource } from './fair.ts';

export const LIMBO_MIN_TARGET = 101;
export const LIMBO_MAX_TARGET = 100_000_000;
/** The result is shown up to this many hundredths (1,000,000.00x). */
export const LIMBO_MAX_RESULT = 100_000_000;
export const declaredRtp = 0.99;

const TWO_32 = 2 ** 32;
const TWO_64 = 2n ** 64n;

export type LimboParams = { target: number };
export type LimboOutcome = { result: number; target: number; win: boolean; multiplier: Multiplier };

export function isValidLimboTarget(target: number): boolean {
  return Number.isInteger(target) && target >= LIMBO_MIN_TARGET && target <= LIMBO_MAX_TARGET;
}

/** The result in hundredths from the 64-bit integer u (0 <= u < 2^64). */
export function limboResultFromBits(u: bigint): number {
  if (u < 0n || u >= TWO_64) throw new RangeError('u must lie in [0, 2^64)');
  const point = (99n * TWO_64) / (TWO_64 - u);
  if (point < 100n) return 100;
  return point > BigInt(LIMBO_MAX_RESULT) ? LIMBO_MAX_RESULT : Number(point);
}

/** The result from the stream: two 4-byte words, u = w0 * 2^32 + w1. */
export function limboResult(source: FloatSource): number {
  const w0 = BigInt(Math.floor(source() * TWO_32));
  const w1 = BigInt(Math.floor(source() * TWO_32));
  return limboResultFromBits((w0 << 32n) | w1);
}

export function play(source: FloatSource, params: LimboParams): LimboOutcome {
  if (!isValidLimboTarget(params.target)) throw new RangeError('invalid limbo target');
  const result = limboResult(source);
  return { result, target: params.target, win: result >= params.target, multiplier: multiplier(params.target, 100) };
}

/** What the bet returns, stake included: floor(bet * T / 100) on a win, else 0. */
export function limboPayout(betCentavos: number, outcome: LimboOutcome): Centavos {
  return outcome.win ? payout(betCentavos, outcome.multiplier) : (0 as Centavos);
}

/** P(win) at a target, exactly: floor(99 * 2^64 / T) values of v out of 2^64. */
export function limboWinCount(target: number): bigint {
  if (!isValidLimboTarget(target)) throw new RangeError('invalid limbo target');
  return (99n * TWO_64) / BigInt(target);
}

export type BigRatio = { num: bigint; den: bigint };

/** The exact RTP at a target: T * floor(99 * 2^64 / T) / (100 * 2^64). */
export function limboRtp(target: number): BigRatio {
  return { num: BigInt(target) * limboWinCount(target), den: 100n * TWO_64 };
}

/** The exact RTP at a stake, the win floored to the centavo: floor(bet * T / 100) * P(win) / bet. */
export function limboRtpAtStake(target: number, betCentavos: number): BigRatio {
  const win = BigInt(payout(betCentavos, multiplier(target, 100)));
  return { num: win * limboWinCount(target), den: BigInt(betCentavos) * TWO_64 };
}

/** A BigRatio as a float (for display and comparisons with a tolerance). */
export function ratioValue(r: BigRatio): number {
  // Scale to 18 digits first so the division keeps its precision.
  return Number((r.num * 10n ** 18n) / r.den) / 1e18;
}
