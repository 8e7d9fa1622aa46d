/**
 * Bingo: 75-ball and 90-ball rooms played as shared rounds (codes `bingo-75` and `bingo-90`).
 *
 * Randomness. Every round of a room has a hash from the room's hash chain and the chain's salt
 * (the public beacon value), like crash and double. All randomness is read from the seed byte
 * stream of fair.ts (`hmacFloats`): HMAC_SHA256(key = round hash, message =
 * `${clientSeed}:${nonce}:${r}`), r = 0, 1, ... every 32 bytes, 4 bytes per uint32, and integers
 * are drawn with cards.ts's `uniformInt` (rejection, no modulo bias) and forward Fisher-Yates.
 *
 * - The balls: clientSeed = `${salt}:balls`, nonce 0; the draw order is the forward Fisher-Yates
 *   shuffle (cards.ts `shuffle`) of [1, 2, ..., B] (B = 75 or 90). Ball k of the round is element k.
 * - A card: clientSeed = `${salt}:card:${cardId}`, nonce 0, where cardId = `${purchaseId}-${i}`
 *   (the purchase's id and the card's index 0..n-1 in it). From that stream:
 *   - 75-ball (5x5, columns B I N G O over 1-15, 16-30, 31-45, 46-60, 61-75, free centre): for each
 *     column c = 0..4 in turn, the first 5 (N: 4) numbers of the Fisher-Yates shuffle of the
 *     column's 15 numbers, placed top to bottom in that order (N skips the centre row). Cells are
 *     listed row by row; the free centre is 0.
 *   - 90-ball (the standard 3x9 ticket, 15 numbers, 5 per row; column 0 holds 1-9, column
 *     c = 1..7 holds 10c..10c+9, column 8 holds 80-90): (1) column counts: every column starts at
 *     1; 6 times, among the columns holding fewer than 3 (in column order) pick one with
 *     uniformInt(count of them) and add 1. (2) rows: for each column in order, its rows are the
 *     first `count` of the Fisher-Yates shuffle of [0, 1, 2], sorted; if with those rows the ticket
 *     could no longer be completed to exactly 5 numbers in each row by the columns still to place,
 *     that column's rows are drawn again (the stream continues). (3) numbers: for each column in
 *     order, the first `count` of the Fisher-Yates
 *     shuffle of the column's numbers, sorted ascending, placed top to bottom in its rows. Cells
 *     are listed row by row (27), an empty cell is 0.
 *
 * Prizes. Each prize is won at the first ball that completes its pattern on some card; every
 * card completing it at that ball shares it. The round ends at the first full house. Since every
 * pattern is part of a full house, every prize has a winner by then (nothing rolls over).
 * - 90-ball: one line (any row complete), two lines (two rows of the same card), full house (all 15).
 * - 75-ball: line (any of the 5 rows, 5 columns or 2 diagonals; the free centre counts as marked),
 *   four corners, X (both diagonals), full house (blackout, all 24 numbers).
 *
 * The pot and the house edge. Cards cost the room's price; sales S = cards x price. The prizes
 * share P = floor(S x 85 / 100) of the sales (each prize its floor share of S; what flooring leaves
 * of P goes to the full house), J = floor(S x 5 / 100) goes to the room's progressive jackpot and
 * the house keeps S - P - J (10%, the house edge). The jackpot (the whole pool, this round's
 * share included) goes to the full house if it is called within K balls (90-ball: 40, 75-ball:
 * 45); otherwise the pool carries over to the room's next round. With one card sold there is
 * always a full house, so exactly P is paid every round and J goes to the pool: the declared RTP
 * (85% + 5% = 90%) is exact by construction (with a price in whole reais both shares are exact
 * to the centavo; the jackpot is returned when it is hit).
 *
 * Ties. A prize of A centavos won by w cards: each gets floor(A / w) and the remainder A mod w
 * goes one centavo each to the earliest cards by card id (purchase id, then index).
 */
import { shuffle, shuffledPrefix, uniformInt } from './cards.ts';
import { type FloatSource, hmacFloats } from './fair.ts';

export const BINGO_ROOMS = ['bingo-75', 'bingo-90'] as const;
export type BingoRoom = (typeof BINGO_ROOMS)[number];

export type BingoPrize = 'line' | 'corners' | 'x' | 'two_lines' | 'full_house';

export interface BingoRoomRules {
  balls: number;
  /** Card price in centavos. */
  priceCentavos: number;
  /** The prizes in the order they are shown, with their share of the sales in percent. */
  prizes: readonly { prize: BingoPrize; percent: number }[];
  /** The jackpot goes to a full house called within this many balls. */
  jackpotBalls: number;
  rows: number;
  cols: number;
}

/** Share of sales to the prizes and to the jackpot pool, in percent; the house keeps the rest. */
export const PRIZE_PERCENT = 85;
export const JACKPOT_PERCENT = 5;
export const HOUSE_EDGE_PERCENT = 100 - PRIZE_PERCENT - JACKPOT_PERCENT;
/** The share of ticket money returned as prizes and jackpot: 0.90. */
export const declaredRtp = (PRIZE_PERCENT + JACKPOT_PERCENT) / 100;

export const BINGO_RULES: Readonly<Record<BingoRoom, BingoRoomRules>> = {
  'bingo-75': {
    balls: 75,
    priceCentavos: 100,
    prizes: [
      { prize: 'line', percent: 10 },
      { prize: 'corners', percent: 10 },
      { prize: 'x', percent: 15 },
      { prize: 'full_house', percent: 50 },
    ],
    jackpotBalls: 45,
    rows: 5,
    cols: 5,
  },
  'bingo-90': {
    balls: 90,
    priceCentavos: 100,
    prizes: [
      { prize: 'line', percent: 12 },
      { prize: 'two_lines', percent: 20 },
      { prize: 'full_house', percent: 53 },
    ],
    jackpotBalls: 40,
    rows: 3,
    cols: 9,
  },
};

export function isBingoRoom(code: string): code is BingoRoom {
  return (BINGO_ROOMS as readonly string[]).includes(code);
}

/** The round's seed stream for one purpose (the balls, or a card). */
export function bingoStream(hash: string, clientSeed: string): FloatSource {
  return hmacFloats({ serverSeed: hash, clientSeed, nonce: 0 });
}

/** The draw order of all the balls of a round. */
export function ballOrder(room: BingoRoom, hash: string, salt: string, streamOf: StreamOf = bingoStream): number[] {
  const n = BINGO_RULES[room].balls;
  return shuffle(
    streamOf(hash, `${salt}:balls`),
    Array.from({ length: n }, (_, i) => i + 1),
  );
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** 25 cells row by row, centre 0. */
export function card75(source: FloatSource): number[] {
  const cells = Array<number>(25).fill(0);
  for (let c = 0; c < 5; c += 1) {
    const count = c === 2 ? 4 : 5;
    const numbers = shuffledPrefix(source, range(15 * c + 1, 15 * c + 15), count);
    const rows = c === 2 ? [0, 1, 3, 4] : [0, 1, 2, 3, 4];
    rows.forEach((r, k) => {
      cells[r * 5 + c] = numbers[k] as number;
    });
  }
  return cells;
}

export function column90(c: number): number[] {
  if (c === 0) return range(1, 9);
  if (c === 8) return range(80, 90);
  return range(10 * c, 10 * c + 9);
}

/**
 * Whether rows already holding `filled` numbers can each reach exactly 5 with columns of the
 * given counts still to place (each column at most one number per row): Gale-Ryser for 3 rows.
 */
function completable(filled: readonly number[], rest: readonly number[]): boolean {
  const need = filled.map((n) => 5 - n).sort((a, b) => b - a);
  if ((need[2] as number) < 0) return false;
  const total = rest.reduce((s, n) => s + n, 0);
  if (need.reduce((s, n) => s + n, 0) !== total) return false;
  const top1 = rest.reduce((s, n) => s + Math.min(n, 1), 0);
  const top2 = rest.reduce((s, n) => s + Math.min(n, 2), 0);
  return (need[0] as number) <= top1 && (need[0] as number) + (need[1] as number) <= top2;
}

/** 27 cells row by row (3 rows of 9), empty 0. */
export function card90(source: FloatSource): number[] {
  const counts = Array<number>(9).fill(1);
  for (let k = 0; k < 6; k += 1) {
    const open = counts.flatMap((n, c) => (n < 3 ? [c] : []));
    const c = open[uniformInt(source, open.length)] as number;
    counts[c] = (counts[c] as number) + 1;
  }
  const layout: number[][] = [];
  const perRow = [0, 0, 0];
  for (let c = 0; c < 9; c += 1) {
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 10_000) throw new Error('no 90-ball layout');
      const rows = shuffledPrefix(source, [0, 1, 2], counts[c] as number).sort((a, b) => a - b);
      const after = perRow.map((n, r) => n + (rows.includes(r) ? 1 : 0));
      if (completable(after, counts.slice(c + 1))) {
        layout.push(rows);
        after.forEach((n, r) => {
          perRow[r] = n;
        });
        break;
      }
    }
  }
  const cells = Array<number>(27).fill(0);
  counts.forEach((n, c) => {
    const numbers = shuffledPrefix(source, column90(c), n).sort((a, b) => a - b);
    (layout[c] as number[]).forEach((r, k) => {
      cells[r * 9 + c] = numbers[k] as number;
    });
  });
  return cells;
}

/** Makes the seed stream of (hash, clientSeed): fair.ts's by default; the server passes node's HMAC (same bytes). */
export type StreamOf = (hash: string, clientSeed: string) => FloatSource;

/** A card of a round: its cells row by row (0 = free centre / empty). */
export function bingoCard(room: BingoRoom, hash: string, salt: string, cardId: string, streamOf: StreamOf = bingoStream): number[] {
  const source = streamOf(hash, `${salt}:card:${cardId}`);
  return room === 'bingo-75' ? card75(source) : card90(source);
}

/** Whether the cells form a valid card of the room. */
export function isValidCard(room: BingoRoom, cells: readonly number[]): boolean {
  if (room === 'bingo-75') {
    if (cells.length !== 25 || cells[12] !== 0) return false;
    const seen = new Set<number>();
    for (let i = 0; i < 25; i += 1) {
      if (i === 12) continue;
      const n = cells[i] as number;
      const c = i % 5;
      if (n < 15 * c + 1 || n > 15 * c + 15 || seen.has(n)) return false;
      seen.add(n);
    }
    return seen.size === 24;
  }
  if (cells.length !== 27) return false;
  const seen = new Set<number>();
  for (let r = 0; r < 3; r += 1) if (cells.slice(r * 9, r * 9 + 9).filter((n) => n !== 0).length !== 5) return false;
  for (let c = 0; c < 9; c += 1) {
    const col = [0, 1, 2].map((r) => cells[r * 9 + c] as number).filter((n) => n !== 0);
    if (col.length === 0) return false;
    const allowed = column90(c);
    for (let k = 0; k < col.length; k += 1) {
      const n = col[k] as number;
      if (!allowed.includes(n) || seen.has(n)) return false;
      if (k > 0 && n <= (col[k - 1] as number)) return false;
      seen.add(n);
    }
  }
  return seen.size === 15;
}

/** The cell sets of each pattern prize (one prize may be completed by any of several sets). */
function patterns(room: BingoRoom): Partial<Record<BingoPrize, number[][]>> {
  if (room === 'bingo-90') {
    const rows = [0, 1, 2].map((r) => range(r * 9, r * 9 + 8));
    return { line: rows, full_house: [range(0, 26)] };
  }
  const rows = [0, 1, 2, 3, 4].map((r) => range(r * 5, r * 5 + 4));
  const cols = [0, 1, 2, 3, 4].map((c) => [0, 1, 2, 3, 4].map((r) => r * 5 + c));
  const d1 = [0, 6, 12, 18, 24];
  const d2 = [4, 8, 12, 16, 20];
  return {
    line: [...rows, ...cols, d1, d2],
    corners: [[0, 4, 20, 24]],
    x: [[...new Set([...d1, ...d2])]],
    full_house: [range(0, 24)],
  };
}

/**
 * The number of balls (1-based) after which each prize is complete on this card: for a set of
 * cells, the latest call among its numbers (free/empty cells count as called at 0); a prize is the
 * earliest of its sets. 90-ball two lines: the second-earliest row.
 */
export function cardPrizeBalls(
  room: BingoRoom,
  cells: readonly number[],
  calledAt: ReadonlyMap<number, number>,
): Record<BingoPrize, number> {
  const at = (i: number) => {
    const n = cells[i] as number;
    return n === 0 ? 0 : (calledAt.get(n) ?? Number.POSITIVE_INFINITY);
  };
  const complete = (set: number[]) => Math.max(...set.map(at));
  const result = {} as Record<BingoPrize, number>;
  for (const [prize, sets] of Object.entries(patterns(room)) as [BingoPrize, number[][]][]) {
    result[prize] = Math.min(...sets.map(complete));
  }
  if (room === 'bingo-90') {
    const rows = [0, 1, 2].map((r) => complete(range(r * 9, r * 9 + 8))).sort((a, b) => a - b);
    result.two_lines = rows[1] as number;
  }
  return result;
}

/** Ball number -> its call position (1-based) in the order. */
export function calledPositions(order: readonly number[]): Map<number, number> {
  return new Map(order.map((n, i) => [n, i + 1]));
}

/** Splits `amount` between `winners` cards (already in card-id order): floor each, remainder to the earliest. */
export function splitPrize(amount: number, winners: number): number[] {
  if (winners <= 0) return [];
  const each = Math.floor(amount / winners);
  const remainder = amount - each * winners;
  return Array.from({ length: winners }, (_, i) => each + (i < remainder ? 1 : 0));
}

/** The amounts of a round's prizes, its jackpot share and the house's part, from its sales. */
export function potOf(room: BingoRoom, salesCentavos: number) {
  const rules = BINGO_RULES[room];
  const prizePool = Math.floor((salesCentavos * PRIZE_PERCENT) / 100);
  const prizes = {} as Record<BingoPrize, number>;
  let given = 0;
  for (const { prize, percent } of rules.prizes) {
    if (prize === 'full_house') continue;
    prizes[prize] = Math.floor((salesCentavos * percent) / 100);
    given += prizes[prize];
  }
  prizes.full_house = prizePool - given;
  const jackpotShare = Math.floor((salesCentavos * JACKPOT_PERCENT) / 100);
  return { prizePool, prizes, jackpotShare, house: salesCentavos - prizePool - jackpotShare };
}

/** A card in play, identified by its id ordering key (purchase id, index). */
export interface PlayedCard {
  purchaseId: number;
  index: number;
  cells: readonly number[];
}

export interface PrizeResult {
  prize: BingoPrize;
  /** The ball count at which it was won. */
  ball: number;
  amount: number;
  /** Winning cards in card-id order, with what each gets. */
  winners: { purchaseId: number; index: number; win: number }[];
}

export interface RoundResult {
  /** Balls called until the full house (the round stops there). */
  ballsCalled: number;
  prizes: PrizeResult[];
  /** The jackpot paid (the pool incl. this round's share) or 0; jackpot winners are the full house's. */
  jackpot: { won: boolean; amount: number; winners: { purchaseId: number; index: number; win: number }[] };
  /** The pool after the round. */
  poolAfter: number;
  salesCentavos: number;
  houseCentavos: number;
}

const byId = (a: PlayedCard, b: PlayedCard) => a.purchaseId - b.purchaseId || a.index - b.index;

/**
 * The whole round: which prizes at which ball, winners and amounts, the jackpot.
 * `poolBefore` is the room's jackpot pool before this round's share is added.
 */
export function playRound(room: BingoRoom, order: readonly number[], cards: readonly PlayedCard[], poolBefore: number): RoundResult {
  const rules = BINGO_RULES[room];
  const sales = cards.length * rules.priceCentavos;
  const pot = potOf(room, sales);
  const pool = poolBefore + pot.jackpotShare;
  if (cards.length === 0) {
    return {
      ballsCalled: 0,
      prizes: [],
      jackpot: { won: false, amount: 0, winners: [] },
      poolAfter: pool,
      salesCentavos: 0,
      houseCentavos: 0,
    };
  }
  const calledAt = calledPositions(order);
  const sorted = [...cards].sort(byId);
  const balls = sorted.map((card) => cardPrizeBalls(room, card.cells, calledAt));
  const prizes: PrizeResult[] = rules.prizes.map(({ prize }) => {
    const ball = Math.min(...balls.map((b) => b[prize]));
    const winning = sorted.filter((_, i) => (balls[i] as Record<BingoPrize, number>)[prize] === ball);
    const shares = splitPrize(pot.prizes[prize], winning.length);
    return {
      prize,
      ball,
      amount: pot.prizes[prize],
      winners: winning.map((c, i) => ({ purchaseId: c.purchaseId, index: c.index, win: shares[i] as number })),
    };
  });
  const full = prizes.find((p) => p.prize === 'full_house') as PrizeResult;
  const won = full.ball <= rules.jackpotBalls;
  const jackpotShares = won ? splitPrize(pool, full.winners.length) : [];
  return {
    ballsCalled: full.ball,
    prizes,
    jackpot: {
      won,
      amount: won ? pool : 0,
      winners: won ? full.winners.map((w, i) => ({ purchaseId: w.purchaseId, index: w.index, win: jackpotShares[i] as number })) : [],
    },
    poolAfter: won ? 0 : pool,
    salesCentavos: sales,
    houseCentavos: pot.house,
  };
}

/** What each card wins in a round (prizes and jackpot), keyed `${purchaseId}-${index}`. */
export function winsByCard(result: RoundResult): Map<string, number> {
  const wins = new Map<string, number>();
  for (const w of [...result.prizes.flatMap((p) => p.winners), ...result.jackpot.winners]) {
    const key = `${w.purchaseId}-${w.index}`;
    wins.set(key, (wins.get(key) ?? 0) + w.win);
  }
  return wins;
}

/**
 * For `npm run rtp`: the share of sales a round returns as prizes plus its jackpot share, over
 * `rounds` simulated rounds of 1..60 cards (fastFloats), which is exactly declaredRtp in every
 * round with a price in whole reais: prizes are always all won (the full house ends the round).
 */
export function simulatedReturn(room: BingoRoom, source: FloatSource, rounds: number): number {
  let sales = 0;
  let returned = 0;
  for (let r = 0; r < rounds; r += 1) {
    const order = shuffle(
      source,
      Array.from({ length: BINGO_RULES[room].balls }, (_, i) => i + 1),
    );
    const n = 1 + uniformInt(source, 60);
    const cards = Array.from({ length: n }, (_, i) => ({
      purchaseId: 1,
      index: i,
      cells: room === 'bingo-75' ? card75(source) : card90(source),
    }));
    const result = playRound(room, order, cards, 0);
    const paid = result.prizes.reduce((s, p) => s + p.winners.reduce((t, w) => t + w.win, 0), 0);
    sales += result.salesCentavos;
    returned += paid + potOf(room, result.salesCentavos).jackpotShare;
  }
  return returned / sales;
}
