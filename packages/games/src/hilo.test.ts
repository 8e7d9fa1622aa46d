import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeCard, rankOf } from './cards.ts';
import { fastFloats, hmacFloats } from './fair.ts';
import {
  type BigRatio,
  canCashOut,
  cashOut,
  guessOdds,
  HILO_GUESSES,
  type HiloGuess,
  type HiloMove,
  hiloCards,
  hiloMultiplier,
  hiloPayout,
  move,
  replay,
  start,
  startState,
  winningRanks,
} from './hilo.ts';

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
const reduced = (num: bigint, den: bigint): BigRatio => {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
};
const add = (a: BigRatio, b: BigRatio): BigRatio => reduced(a.num * b.den + b.num * a.den, a.den * b.den);
const scale = (a: BigRatio, k: bigint, d: bigint): BigRatio => reduced(a.num * k, a.den * d);
const ZERO: BigRatio = { num: 0n, den: 1n };

/** A strategy: the move from a rank after `correct` correct guesses, or 'cash' to stop. */
type Strategy = (rank: number, correct: number) => HiloMove | 'cash';

/**
 * The exact expected return of a strategy over every rank sequence (suits never matter), with
 * `payoutOf` turning the correct-guess counts into what the round pays per unit staked.
 */
function exactReturn(strategy: Strategy, payoutOf: (wins: number[]) => BigRatio): BigRatio {
  const walk = (rank: number, wins: number[], depth: number): BigRatio => {
    const choice = strategy(rank, wins.length);
    if (choice === 'cash' || depth > 5) return wins.length > 0 ? payoutOf(wins) : ZERO;
    let total = ZERO;
    for (let next = 1; next <= 13; next += 1) {
      const card = makeCard(next, 0);
      const state = { cards: [makeCard(rank, 1)], moves: [], wins, status: 'playing' as const };
      const result = move(state, choice, card);
      if (!result.ok) throw new Error(result.reason);
      const value = result.state.status === 'lost' ? ZERO : walk(next, result.state.wins, depth + 1);
      total = add(total, scale(value, 1n, 13n));
    }
    return total;
  };
  let total = ZERO;
  for (let rank = 1; rank <= 13; rank += 1) total = add(total, scale(walk(rank, [], 0), 1n, 13n));
  return total;
}

const likelier: (n: number) => Strategy = (n) => (rank, correct) => {
  if (correct >= n) return 'cash';
  return rank <= 7 ? 'higher' : 'lower';
};

describe('hi-lo', () => {
  it('reads each card as uniformInt(52) from the stream (checked with node:crypto)', () => {
    const seeds = { serverSeed: 'f'.repeat(64), clientSeed: 'hilo', nonce: 9 };
    const digest = createHmac('sha256', seeds.serverSeed).update(`${seeds.clientSeed}:${seeds.nonce}:0`).digest();
    const expected = Array.from({ length: 8 }, (_, i) => digest.readUInt32BE(4 * i) % 52);
    expect(hiloCards(hmacFloats(seeds), 8)).toEqual(expected);
  });

  it('wins higher/lower/same on 13 - r, r - 1 and 1 ranks of 13, refusing a guess that cannot win', () => {
    expect(winningRanks(1, 'higher')).toBe(12);
    expect(winningRanks(1, 'lower')).toBe(0);
    expect(winningRanks(13, 'lower')).toBe(12);
    expect(winningRanks(7, 'same')).toBe(1);
    expect(guessOdds(13, 'higher')).toBeNull();
    const king = startState(makeCard(13, 0));
    expect(move(king, 'higher', makeCard(2, 0))).toEqual({ ok: false, reason: 'guess_impossible' });
    expect(move(king, 'sideways' as never, makeCard(2, 0))).toEqual({ ok: false, reason: 'move_invalid' });
    expect(move(king, 'lower', 52)).toEqual({ ok: false, reason: 'card_invalid' });
    const lost = move(king, 'same', makeCard(12, 2));
    expect(lost.ok && lost.state.status).toBe('lost');
    if (lost.ok) expect(move(lost.state, 'lower', 0)).toEqual({ ok: false, reason: 'round_finished' });
  });

  it('multiplies by 13 / w per correct guess and charges 1% once', () => {
    expect(hiloMultiplier([])).toEqual({ num: 99n, den: 100n });
    expect(hiloMultiplier([12])).toEqual({ num: 429n, den: 400n }); // 1.0725x
    expect(hiloMultiplier([1])).toEqual({ num: 1287n, den: 100n }); // 12.87x
    let state = startState(makeCard(2, 0));
    const r1 = move(state, 'higher', makeCard(9, 3));
    expect(r1.ok && r1.correct).toBe(true);
    if (!r1.ok) return;
    state = r1.state;
    expect(canCashOut(state)).toBe(true);
    const r2 = move(state, 'skip', makeCard(4, 1));
    if (!r2.ok) return;
    expect(r2.state.wins).toEqual([11]);
    const r3 = move(r2.state, 'same', makeCard(4, 2));
    if (!r3.ok) return;
    const done = cashOut(r3.state);
    // 0.99 * 13/11 * 13/1 = 15.21x: R$ 1,00 returns R$ 15,21.
    expect(hiloPayout(100, done)).toBe(1521);
    expect(hiloPayout(7, done)).toBe(106);
    expect(hiloPayout(100, r3.state)).toBe(0);
    expect(() => cashOut(startState(0))).toThrow(RangeError);
  });

  it('cashes out by itself at 1,000,000x', () => {
    let state = startState(makeCard(7, 0));
    for (let i = 0; i < 6; i += 1) {
      const r = move(state, 'same', makeCard(7, i % 4));
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    // 0.99 * 13^6 = 4,775,299x > 1,000,000x after the sixth; 13^5 * 0.99 = 367,330x before.
    expect(state.status).toBe('cashed_out');
    expect(state.wins).toHaveLength(6);
  });

  it('replays a round from its moves exactly as it was played', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.array(fc.constantFrom<HiloMove>('higher', 'lower', 'same', 'skip'), { maxLength: 12 }),
        (seed, wanted) => {
          const source = fastFloats(seed);
          let state = start(source);
          const made: HiloMove[] = [];
          for (const m of wanted) {
            if (state.status !== 'playing') break;
            const result = move(state, m, hiloCards(source, 1)[0] as number);
            if (!result.ok) {
              expect(result.reason).toBe('guess_impossible');
              break;
            }
            made.push(m);
            state = result.state;
          }
          expect(replay(fastFloats(seed), made)).toEqual(state);
          expect(state.cards).toEqual(hiloCards(fastFloats(seed), made.length + 1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('returns exactly 99% for any guesses and cash-out point (exact over every rank sequence)', () => {
    const unit = (wins: number[]) => hiloMultiplier(wins);
    const strategies: Strategy[] = [
      likelier(1),
      likelier(2),
      (_rank, correct) => (correct >= 2 ? 'cash' : 'same'),
      (rank, correct) => {
        if (correct >= 3) return 'cash';
        if (rank === 7 && correct >= 1) return 'skip';
        return rank > 7 ? 'lower' : 'higher';
      },
      (rank, correct) => (correct >= 1 && rank > 5 ? 'cash' : rank === 13 ? 'lower' : 'higher'),
    ];
    for (const strategy of strategies) {
      const rtp = exactReturn(strategy, unit);
      expect(rtp.num * 100n).toBe(rtp.den * 99n);
    }
  });

  it('at R$ 0,10, flooring each cash-out to the centavo still returns at least 90%', () => {
    const at10 = (wins: number[]): BigRatio => {
      const m = hiloMultiplier(wins);
      return { num: (10n * m.num) / m.den, den: 10n };
    };
    let worst = 1;
    for (const guess of HILO_GUESSES) {
      for (const n of [1, 2, 3]) {
        const strategy: Strategy = (rank, correct) => {
          if (correct >= n) return 'cash';
          const w = winningRanks(rank, guess as HiloGuess);
          return w === 0 ? (rank === 1 ? 'higher' : 'lower') : guess;
        };
        const r = exactReturn(strategy, at10);
        worst = Math.min(worst, Number((r.num * 1_000_000n) / r.den) / 1e6);
      }
    }
    for (const n of [1, 2, 3, 4]) {
      const r = exactReturn(likelier(n), at10);
      worst = Math.min(worst, Number((r.num * 1_000_000n) / r.den) / 1e6);
    }
    expect(worst).toBeGreaterThanOrEqual(0.9);
    expect(rankOf(makeCard(5, 2))).toBe(5);
  });
});
