/**
 * Keno (house): numbers 1..40, the player picks 1 to 10 of them, and 10 are drawn without
 * replacement. The draw is the first 10 positions of a forward Fisher-Yates shuffle of
 * [1, 2, ..., 40] (cards.ts: `shuffledPrefix`, 4 bytes per step, rejection sampling, so
 * `drawn[i]` = position i after step i). The order drawn is the order shown.
 *
 * With n picks the number of hits k is hypergeometric:
 * P(k) = C(n, k) * C(40 - n, 10 - k) / C(40, 10), C(40, 10) = 847,660,528. A paytable gives the
 * multiplier for each k in tenths (39 = 3.9x), the stake included; RTP = sum_k P(k) * m_k,
 * an exact rational. Every table lies between 97.0% and 98.0% (`kenoRtp`, the test lists them).
 *
 * Every multiplier is a whole number of tenths, so any stake that is a multiple of 10 centavos
 * (the minimum, R$ 0,10, included) is paid exactly: the RTP at the minimum stake after flooring
 * to the centavo is the table's RTP.
 */
import type { Centavos } from '@casino/shared/money';
import { binomial, gcd, multiplier, type Multiplier, payout } from './exact.ts';
import { shuffledPrefix } from './cards.ts';
import type { FloatSource } from './fair.ts';

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MIN_PICKS = 1;
export const KENO_MAX_PICKS = 10;
export const KENO_RISKS = ['classic', 'low', 'medium', 'high'] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];

/**
 * Multipliers in tenths, stake included: KENO_PAYTABLES[risk][n - 1][k] for n picks and k hits.
 */
export const KENO_PAYTABLES: Readonly<Record<KenoRisk, readonly (readonly number[])[]>> = {
  classic: [
    [0, 39],
    [0, 17, 56],
    [0, 10, 31, 95],
    [0, 0, 27, 85, 270],
    [0, 0, 15, 49, 160, 500],
    [0, 0, 0, 43, 140, 450, 1400],
    [0, 0, 0, 25, 79, 250, 800, 2600],
    [0, 0, 0, 0, 74, 240, 760, 2400, 7700],
    [0, 0, 0, 0, 42, 140, 430, 1400, 4400, 14000],
    [0, 0, 0, 0, 0, 140, 430, 1400, 4400, 14000, 45000],
  ],
  low: [
    [7, 18],
    [0, 20, 36],
    [0, 13, 25, 51],
    [0, 9, 19, 38, 76],
    [0, 0, 21, 39, 82, 160],
    [0, 0, 14, 29, 57, 110, 230],
    [0, 0, 11, 20, 42, 84, 170, 340],
    [0, 0, 0, 23, 43, 90, 180, 360, 720],
    [0, 0, 0, 16, 32, 65, 130, 260, 520, 1000],
    [0, 0, 0, 12, 24, 48, 95, 190, 380, 760, 1500],
  ],
  medium: [
    [4, 27],
    [0, 15, 69],
    [0, 0, 51, 230],
    [0, 0, 22, 100, 460],
    [0, 0, 0, 75, 340, 1500],
    [0, 0, 0, 35, 160, 700, 3100],
    [0, 0, 0, 0, 122, 560, 2500, 11000],
    [0, 0, 0, 0, 60, 270, 1200, 5400, 24000],
    [0, 0, 0, 0, 0, 225, 1000, 4600, 21000, 92000],
    [0, 0, 0, 0, 0, 0, 989, 4500, 20000, 90000, 406000],
  ],
  high: [
    [0, 39],
    [0, 13, 83],
    [0, 0, 44, 310],
    [0, 0, 0, 178, 1200],
    [0, 0, 0, 0, 799, 5600],
    [0, 0, 0, 0, 243, 1700, 12000],
    [0, 0, 0, 0, 0, 1139, 8100, 56000],
    [0, 0, 0, 0, 0, 0, 6363, 44000, 311000],
    [0, 0, 0, 0, 0, 0, 2054, 15000, 102000, 711000],
    [0, 0, 0, 0, 0, 0, 0, 13000, 90000, 626000, 1000000],
  ],
};

export type KenoParams = { picks: readonly number[]; risk: KenoRisk };
export type KenoOutcome = { drawn: number[]; hits: number[]; multiplier: Multiplier };
export type KenoParamsError = 'risk_invalid' | 'picks_count' | 'pick_out_of_range' | 'pick_repeated';

/** Why a bet's picks or risk are not acceptable, or null. */
export function kenoParamsProblem(params: KenoParams): KenoParamsError | null {
  if (!KENO_RISKS.includes(params.risk)) return 'risk_invalid';
  if (!Array.isArray(params.picks) || params.picks.length < KENO_MIN_PICKS || params.picks.length > KENO_MAX_PICKS) return 'picks_count';
  for (const pick of params.picks) if (!Number.isInteger(pick) || pick < 1 || pick > KENO_NUMBERS) return 'pick_out_of_range';
  if (new Set(params.picks).size !== params.picks.length) return 'pick_repeated';
  return null;
}

/** The 10 numbers drawn: the first 10 positions of a Fisher-Yates shuffle of 1..40. */
export function kenoDraw(source: FloatSource): number[] {
  return shuffledPrefix(
    source,
    Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1),
    KENO_DRAWN,
  );
}

/** The multiplier for `hits` hits out of `picks` picks. */
export function kenoMultiplier(picks: number, risk: KenoRisk, hits: number): Multiplier {
  const tenths = KENO_PAYTABLES[risk][picks - 1]?.[hits];
  if (tenths === undefined) throw new RangeError(`no keno pay for ${hits} hits of ${picks} (${risk})`);
  return multiplier(tenths, 10);
}

export function play(source: FloatSource, params: KenoParams): KenoOutcome {
  const problem = kenoParamsProblem(params);
  if (problem) throw new RangeError(`invalid keno bet: ${problem}`);
  const drawn = kenoDraw(source);
  const hits = params.picks.filter((p) => drawn.includes(p));
  return { drawn, hits, multiplier: kenoMultiplier(params.picks.length, params.risk, hits.length) };
}

/** What the bet returns, stake included: floor(bet * m). */
export function kenoPayout(betCentavos: number, outcome: KenoOutcome): Centavos {
  return payout(betCentavos, outcome.multiplier);
}

/** C(n, k) * C(40 - n, 10 - k): the draws (of C(40, 10)) with exactly k of the n picks. */
export function kenoHitWays(picks: number, hits: number): number {
  return binomial(picks, hits) * binomial(KENO_NUMBERS - picks, KENO_DRAWN - hits);
}

/** C(40, 10) = 847,660,528 equally likely draws. */
export const KENO_DRAWS = binomial(KENO_NUMBERS, KENO_DRAWN);

/** A reduced fraction num/den. */
export type Ratio = { num: number; den: number };

function ratio(num: number, den: number): Ratio {
  const g = gcd(num, den) || 1;
  return { num: num / g, den: den / g };
}

/** The exact RTP of a table: sum_k ways(k) * tenths(k) / (10 * C(40, 10)). */
export function kenoRtpRatio(picks: number, risk: KenoRisk): Ratio {
  let num = 0;
  for (let k = 0; k <= picks; k += 1) num += kenoHitWays(picks, k) * (KENO_PAYTABLES[risk][picks - 1]?.[k] ?? 0);
  return ratio(num, 10 * KENO_DRAWS);
}

export function kenoRtp(picks: number, risk: KenoRisk): number {
  const r = kenoRtpRatio(picks, risk);
  return r.num / r.den;
}

/** The exact RTP at a given stake, each win floored to the centavo: sum_k P(k) * floor(bet * m_k) / bet. */
export function kenoRtpAtStake(picks: number, risk: KenoRisk, betCentavos: number): Ratio {
  let num = 0;
  for (let k = 0; k <= picks; k += 1) {
    num += kenoHitWays(picks, k) * payout(betCentavos, kenoMultiplier(picks, risk, k));
  }
  return ratio(num, betCentavos * KENO_DRAWS);
}

/** The lowest table RTP (the figure the catalogue declares for the game). */
export const declaredRtp = Math.min(
  ...KENO_RISKS.flatMap((risk) => Array.from({ length: KENO_MAX_PICKS }, (_, i) => kenoRtp(i + 1, risk))),
);
