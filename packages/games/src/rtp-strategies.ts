/**
 * Fixed playing strategies used to measure each game's RTP by simulation (the unit tests and
 * `npm run rtp`). Where the player chooses (dice target, mines count, plinko table...), a
 * strategy cycles through several choices, round by round, through the same `play` code the
 * server runs. A round returns what it paid per unit staked (2 for a doubled stake, 0 for a
 * loss), computed from the exact multiplier before any flooring to centavos.
 */
import type { HouseGameCode } from '@casino/shared/schemas/games';
import { multiplierValue } from './exact.ts';
import type { FloatSource } from './fair.ts';
import * as crash from './crash.ts';
import * as dice from './dice.ts';
import * as double from './double.ts';
import * as mines from './mines.ts';
import * as plinko from './plinko.ts';
import * as roulette from './roulette.ts';
import * as carnaval from './slot-carnaval.ts';
import * as fruit from './slot-fruit.ts';

/** Plays round `index` of a strategy and returns what it paid per unit staked. */
export type RoundFn = (source: FloatSource, index: number) => number;

export type Strategy = {
  game: HouseGameCode;
  /** What the strategy does, for the report. */
  description: string;
  /** The exact RTP of this strategy (the mean of its choices' exact RTPs, which it plays equally often). */
  declared: number;
  round: RoundFn;
};

const DICE_CHOICES: dice.DiceParams[] = [
  { direction: 'over', target: 5050 },
  { direction: 'under', target: 1000 },
  { direction: 'over', target: 9800 },
  { direction: 'under', target: 9800 },
  { direction: 'under', target: 100 },
];

const MINES_CHOICES: { mines: number; reveals: number }[] = [
  { mines: 1, reveals: 1 },
  { mines: 1, reveals: 10 },
  { mines: 3, reveals: 3 },
  { mines: 5, reveals: 2 },
  { mines: 10, reveals: 4 },
  { mines: 20, reveals: 2 },
  { mines: 24, reveals: 1 },
];

const PLINKO_CHOICES: plinko.PlinkoParams[] = [];
for (let rows = plinko.PLINKO_MIN_ROWS; rows <= plinko.PLINKO_MAX_ROWS; rows += 1) {
  for (const risk of plinko.PLINKO_RISKS) PLINKO_CHOICES.push({ rows, risk });
}

const ROULETTE_CHOICES: roulette.RouletteBet[] = [
  { type: 'straight', numbers: [17] },
  { type: 'straight', numbers: [0] },
  { type: 'split', numbers: [0, 2] },
  { type: 'street', numbers: [31, 32, 33] },
  { type: 'corner', numbers: [0, 1, 2, 3] },
  { type: 'line', numbers: [1, 2, 3, 4, 5, 6] },
  { type: 'dozen', index: 2 },
  { type: 'column', index: 3 },
  { type: 'red' },
  { type: 'odd' },
  { type: 'high' },
];

/** Auto cash-out targets in hundredths: from 1.01x to 50x. */
const CRASH_TARGETS = [101, 150, 200, 300, 500, 1000, 5000];
const DOUBLE_CHOICES: double.DoubleColor[] = ['red', 'black', 'white'];

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T;
}

function minesRound(source: FloatSource, index: number): number {
  const choice = pick(MINES_CHOICES, index);
  let state = mines.startState(mines.play(source, { mines: choice.mines }));
  // The player opens tiles 0, 1, 2... in order: as good as any order, the board being uniform.
  for (let tile = 0; state.status === 'playing' && state.revealed.length < choice.reveals; tile += 1) {
    const result = mines.reveal(state, tile);
    if (!result.ok) throw new Error(result.reason);
    state = result.state;
  }
  if (state.status === 'busted') return 0;
  return multiplierValue(mines.minesMultiplier(choice.mines, state.revealed.length));
}

export const STRATEGIES: readonly Strategy[] = [
  {
    game: 'dice',
    description: 'over 50.50, under 10.00, over 98.00, under 98.00, under 1.00 in turn',
    declared: dice.declaredRtp,
    round: (source, index) => {
      const outcome = dice.play(source, pick(DICE_CHOICES, index));
      return outcome.win ? multiplierValue(outcome.multiplier) : 0;
    },
  },
  {
    game: 'mines',
    description: `cash out after n safe tiles, (mines, n) = ${MINES_CHOICES.map((c) => `(${c.mines},${c.reveals})`).join(' ')}`,
    declared: mines.declaredRtp,
    round: minesRound,
  },
  {
    game: 'plinko',
    description: 'all 27 tables (8-16 rows x low/medium/high) in turn',
    declared: PLINKO_CHOICES.reduce((sum, c) => sum + plinko.plinkoRtp(c.rows, c.risk), 0) / PLINKO_CHOICES.length,
    round: (source, index) => multiplierValue(plinko.play(source, pick(PLINKO_CHOICES, index)).multiplier),
  },
  {
    game: 'roulette',
    description: 'straight 17, straight 0, split 0-2, street 31-33, first four, line 1-6, dozen 2, column 3, red, odd, high in turn',
    declared: roulette.declaredRtp,
    round: (source, index) => {
      const bet = pick(ROULETTE_CHOICES, index);
      const { number } = roulette.play(source);
      return roulette.rouletteBetWins(bet, number) ? roulette.ROULETTE_PAYOUTS[bet.type] + 1 : 0;
    },
  },
  {
    game: 'crash',
    description: `auto cash-out at ${CRASH_TARGETS.map((t) => `${t / 100}x`).join(', ')} in turn`,
    declared: crash.declaredRtp,
    round: (source, index) => {
      const target = pick(CRASH_TARGETS, index);
      return crash.crashPointFromSource(source) >= target ? target / 100 : 0;
    },
  },
  {
    game: 'double',
    description: 'red, black, white in turn',
    declared: double.declaredRtp,
    round: (source, index) => {
      const color = pick(DOUBLE_CHOICES, index);
      const roll = double.doubleRollFromSource(source);
      return double.doubleColor(roll) === color ? double.DOUBLE_MULTIPLIERS[color] : 0;
    },
  },
  {
    game: 'fruit-frenzy',
    description: 'one spin, five lines',
    declared: fruit.declaredRtp,
    round: (source) => fruit.play(source).totalUnits / fruit.FRUIT_LINE_COUNT,
  },
  {
    game: 'carnaval-20',
    description: 'one spin, twenty lines, free spins included',
    declared: carnaval.declaredRtp,
    round: (source) => carnaval.play(source).totalUnits / carnaval.CARNAVAL_LINE_COUNT,
  },
];

/** Running sums of a sample of per-round returns. */
export type Sample = { rounds: number; sum: number; sumSquares: number };

export function emptySample(): Sample {
  return { rounds: 0, sum: 0, sumSquares: 0 };
}

export function mergeSamples(a: Sample, b: Sample): Sample {
  return { rounds: a.rounds + b.rounds, sum: a.sum + b.sum, sumSquares: a.sumSquares + b.sumSquares };
}

/** Plays rounds [from, from + count) of a strategy; `sourceFor` gives each round its floats. */
export function simulate(strategy: Strategy, from: number, count: number, sourceFor: (index: number) => FloatSource): Sample {
  let sum = 0;
  let sumSquares = 0;
  for (let index = from; index < from + count; index += 1) {
    const x = strategy.round(sourceFor(index), index);
    sum += x;
    sumSquares += x * x;
  }
  return { rounds: count, sum, sumSquares };
}

/** z for a two-sided 99% interval. */
export const Z99 = 2.576;

/** The measured RTP and its confidence interval (sigma estimated from the sample). */
export function interval(sample: Sample, z = Z99): { rtp: number; sigma: number; low: number; high: number } {
  const rtp = sample.sum / sample.rounds;
  const variance = Math.max(0, sample.sumSquares / sample.rounds - rtp * rtp) * (sample.rounds / Math.max(1, sample.rounds - 1));
  const sigma = Math.sqrt(variance);
  const half = (z * sigma) / Math.sqrt(sample.rounds);
  return { rtp, sigma, low: rtp - half, high: rtp + half };
}
