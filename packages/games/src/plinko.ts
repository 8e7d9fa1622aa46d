/**
 * Plinko: a ball falls through 8..16 rows of pins; at each row one float picks left or right
 * (floor(f * 2)), so the landing slot (0..rows) is the number of rights, binomially distributed.
 * The payout tables are the ones players know from the market (Stake's), symmetric, in
 * hundredths; each table's RTP is computed exactly from the binomial distribution and is the
 * figure declared for it (all between 98.90% and 99.17%).
 */
import type { Centavos } from '@casino/shared/money';
import { binomial, fromHundredths, type Multiplier, payout } from './exact.ts';
import type { FloatSource } from './fair.ts';

export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];
export type PlinkoParams = { rows: number; risk: PlinkoRisk };

export type PlinkoOutcome = {
  rows: number;
  risk: PlinkoRisk;
  /** 0 = left, 1 = right, one per row: the path the UI animates. */
  path: number[];
  /** Landing slot, 0..rows (the number of rights). */
  slot: number;
  multiplier: Multiplier;
};

/** The left half of each table (slot 0 towards the middle), in hundredths; mirrored below. */
const HALF_TABLES: Record<number, Record<PlinkoRisk, number[]>> = {
  8: { low: [560, 210, 110, 100, 50], medium: [1300, 300, 130, 70, 40], high: [2900, 400, 150, 30, 20] },
  9: { low: [560, 200, 160, 100, 70], medium: [1800, 400, 170, 90, 50], high: [4300, 700, 200, 60, 20] },
  10: {
    low: [890, 300, 140, 110, 100, 50],
    medium: [2200, 500, 200, 140, 60, 40],
    high: [7600, 1000, 300, 90, 30, 20],
  },
  11: {
    low: [840, 300, 190, 130, 100, 70],
    medium: [2400, 600, 300, 180, 70, 50],
    high: [12000, 1400, 520, 140, 40, 20],
  },
  12: {
    low: [1000, 300, 160, 140, 110, 100, 50],
    medium: [3300, 1100, 400, 200, 110, 60, 30],
    high: [17000, 2400, 810, 200, 70, 20, 20],
  },
  13: {
    low: [810, 400, 300, 190, 120, 90, 70],
    medium: [4300, 1300, 600, 300, 130, 70, 40],
    high: [26000, 3700, 1100, 400, 100, 20, 20],
  },
  14: {
    low: [710, 400, 190, 140, 130, 110, 100, 50],
    medium: [5800, 1500, 700, 400, 190, 100, 50, 20],
    high: [42000, 5600, 1800, 500, 190, 30, 20, 20],
  },
  15: {
    low: [1500, 800, 300, 200, 150, 110, 100, 70],
    medium: [8800, 1800, 1100, 500, 300, 130, 50, 30],
    high: [62000, 8300, 2700, 800, 300, 50, 20, 20],
  },
  16: {
    low: [1600, 900, 200, 140, 140, 120, 110, 100, 50],
    medium: [11000, 4100, 1000, 500, 300, 150, 100, 50, 30],
    high: [100000, 13000, 2600, 900, 400, 200, 20, 20, 20],
  },
};

function mirror(half: number[], rows: number): number[] {
  const right = [...half].reverse();
  return [...half, ...(rows % 2 === 0 ? right.slice(1) : right)];
}

/** Every table in full: PLINKO_TABLES[rows][risk][slot] = multiplier in hundredths. */
export const PLINKO_TABLES: Readonly<Record<number, Readonly<Record<PlinkoRisk, readonly number[]>>>> = Object.fromEntries(
  Object.entries(HALF_TABLES).map(([rows, byRisk]) => [
    rows,
    Object.fromEntries(PLINKO_RISKS.map((risk) => [risk, mirror(byRisk[risk], Number(rows))])) as Record<PlinkoRisk, number[]>,
  ]),
);

export function isValidPlinkoParams(params: PlinkoParams): boolean {
  return (
    Number.isInteger(params.rows) &&
    params.rows >= PLINKO_MIN_ROWS &&
    params.rows <= PLINKO_MAX_ROWS &&
    (PLINKO_RISKS as readonly string[]).includes(params.risk)
  );
}

export function plinkoTable(rows: number, risk: PlinkoRisk): readonly number[] {
  const table = PLINKO_TABLES[rows]?.[risk];
  if (!table) throw new RangeError('invalid plinko parameters');
  return table;
}

/** Exact RTP of one table as a rational: sum C(rows, i) * m_i / (100 * 2^rows). */
export function plinkoRtpRational(rows: number, risk: PlinkoRisk): Multiplier {
  const table = plinkoTable(rows, risk);
  const num = table.reduce((sum, hundredths, slot) => sum + binomial(rows, slot) * hundredths, 0);
  return { num, den: 100 * 2 ** rows };
}

export function plinkoRtp(rows: number, risk: PlinkoRisk): number {
  const { num, den } = plinkoRtpRational(rows, risk);
  return num / den;
}

/** The lowest table RTP: what the catalogue declares for the game as a whole ("at least"). */
export const declaredRtp = Math.min(
  ...Object.keys(PLINKO_TABLES).flatMap((rows) => PLINKO_RISKS.map((risk) => plinkoRtp(Number(rows), risk))),
);

/** Probability of each landing slot: C(rows, slot) / 2^rows. */
export function slotProbability(rows: number, slot: number): number {
  return binomial(rows, slot) / 2 ** rows;
}

export function play(source: FloatSource, params: PlinkoParams): PlinkoOutcome {
  if (!isValidPlinkoParams(params)) throw new RangeError('invalid plinko parameters');
  const path: number[] = [];
  let slot = 0;
  for (let row = 0; row < params.rows; row += 1) {
    const step = Math.floor(source() * 2);
    path.push(step);
    slot += step;
  }
  const hundredths = plinkoTable(params.rows, params.risk)[slot] as number;
  return { rows: params.rows, risk: params.risk, path, slot, multiplier: fromHundredths(hundredths) };
}

export function plinkoPayout(betCentavos: number, outcome: PlinkoOutcome): Centavos {
  return payout(betCentavos, outcome.multiplier);
}
