/**
 * The betting table's geometry, drawn once in logical coordinates and laid out two ways.
 *
 * Logical space: `r` runs along the long side of the table (the zero at r = -1, the number rows
 * 1-2-3 ... 34-35-36 at r = 0..11, the column bets at r = 12); `c` runs across it (the numbers
 * at c = 0..2, the dozens at c = -1, the even-money bets at c = -2). A phone shows the table
 * upright (r downwards, c rightwards); a wide screen shows the classic horizontal table (r
 * rightwards, c upwards), where the streets naturally sit on the number grid's lower edge.
 */
import {
  coveredNumbers,
  RED_NUMBERS,
  type RouletteBet,
  type RouletteBetType,
  rouletteBetKey,
  rouletteColor,
  WHEEL_ORDER,
} from '@casino/games/roulette';

export { RED_NUMBERS, WHEEL_ORDER };

export type SpotShape = { type: 'rect'; r0: number; r1: number; c0: number; c1: number } | { type: 'point'; r: number; c: number };

/** Bet kinds as the table names them; the trios and the first four are streets and a corner for the maths. */
export type SpotKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'trio'
  | 'corner'
  | 'basket'
  | 'six_line'
  | 'column'
  | 'dozen'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

export type Spot = {
  /** The maths package's canonical key ("split:14-17", "dozen:2", "red"): stakes merge by it. */
  key: string;
  kind: SpotKind;
  /** The bet as the server takes it. */
  bet: RouletteBet;
  numbers: readonly number[];
  shape: SpotShape;
};

/** The even-money boxes in table order. */
const EVEN_MONEY: readonly SpotKind[] = ['low', 'even', 'red', 'black', 'odd', 'high'];

export const numberColour = rouletteColor;

const BET_TYPE: Record<SpotKind, RouletteBetType> = {
  straight: 'straight',
  split: 'split',
  street: 'street',
  trio: 'street',
  corner: 'corner',
  basket: 'corner',
  six_line: 'line',
  column: 'column',
  dozen: 'dozen',
  red: 'red',
  black: 'black',
  odd: 'odd',
  even: 'even',
  low: 'low',
  high: 'high',
};

const rowOf = (n: number) => Math.floor((n - 1) / 3);
const colOf = (n: number) => (n - 1) % 3;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A spot; inside bets name their numbers, the outside ones get theirs from the maths package. */
function spot(kind: SpotKind, numbers: number[], shape: SpotShape, index?: number): Spot {
  const type = BET_TYPE[kind];
  const bet: RouletteBet =
    numbers.length > 0 ? { type, numbers: [...numbers].sort((a, b) => a - b) } : index !== undefined ? { type, index } : { type };
  return { key: rouletteBetKey(bet), kind, bet, numbers: coveredNumbers(bet), shape };
}

function buildSpots(): Spot[] {
  const spots: Spot[] = [];
  spots.push(spot('straight', [0], { type: 'rect', r0: -1.5, r1: -0.5, c0: -0.5, c1: 2.5 }));
  for (const n of range(1, 36)) {
    const r = rowOf(n);
    const c = colOf(n);
    spots.push(spot('straight', [n], { type: 'rect', r0: r - 0.5, r1: r + 0.5, c0: c - 0.5, c1: c + 0.5 }));
  }
  // Outside bets: columns (2 to 1), dozens, and the six even-money bets.
  for (const c of [0, 1, 2]) {
    spots.push(spot('column', [], { type: 'rect', r0: 11.5, r1: 12.5, c0: c - 0.5, c1: c + 0.5 }, c + 1));
  }
  for (const d of [0, 1, 2]) {
    spots.push(spot('dozen', [], { type: 'rect', r0: d * 4 - 0.5, r1: d * 4 + 3.5, c0: -1.5, c1: -0.5 }, d + 1));
  }
  EVEN_MONEY.forEach((kind, k) => {
    spots.push(spot(kind, [], { type: 'rect', r0: k * 2 - 0.5, r1: k * 2 + 1.5, c0: -2.5, c1: -1.5 }));
  });
  // Inside bets on the lines between numbers.
  for (const n of range(1, 36)) {
    const r = rowOf(n);
    const c = colOf(n);
    if (c < 2) spots.push(spot('split', [n, n + 1], { type: 'point', r, c: c + 0.5 }));
    if (r < 11) spots.push(spot('split', [n, n + 3], { type: 'point', r: r + 0.5, c }));
    if (c < 2 && r < 11) spots.push(spot('corner', [n, n + 1, n + 3, n + 4], { type: 'point', r: r + 0.5, c: c + 0.5 }));
    if (c === 0) {
      spots.push(spot('street', [n, n + 1, n + 2], { type: 'point', r, c: -0.5 }));
      if (r < 11) spots.push(spot('six_line', range(n, n + 5), { type: 'point', r: r + 0.5, c: -0.5 }));
    }
  }
  // Bets with the zero: 0-1, 0-2, 0-3, the trios 0-1-2 and 0-2-3, and the first four 0-1-2-3.
  for (const c of [0, 1, 2]) spots.push(spot('split', [0, c + 1], { type: 'point', r: -0.5, c }));
  spots.push(spot('trio', [0, 1, 2], { type: 'point', r: -0.5, c: 0.5 }));
  spots.push(spot('trio', [0, 2, 3], { type: 'point', r: -0.5, c: 1.5 }));
  spots.push(spot('basket', [0, 1, 2, 3], { type: 'point', r: -0.5, c: -0.5 }));
  return spots;
}

/** Every spot of the table: 37 straight-ups, 60 splits, 12 streets, 2 trios, 22 corners, the first four, 11 six lines and the outside bets. */
export const SPOTS: readonly Spot[] = buildSpots();
export const SPOT_BY_KEY: ReadonlyMap<string, Spot> = new Map(SPOTS.map((s) => [s.key, s]));

export type Orientation = 'vertical' | 'horizontal';

/** An axis made of spans with relative sizes; maps a logical coordinate to a percentage. */
type Axis = { edges: readonly number[]; weights: readonly number[]; reversed: boolean };

function axisPercent(axis: Axis, value: number): number {
  const total = axis.weights.reduce((a, b) => a + b, 0);
  const { edges, weights } = axis;
  let offset = 0;
  let result = 0;
  for (let i = 0; i < weights.length; i++) {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    const weight = weights[i]!;
    if (value <= to || i === weights.length - 1) {
      result = offset + ((Math.min(Math.max(value, from), to) - from) / (to - from)) * weight;
      break;
    }
    offset += weight;
  }
  const percent = (result / total) * 100;
  return axis.reversed ? 100 - percent : percent;
}

const R_EDGES = [-1.5, ...range(0, 13).map((i) => i - 0.5)];
const C_EDGES = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5];

export type TableLayout = {
  orientation: Orientation;
  /** Width over height of the whole board. */
  aspectRatio: number;
  /** Percent position of a logical point (x from the left, y from the top). */
  point: (r: number, c: number) => { x: number; y: number };
  /** Percent box of a logical rectangle. */
  box: (shape: Extract<SpotShape, { type: 'rect' }>) => { left: number; top: number; width: number; height: number };
  /** Size of a line hit zone, in percent of the board's width and height. */
  zone: { width: number; height: number };
};

export function tableLayout(orientation: Orientation): TableLayout {
  const rWeights = R_EDGES.slice(1).map(() => 1);
  // Across the table: even-money strip, dozens strip, three number columns.
  const cWeights = orientation === 'vertical' ? [0.85, 0.85, 1.1, 1.1, 1.1] : [0.75, 0.75, 1, 1, 1];
  const rAxis: Axis = { edges: R_EDGES, weights: rWeights, reversed: false };
  const cAxis: Axis = { edges: C_EDGES, weights: cWeights, reversed: orientation === 'horizontal' };
  const rTotal = rWeights.length;
  const cTotal = cWeights.reduce((a, b) => a + b, 0);
  const point = (r: number, c: number) => {
    const along = axisPercent(rAxis, r);
    const across = axisPercent(cAxis, c);
    return orientation === 'vertical' ? { x: across, y: along } : { x: along, y: across };
  };
  const box = (shape: Extract<SpotShape, { type: 'rect' }>) => {
    const a = point(shape.r0, shape.c0);
    const b = point(shape.r1, shape.c1);
    return {
      left: Math.min(a.x, b.x),
      top: Math.min(a.y, b.y),
      width: Math.abs(b.x - a.x),
      height: Math.abs(b.y - a.y),
    };
  };
  const unitAlong = 100 / rTotal;
  const unitAcross = 100 / cTotal;
  const zone =
    orientation === 'vertical'
      ? { width: unitAcross * 0.42, height: unitAlong * 0.5 }
      : { width: unitAlong * 0.42, height: unitAcross * 0.42 };
  // Upright on a 390 px phone a number cell is about 80 x 34 px; lying down about 57 x 60 px.
  const aspectRatio = orientation === 'vertical' ? 0.74 : 2.9;
  return { orientation, aspectRatio, point, box, zone };
}

/** Whether a spot wins on a number. */
export function spotWins(spot: Spot, result: number): boolean {
  return spot.numbers.includes(result);
}
