/**
 * Video poker, Jacks or Better "9/6" (full house 9, flush 6), one hand from one 52-card deck.
 *
 * The deck is shuffled from the bet's stream (cards.ts: forward Fisher-Yates, 4-byte words,
 * rejection sampling; card numbering 13 * suit + rank - 1). The deal is positions 0..4; on the
 * draw, each discarded card is replaced, left to right, by the next positions 5, 6, ... So the
 * whole round is fixed by the seed before the player holds anything, and the verify page replays
 * it from the seeds and the held positions.
 *
 * Pays per unit staked, the stake included (the usual "for 1" table; the royal at the 5-coin rate
 * of 800): royal flush 800, straight flush 50, four of a kind 25, full house 9, flush 6,
 * straight 4, three of a kind 3, two pair 2, a pair of jacks or better 1, else 0.
 *
 * RTP under optimal holds (`jacksOrBetterRtp`, run by `npm run rtp`, a few seconds): for each of
 * the 2,598,960 deals, every one of the 32 holds is valued exactly over all its draws from the
 * 47 unseen cards, and the best is taken. The draws are not enumerated one by one: T(X), the sum
 * of the pays of all 5-card hands containing the set X, is tabulated for every X of 0..5 cards
 * (one pass over the 2,598,960 hands), and the pays of the hands that keep H and avoid the
 * discards D are sum over S within D of (-1)^|S| T(H + S) (inclusion-exclusion, a Moebius
 * transform over the deal's 32 subsets). Exact in integers: RTP = 99.5439% (0.99543904...), the
 * known figure for 9/6 Jacks or Better. `optimalHold` values one hand's 32 holds by plain
 * enumeration of the draws (2,598,960 hands evaluated, for the hint button and the tests).
 *
 * At the minimum stake of R$ 0,10 every pay is a whole multiple of the stake, so the RTP there is
 * the same.
 */
import type { Centavos } from '@casino/shared/money';
import { type Card, shoeDealer } from './cards.ts';
import { multiplier, payout } from './exact.ts';
import type { FloatSource } from './fair.ts';

export const POKER_HANDS = [
  'nothing',
  'jacks_or_better',
  'two_pair',
  'three_of_a_kind',
  'straight',
  'flush',
  'full_house',
  'four_of_a_kind',
  'straight_flush',
  'royal_flush',
] as const;
export type PokerHand = (typeof POKER_HANDS)[number];

/** Pays per unit staked, stake included, by hand category index. */
export const JACKS_OR_BETTER_9_6: readonly number[] = [0, 1, 2, 3, 4, 6, 9, 25, 50, 800];

/** The exact optimal-play RTP, floored to 1e-6 (`jacksOrBetterRtp` recomputes it). */
export const declaredRtp = 0.995439;

const NOTHING = 0;
const JACKS = 1;
const TWO_PAIR = 2;
const TRIPS = 3;
const STRAIGHT = 4;
const FLUSH = 5;
const FULL_HOUSE = 6;
const QUADS = 7;
const STRAIGHT_FLUSH = 8;
const ROYAL = 9;
/** Ranks 0 (ace), 9..12 (ten to king) as a bit mask. */
const BROADWAY = (1 << 0) | (1 << 9) | (1 << 10) | (1 << 11) | (1 << 12);

function popcount(x: number): number {
  let n = 0;
  let v = x;
  while (v) {
    v &= v - 1;
    n += 1;
  }
  return n;
}

/** The category index (0 nothing .. 9 royal flush) of five distinct cards. */
export function categoryOf5(c0: Card, c1: Card, c2: Card, c3: Card, c4: Card): number {
  const r0 = c0 % 13;
  const r1 = c1 % 13;
  const r2 = c2 % 13;
  const r3 = c3 % 13;
  const r4 = c4 % 13;
  const mask = (1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4);
  const distinct = popcount(mask);
  if (distinct === 5) {
    const s = (c0 / 13) | 0;
    const flush = ((c1 / 13) | 0) === s && ((c2 / 13) | 0) === s && ((c3 / 13) | 0) === s && ((c4 / 13) | 0) === s;
    const low = 31 - Math.clz32(mask & -mask);
    const straight = mask === BROADWAY || mask === 0b11111 << low;
    if (straight && flush) return mask === BROADWAY ? ROYAL : STRAIGHT_FLUSH;
    if (flush) return FLUSH;
    if (straight) return STRAIGHT;
    return NOTHING;
  }
  // Ranks seen twice or more: the rank that repeats (one pair), or count multiplicities.
  const ranks = [r0, r1, r2, r3, r4];
  if (distinct === 4) {
    for (let i = 0; i < 5; i += 1) {
      for (let j = i + 1; j < 5; j += 1) {
        if (ranks[i] === ranks[j]) {
          const r = ranks[i] as number;
          return r === 0 || r >= 10 ? JACKS : NOTHING;
        }
      }
    }
  }
  let maxCount = 0;
  for (let i = 0; i < 5; i += 1) {
    let count = 0;
    for (let j = 0; j < 5; j += 1) if (ranks[j] === ranks[i]) count += 1;
    if (count > maxCount) maxCount = count;
  }
  if (distinct === 3) return maxCount === 3 ? TRIPS : TWO_PAIR;
  return maxCount === 4 ? QUADS : FULL_HOUSE;
}

export function evaluate(cards: readonly Card[]): PokerHand {
  if (cards.length !== 5 || new Set(cards).size !== 5) throw new RangeError('a poker hand is five distinct cards');
  const [a, b, c, d, e] = cards as [Card, Card, Card, Card, Card];
  return POKER_HANDS[categoryOf5(a, b, c, d, e)] as PokerHand;
}

export function payOf(hand: PokerHand): number {
  return JACKS_OR_BETTER_9_6[POKER_HANDS.indexOf(hand)] as number;
}

// ---------------------------------------------------------------- the round

/** Held positions as a 5-bit mask: bit i holds card i of the deal. */
export type HoldMask = number;

export type VideoPokerDeal = { hand: Card[] };
export type VideoPokerResult = { hand: Card[]; held: HoldMask; final: Card[]; category: PokerHand; multiplier: number };

export function isValidHold(held: number): held is HoldMask {
  return Number.isInteger(held) && held >= 0 && held < 32;
}

/** The first 10 cards of the round's deck: the deal (0..4) and the replacements (5..9) in order. */
export function roundCards(source: FloatSource): Card[] {
  const shoe = shoeDealer(source, 1);
  return Array.from({ length: 10 }, () => shoe.next());
}

export function dealHand(source: FloatSource): VideoPokerDeal {
  return { hand: roundCards(source).slice(0, 5) };
}

/** The draw: discarded positions, left to right, take cards 5, 6, ... of the deck. */
export function drawFrom(cards: readonly Card[], held: HoldMask): VideoPokerResult {
  if (!isValidHold(held)) throw new RangeError('hold mask must be 0..31');
  const hand = cards.slice(0, 5);
  let next = 5;
  const final = hand.map((card, i) => ((held >> i) & 1 ? card : (cards[next++] as Card)));
  const category = evaluate(final);
  return { hand, held, final, category, multiplier: payOf(category) };
}

/** Replays a whole round from its stream and the held positions. */
export function play(source: FloatSource, held: HoldMask): VideoPokerResult {
  return drawFrom(roundCards(source), held);
}

export function videoPokerPayout(betCentavos: number, result: VideoPokerResult): Centavos {
  return payout(betCentavos, multiplier(result.multiplier));
}

// ---------------------------------------------------------------- optimal holds

export type HoldValue = {
  held: HoldMask;
  /** Sum of the pays over all draws for this hold. */
  total: number;
  /** The number of draws: C(47, discarded). */
  draws: number;
  /** total / draws. */
  ev: number;
};

const BINOM: number[][] = Array.from({ length: 53 }, (_, n) => {
  const row = [1];
  for (let k = 1; k <= 5; k += 1) row.push(k > n ? 0 : ((row[k - 1] as number) * (n - k + 1)) / k);
  return row;
});

function choose(n: number, k: number): number {
  return BINOM[n]?.[k] ?? 0;
}

/** Holds ranked best first: the exact expected pay of each of the 32 holds, over every draw. */
export function holdValues(hand: readonly Card[]): HoldValue[] {
  if (hand.length !== 5 || new Set(hand).size !== 5 || hand.some((c) => !Number.isInteger(c) || c < 0 || c > 51)) {
    throw new RangeError('a poker hand is five distinct cards');
  }
  const rest: Card[] = [];
  for (let c = 0; c < 52; c += 1) if (!hand.includes(c)) rest.push(c);
  const values: HoldValue[] = [];
  const slots = new Array<Card>(5);
  for (let held = 0; held < 32; held += 1) {
    const keep = hand.filter((_, i) => (held >> i) & 1);
    const need = 5 - keep.length;
    for (let i = 0; i < keep.length; i += 1) slots[i] = keep[i] as Card;
    let total = 0;
    // Every need-subset of the 47 unseen cards, in lexicographic order.
    const idx = Array.from({ length: need }, (_, i) => i);
    for (;;) {
      for (let i = 0; i < need; i += 1) slots[keep.length + i] = rest[idx[i] as number] as Card;
      total += JACKS_OR_BETTER_9_6[
        categoryOf5(slots[0] as Card, slots[1] as Card, slots[2] as Card, slots[3] as Card, slots[4] as Card)
      ] as number;
      let i = need - 1;
      while (i >= 0 && idx[i] === 47 - need + i) i -= 1;
      if (i < 0) break;
      idx[i] = (idx[i] as number) + 1;
      for (let j = i + 1; j < need; j += 1) idx[j] = (idx[j - 1] as number) + 1;
    }
    const draws = choose(47, need);
    values.push({ held, total, draws, ev: total / draws });
  }
  // Exact comparison: a/b > c/d  <=>  a*d > c*b (all below 2^53).
  return values.sort((a, b) => b.total * a.draws - a.total * b.draws || b.held - a.held);
}

/** The best hold for a hand (the hint) and its exact expected pay per unit staked. */
export function optimalHold(hand: readonly Card[]): HoldValue {
  return holdValues(hand)[0] as HoldValue;
}

// ---------------------------------------------------------------- the RTP

export type JacksOrBetterRtp = {
  /** Exact: num / den. */
  num: bigint;
  den: bigint;
  value: number;
  deals: number;
};

/** The colex rank of a sorted set of cards among the sets of its size: sum_i C(c_i, i + 1). */
function colex(cards: readonly number[], mask: number): number {
  let rank = 0;
  let j = 0;
  for (let i = 0; i < 5; i += 1) {
    if ((mask >> i) & 1) {
      j += 1;
      rank += choose(cards[i] as number, j);
    }
  }
  return rank;
}

function bigGcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * The RTP of 9/6 Jacks or Better under optimal holds, exactly (see the module comment). CPU:
 * two passes over the 2,598,960 hands; memory: about 25 MB of tables. Not for unit tests.
 */
export function jacksOrBetterRtp(pays: readonly number[] = JACKS_OR_BETTER_9_6): JacksOrBetterRtp {
  const tables = [0, 1, 2, 3, 4, 5].map((k) => new Float64Array(choose(52, k)));
  const popc = Array.from({ length: 32 }, (_, m) => popcount(m));
  const cards = [0, 0, 0, 0, 0];
  // Pass 1: T(X) for every set X of 0..5 cards.
  for (let a = 0; a < 52; a += 1) {
    cards[0] = a;
    for (let b = a + 1; b < 52; b += 1) {
      cards[1] = b;
      for (let c = b + 1; c < 52; c += 1) {
        cards[2] = c;
        for (let d = c + 1; d < 52; d += 1) {
          cards[3] = d;
          for (let e = d + 1; e < 52; e += 1) {
            cards[4] = e;
            const pay = pays[categoryOf5(a, b, c, d, e)] as number;
            if (pay === 0) continue;
            for (let m = 0; m < 32; m += 1) {
              const t = tables[popc[m] as number] as Float64Array;
              t[colex(cards, m)] = (t[colex(cards, m)] as number) + pay;
            }
          }
        }
      }
    }
  }
  // Pass 2: for each deal, the 32 subset sums, the Moebius transform, the best hold.
  const f = new Float64Array(32);
  const drawsFor = [0, 1, 2, 3, 4, 5].map((k) => choose(47, k));
  const sums = [0, 0, 0, 0, 0, 0];
  let deals = 0;
  for (let a = 0; a < 52; a += 1) {
    cards[0] = a;
    for (let b = a + 1; b < 52; b += 1) {
      cards[1] = b;
      for (let c = b + 1; c < 52; c += 1) {
        cards[2] = c;
        for (let d = c + 1; d < 52; d += 1) {
          cards[3] = d;
          for (let e = d + 1; e < 52; e += 1) {
            cards[4] = e;
            deals += 1;
            for (let m = 0; m < 32; m += 1) f[m] = (tables[popc[m] as number] as Float64Array)[colex(cards, m)] as number;
            for (let bit = 1; bit < 32; bit <<= 1) {
              for (let m = 0; m < 32; m += 1) if (!(m & bit)) f[m] = (f[m] as number) - (f[m | bit] as number);
            }
            let best = 31;
            let bestTotal = f[31] as number;
            let bestDraws = 1;
            for (let m = 0; m < 31; m += 1) {
              const draws = drawsFor[5 - (popc[m] as number)] as number;
              const total = f[m] as number;
              if (total * bestDraws > bestTotal * draws) {
                best = m;
                bestTotal = total;
                bestDraws = draws;
              }
            }
            const k = 5 - (popc[best] as number);
            sums[k] = (sums[k] as number) + bestTotal;
          }
        }
      }
    }
  }
  for (const s of sums) if (!Number.isSafeInteger(s)) throw new Error('video poker RTP sum lost precision');
  // RTP = sum_k sums[k] / C(47, k) / C(52, 5), as one fraction.
  let num = 0n;
  let den = 1n;
  sums.forEach((s, k) => {
    const d = BigInt(drawsFor[k] as number);
    num = num * d + BigInt(s) * den;
    den *= d;
    const g = bigGcd(num, den);
    num /= g;
    den /= g;
  });
  den *= BigInt(deals);
  const g = bigGcd(num, den);
  num /= g;
  den /= g;
  return { num, den, value: Number((num * 10n ** 15n) / den) / 1e15, deals };
}
