/**
 * European roulette: 37 pockets (single zero), number = floor(f * 37). Every standard bet, each
 * validated against the table layout. A winning bet returns stake * (payout + 1); every bet
 * covers n numbers and pays 36/n - 1 to 1, so each returns exactly 36/37 (97.30%).
 *
 * Layout: 1..36 in 12 rows of 3 (1-2-3, 4-5-6, ...); columns are n % 3 == 1, 2, 0 (column 1
 * holds 1, 4, ... 34). The zero sits above 1, 2 and 3.
 */
import type { Centavos } from '@casino/shared/money';
import type { FloatSource } from './fair.ts';

export const ROULETTE_POCKETS = 37;
export const declaredRtp = 36 / 37;

/** The wheel, clockwise from zero: the order the animation needs. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
] as const;

export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type RouletteColor = 'green' | 'red' | 'black';

export function rouletteColor(n: number): RouletteColor {
  if (n === 0) return 'green';
  return RED_NUMBERS.has(n) ? 'red' : 'black';
}

export const ROULETTE_BET_TYPES = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export type RouletteBetType = (typeof ROULETTE_BET_TYPES)[number];

/** "x to 1" for each bet type. */
export const ROULETTE_PAYOUTS: Readonly<Record<RouletteBetType, number>> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  line: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

/**
 * One bet on the table. Inside bets (straight, split, street, corner, line) name their numbers;
 * dozen and column take index 1..3; the even-money bets take neither.
 */
export type RouletteBet = { type: RouletteBetType; numbers?: readonly number[]; index?: number };
export type RouletteStake = { bet: RouletteBet; amountCentavos: number };

export type RouletteBetError = 'type_invalid' | 'numbers_invalid' | 'index_invalid';

/**
 * Table limits in centavos: a minimum per bet, a maximum per bet type (the usual pyramid, so a
 * straight-up can never win more than the even-money maximum), and a maximum for a whole spin.
 */
export const ROULETTE_LIMITS = {
  minBetCentavos: 10,
  maxBetCentavos: {
    straight: 10_000,
    split: 20_000,
    street: 30_000,
    corner: 40_000,
    line: 60_000,
    dozen: 120_000,
    column: 120_000,
    red: 250_000,
    black: 250_000,
    odd: 250_000,
    even: 250_000,
    low: 250_000,
    high: 250_000,
  } satisfies Record<RouletteBetType, number>,
  maxTotalCentavos: 500_000,
  maxBets: 160,
} as const;

/** Chip values offered by the table, in centavos. */
export const ROULETTE_CHIPS_CENTAVOS = [10, 50, 100, 500, 1_000, 5_000, 10_000] as const;

const ALL_NUMBERS = Array.from({ length: 36 }, (_, i) => i + 1);

function isTableNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 36;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sa = [...a].sort((x, y) => x - y);
  const sb = [...b].sort((x, y) => x - y);
  return sa.every((v, i) => v === sb[i]);
}

function rowOf(n: number): number {
  return Math.floor((n - 1) / 3);
}

function isSplit(ns: readonly number[]): boolean {
  const [a, b] = [...ns].sort((x, y) => x - y) as [number, number];
  if (a === 0) return b >= 1 && b <= 3;
  if (b - a === 3) return true;
  return b - a === 1 && rowOf(a) === rowOf(b);
}

function isStreet(ns: readonly number[]): boolean {
  const sorted = [...ns].sort((x, y) => x - y) as [number, number, number];
  // The trios 0-1-2 and 0-2-3 are streets too (11 to 1).
  if (sorted[0] === 0) return sameSet(sorted, [0, 1, 2]) || sameSet(sorted, [0, 2, 3]);
  const first = sorted[0];
  return first % 3 === 1 && sameSet(sorted, [first, first + 1, first + 2]);
}

function isCorner(ns: readonly number[]): boolean {
  const sorted = [...ns].sort((x, y) => x - y);
  // The first four (0-1-2-3) pays 8 to 1 like a corner.
  if (sorted[0] === 0) return sameSet(sorted, [0, 1, 2, 3]);
  const first = sorted[0] as number;
  return first % 3 !== 0 && first <= 32 && sameSet(sorted, [first, first + 1, first + 3, first + 4]);
}

function isLine(ns: readonly number[]): boolean {
  const sorted = [...ns].sort((x, y) => x - y);
  const first = sorted[0] as number;
  return first % 3 === 1 && first <= 31 && sameSet(sorted, [first, first + 1, first + 2, first + 3, first + 4, first + 5]);
}

const INSIDE_SIZE: Partial<Record<RouletteBetType, number>> = { straight: 1, split: 2, street: 3, corner: 4, line: 6 };

/** Null when the bet is a legal spot on the table, else why not. */
export function validateRouletteBet(bet: RouletteBet): RouletteBetError | null {
  if (!(ROULETTE_BET_TYPES as readonly string[]).includes(bet.type)) return 'type_invalid';
  const size = INSIDE_SIZE[bet.type];
  if (size !== undefined) {
    const ns = bet.numbers;
    if (!Array.isArray(ns) || ns.length !== size || !ns.every(isTableNumber) || new Set(ns).size !== size) return 'numbers_invalid';
    if (bet.index !== undefined) return 'index_invalid';
    const legal =
      bet.type === 'straight' ||
      (bet.type === 'split' && isSplit(ns)) ||
      (bet.type === 'street' && isStreet(ns)) ||
      (bet.type === 'corner' && isCorner(ns)) ||
      (bet.type === 'line' && isLine(ns));
    return legal ? null : 'numbers_invalid';
  }
  if (bet.numbers !== undefined && bet.numbers.length > 0) return 'numbers_invalid';
  if (bet.type === 'dozen' || bet.type === 'column') {
    return bet.index === 1 || bet.index === 2 || bet.index === 3 ? null : 'index_invalid';
  }
  return bet.index === undefined ? null : 'index_invalid';
}

/** The numbers a (valid) bet covers, ascending. */
export function coveredNumbers(bet: RouletteBet): number[] {
  const index = bet.index ?? 0;
  switch (bet.type) {
    case 'dozen':
      return ALL_NUMBERS.filter((n) => Math.ceil(n / 12) === index);
    case 'column':
      return ALL_NUMBERS.filter((n) => ((n - 1) % 3) + 1 === index);
    case 'red':
      return ALL_NUMBERS.filter((n) => RED_NUMBERS.has(n));
    case 'black':
      return ALL_NUMBERS.filter((n) => !RED_NUMBERS.has(n));
    case 'odd':
      return ALL_NUMBERS.filter((n) => n % 2 === 1);
    case 'even':
      return ALL_NUMBERS.filter((n) => n % 2 === 0);
    case 'low':
      return ALL_NUMBERS.filter((n) => n <= 18);
    case 'high':
      return ALL_NUMBERS.filter((n) => n >= 19);
    default:
      return [...(bet.numbers ?? [])].sort((a, b) => a - b);
  }
}

/** A canonical key for a spot ("split:1-2", "dozen:2", "red"): chips on the same spot merge. */
export function rouletteBetKey(bet: RouletteBet): string {
  if (INSIDE_SIZE[bet.type] !== undefined) return `${bet.type}:${coveredNumbers(bet).join('-')}`;
  if (bet.type === 'dozen' || bet.type === 'column') return `${bet.type}:${bet.index}`;
  return bet.type;
}

export function rouletteBetWins(bet: RouletteBet, n: number): boolean {
  return coveredNumbers(bet).includes(n);
}

export type RouletteOutcome = { number: number; color: RouletteColor };

export function play(source: FloatSource): RouletteOutcome {
  const number = Math.floor(source() * ROULETTE_POCKETS);
  return { number, color: rouletteColor(number) };
}

export type RouletteSettlement = {
  /** Per stake, in the order given: what it returns (stake + win, or 0). */
  returns: Centavos[];
  totalBetCentavos: Centavos;
  totalReturnCentavos: Centavos;
};

/** What each stake returns when `n` comes up: amount * (payout + 1) for a winning spot. */
export function settleRoulette(n: number, stakes: readonly RouletteStake[]): RouletteSettlement {
  let totalBet = 0;
  let totalReturn = 0;
  const returns = stakes.map(({ bet, amountCentavos }) => {
    totalBet += amountCentavos;
    const back = rouletteBetWins(bet, n) ? amountCentavos * (ROULETTE_PAYOUTS[bet.type] + 1) : 0;
    totalReturn += back;
    return back as Centavos;
  });
  return { returns, totalBetCentavos: totalBet as Centavos, totalReturnCentavos: totalReturn as Centavos };
}

/** Checks a whole spin against the table limits; null when it may be played. */
export function validateRouletteStakes(
  stakes: readonly RouletteStake[],
):
  | { index: number; reason: RouletteBetError | 'below_min' | 'above_max' }
  | { index: -1; reason: 'no_bets' | 'too_many_bets' | 'above_total' }
  | null {
  if (stakes.length === 0) return { index: -1, reason: 'no_bets' };
  if (stakes.length > ROULETTE_LIMITS.maxBets) return { index: -1, reason: 'too_many_bets' };
  let total = 0;
  // The per-type maximum holds per spot: two stakes on the same split count together.
  const perSpot = new Map<string, number>();
  for (const [index, { bet, amountCentavos }] of stakes.entries()) {
    const error = validateRouletteBet(bet);
    if (error) return { index, reason: error };
    if (!Number.isSafeInteger(amountCentavos) || amountCentavos < ROULETTE_LIMITS.minBetCentavos) return { index, reason: 'below_min' };
    const key = rouletteBetKey(bet);
    const onSpot = (perSpot.get(key) ?? 0) + amountCentavos;
    if (onSpot > ROULETTE_LIMITS.maxBetCentavos[bet.type]) return { index, reason: 'above_max' };
    perSpot.set(key, onSpot);
    total += amountCentavos;
  }
  return total > ROULETTE_LIMITS.maxTotalCentavos ? { index: -1, reason: 'above_total' } : null;
}
