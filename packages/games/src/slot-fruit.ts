/**
 * Fruit Frenzy (code 'fruit-frenzy'): a 3x3 slot with five paylines (the three rows and the two
 * diagonals) and a multiplier wheel. The stake is for all five lines (line bet = stake / 5);
 * three of a kind on a line pays the paytable in line bets; a winning spin's total is multiplied
 * by the wheel (x1, x2, x3, x5 or x10, drawn from its own float on every spin).
 *
 * The RTP is computed exactly by enumerating every combination of reel stops and every wheel
 * outcome (fruitExactRtp).
 */
import type { Centavos } from '@casino/shared/money';
import { mulDivFloor, reduce } from './exact.ts';
import type { FloatSource } from './fair.ts';

export const FRUIT_SYMBOLS = ['cherry', 'lemon', 'orange', 'plum', 'grape', 'watermelon', 'bell', 'seven', 'wild'] as const;
export type FruitSymbol = (typeof FRUIT_SYMBOLS)[number];
export const FRUIT_LINE_COUNT = 5;

/**
 * Three of a kind on a line pays this many line bets. The wild (a star) stands in for any
 * symbol; three wilds pay the top prize.
 */
export const FRUIT_PAYTABLE: Readonly<Record<FruitSymbol, number>> = {
  cherry: 3,
  lemon: 4,
  orange: 6,
  plum: 8,
  grape: 14,
  watermelon: 25,
  bell: 50,
  seven: 150,
  wild: 300,
};

/** Paylines as the row (0 top .. 2 bottom) on each of the three reels. */
export const FRUIT_LINES: readonly (readonly [number, number, number])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** The multiplier wheel: value and weight (out of the weights' sum). */
export const FRUIT_MULTIPLIERS: readonly { readonly value: number; readonly weight: number }[] = [
  { value: 1, weight: 70 },
  { value: 2, weight: 16 },
  { value: 3, weight: 8 },
  { value: 5, weight: 4 },
  { value: 10, weight: 2 },
];

/**
 * Reel strips, 32 stops each (per reel: 7 cherries, 6 lemons, 5 oranges, 4 plums, 3 grapes,
 * 2 watermelons, 2 bells, 1 seven, 2 wilds). A stop shows the symbol at the stop and the next
 * two, wrapping, top to bottom.
 */
export const FRUIT_REELS: readonly (readonly FruitSymbol[])[] = [
  [
    'orange',
    'watermelon',
    'cherry',
    'lemon',
    'bell',
    'orange',
    'plum',
    'cherry',
    'wild',
    'lemon',
    'seven',
    'grape',
    'cherry',
    'orange',
    'lemon',
    'plum',
    'cherry',
    'watermelon',
    'orange',
    'lemon',
    'grape',
    'bell',
    'cherry',
    'plum',
    'wild',
    'lemon',
    'orange',
    'cherry',
    'lemon',
    'cherry',
    'plum',
    'grape',
  ],
  [
    'lemon',
    'cherry',
    'plum',
    'watermelon',
    'orange',
    'seven',
    'grape',
    'lemon',
    'cherry',
    'bell',
    'orange',
    'plum',
    'lemon',
    'cherry',
    'wild',
    'orange',
    'cherry',
    'grape',
    'lemon',
    'plum',
    'watermelon',
    'cherry',
    'lemon',
    'orange',
    'bell',
    'cherry',
    'plum',
    'grape',
    'lemon',
    'wild',
    'orange',
    'cherry',
  ],
  [
    'wild',
    'lemon',
    'cherry',
    'grape',
    'orange',
    'cherry',
    'plum',
    'lemon',
    'orange',
    'watermelon',
    'cherry',
    'lemon',
    'seven',
    'bell',
    'plum',
    'grape',
    'cherry',
    'wild',
    'orange',
    'lemon',
    'cherry',
    'plum',
    'lemon',
    'orange',
    'cherry',
    'grape',
    'watermelon',
    'lemon',
    'cherry',
    'orange',
    'bell',
    'plum',
  ],
];

export type FruitLineWin = {
  /** Index into FRUIT_LINES. */
  line: number;
  symbol: FruitSymbol;
  /** [reel, row] of the three symbols. */
  positions: [number, number][];
  /** Line bets won (before the multiplier). */
  units: number;
};

export type FruitOutcome = {
  stops: number[];
  /** grid[reel][row], rows top to bottom. */
  grid: FruitSymbol[][];
  lineWins: FruitLineWin[];
  /** Sum of line wins in line bets, before the multiplier. */
  baseUnits: number;
  /** The wheel's value (drawn every spin; it matters only when the spin wins). */
  multiplier: number;
  /** baseUnits * multiplier. */
  totalUnits: number;
};

const MULTIPLIER_WEIGHT_TOTAL = FRUIT_MULTIPLIERS.reduce((sum, m) => sum + m.weight, 0);

/** The window a set of stops shows: grid[reel][row]. */
export function fruitGrid(stops: readonly number[]): FruitSymbol[][] {
  return FRUIT_REELS.map((strip, reel) => {
    const stop = stops[reel] ?? 0;
    const n = strip.length;
    return [strip[stop % n], strip[(stop + 1) % n], strip[(stop + 2) % n]] as FruitSymbol[];
  });
}

/** The symbol three symbols on a line pay for (wilds standing in), or null when they do not match. */
function lineSymbol(a: FruitSymbol, b: FruitSymbol, c: FruitSymbol): FruitSymbol | null {
  const symbol = a !== 'wild' ? a : b !== 'wild' ? b : c;
  if ((a === symbol || a === 'wild') && (b === symbol || b === 'wild') && (c === symbol || c === 'wild')) return symbol;
  return null;
}

/** What three symbols on a line pay, in line bets: three alike, wilds standing in. */
export function fruitLinePay(symbols: readonly FruitSymbol[]): { symbol: FruitSymbol; units: number } | null {
  const symbol = lineSymbol(symbols[0] as FruitSymbol, symbols[1] as FruitSymbol, symbols[2] as FruitSymbol);
  return symbol ? { symbol, units: FRUIT_PAYTABLE[symbol] } : null;
}

/** Line wins of a grid, before the multiplier. (Plain loops: simulations run this 100 million times.) */
export function fruitLineWins(grid: readonly (readonly FruitSymbol[])[]): FruitLineWin[] {
  const wins: FruitLineWin[] = [];
  const [r0, r1, r2] = grid as [readonly FruitSymbol[], readonly FruitSymbol[], readonly FruitSymbol[]];
  for (let line = 0; line < FRUIT_LINES.length; line += 1) {
    const [a, b, c] = FRUIT_LINES[line] as readonly [number, number, number];
    const symbol = lineSymbol(r0[a] as FruitSymbol, r1[b] as FruitSymbol, r2[c] as FruitSymbol);
    if (symbol) {
      wins.push({
        line,
        symbol,
        positions: [
          [0, a],
          [1, b],
          [2, c],
        ],
        units: FRUIT_PAYTABLE[symbol],
      });
    }
  }
  return wins;
}

/** The wheel's value for a float: walks the weights. */
export function fruitMultiplierFor(f: number): number {
  let ticket = Math.floor(f * MULTIPLIER_WEIGHT_TOTAL);
  for (const m of FRUIT_MULTIPLIERS) {
    if (ticket < m.weight) return m.value;
    ticket -= m.weight;
  }
  return 1;
}

/** One spin: three floats pick the reel stops, a fourth spins the multiplier wheel. */
export function play(source: FloatSource): FruitOutcome {
  const stops = [0, 0, 0];
  for (let reel = 0; reel < 3; reel += 1) stops[reel] = Math.floor(source() * (FRUIT_REELS[reel] as readonly FruitSymbol[]).length);
  const multiplier = fruitMultiplierFor(source());
  const grid = fruitGrid(stops);
  const lineWins = fruitLineWins(grid);
  let baseUnits = 0;
  for (const win of lineWins) baseUnits += win.units;
  return { stops, grid, lineWins, baseUnits, multiplier, totalUnits: baseUnits * multiplier };
}

/** What a spin returns: floor(stake * totalUnits / 5). */
export function fruitPayout(betCentavos: number, outcome: FruitOutcome): Centavos {
  return mulDivFloor(betCentavos, outcome.totalUnits, FRUIT_LINE_COUNT) as Centavos;
}

/** The exact RTP as a rational (expected units per line bet over all stops and wheel outcomes). */
export function fruitExactRtpRational(): { num: number; den: number } {
  const [a, b, c] = FRUIT_REELS as [readonly FruitSymbol[], readonly FruitSymbol[], readonly FruitSymbol[]];
  let units = 0;
  for (let i = 0; i < a.length; i += 1) {
    for (let j = 0; j < b.length; j += 1) {
      for (let k = 0; k < c.length; k += 1) {
        for (const win of fruitLineWins(fruitGrid([i, j, k]))) units += win.units;
      }
    }
  }
  const wheel = FRUIT_MULTIPLIERS.reduce((sum, m) => sum + m.value * m.weight, 0);
  // Every (stops, wheel) pair is equally likely once weighted; the stake is five line bets.
  return reduce({ num: units * wheel, den: a.length * b.length * c.length * FRUIT_LINE_COUNT * MULTIPLIER_WEIGHT_TOTAL });
}

/** Share of spins that win anything, exact over every combination of stops. */
export function fruitHitFrequency(): number {
  const [a, b, c] = FRUIT_REELS as [readonly FruitSymbol[], readonly FruitSymbol[], readonly FruitSymbol[]];
  let hits = 0;
  for (let i = 0; i < a.length; i += 1) {
    for (let j = 0; j < b.length; j += 1) {
      for (let k = 0; k < c.length; k += 1) if (fruitLineWins(fruitGrid([i, j, k])).length > 0) hits += 1;
    }
  }
  return hits / (a.length * b.length * c.length);
}

export function fruitExactRtp(): number {
  const { num, den } = fruitExactRtpRational();
  return num / den;
}

/**
 * Exactly 1_572_103 / 1_638_400 (95.95%): every line of every 32x32x32 stop combination, with
 * the wheel averaging 1.66. The test recomputes it by enumeration. A spin wins 26.5% of the time.
 */
export const FRUIT_RTP_RATIONAL = { num: 1_572_103, den: 1_638_400 } as const;
export const declaredRtp = FRUIT_RTP_RATIONAL.num / FRUIT_RTP_RATIONAL.den;
