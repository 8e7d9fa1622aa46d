import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shuffle } from './cards.ts';
import { fastFloats, hmacFloats } from './fair.ts';
import {
  declaredRtp,
  KENO_DRAWS,
  KENO_MAX_PICKS,
  KENO_PAYTABLES,
  KENO_RISKS,
  kenoDraw,
  kenoHitWays,
  kenoParamsProblem,
  kenoPayout,
  kenoRtp,
  kenoRtpAtStake,
  kenoRtpRatio,
  play,
} from './keno.ts';

describe('keno', () => {
  it('draws 10 distinct numbers of 1..40: the first 10 of the seed shuffle of 1..40', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const drawn = kenoDraw(fastFloats(seed));
        expect(drawn).toHaveLength(10);
        expect(new Set(drawn).size).toBe(10);
        for (const n of drawn) expect(n >= 1 && n <= 40).toBe(true);
        const full = shuffle(
          fastFloats(seed),
          Array.from({ length: 40 }, (_, i) => i + 1),
        );
        expect(drawn).toEqual(full.slice(0, 10));
      }),
      { numRuns: 100 },
    );
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'keno', nonce: 1 };
    expect(kenoDraw(hmacFloats(seeds))).toEqual(kenoDraw(hmacFloats(seeds)));
  });

  it('refuses bad picks with a reason', () => {
    expect(kenoParamsProblem({ picks: [1, 2, 3], risk: 'classic' })).toBeNull();
    expect(kenoParamsProblem({ picks: [], risk: 'classic' })).toBe('picks_count');
    expect(kenoParamsProblem({ picks: Array.from({ length: 11 }, (_, i) => i + 1), risk: 'low' })).toBe('picks_count');
    expect(kenoParamsProblem({ picks: [0], risk: 'low' })).toBe('pick_out_of_range');
    expect(kenoParamsProblem({ picks: [41], risk: 'low' })).toBe('pick_out_of_range');
    expect(kenoParamsProblem({ picks: [2.5], risk: 'low' })).toBe('pick_out_of_range');
    expect(kenoParamsProblem({ picks: [5, 5], risk: 'low' })).toBe('pick_repeated');
    expect(kenoParamsProblem({ picks: [5], risk: 'wild' as never })).toBe('risk_invalid');
    expect(() => play(fastFloats(1), { picks: [5, 5], risk: 'low' })).toThrow(RangeError);
  });

  it('counts hits and pays the table, floored to the centavo', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
        fc.constantFrom(...KENO_RISKS),
        fc.integer({ min: 1, max: 100_000 }),
        (seed, picks, risk, bet) => {
          const outcome = play(fastFloats(seed), { picks, risk });
          expect(outcome.hits).toEqual(picks.filter((p) => outcome.drawn.includes(p)));
          const tenths = KENO_PAYTABLES[risk][picks.length - 1]?.[outcome.hits.length] as number;
          expect(kenoPayout(bet, outcome)).toBe(Math.floor((bet * tenths) / 10));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('has a table for every risk and pick count, one pay per hit count', () => {
    for (const risk of KENO_RISKS) {
      expect(KENO_PAYTABLES[risk]).toHaveLength(KENO_MAX_PICKS);
      KENO_PAYTABLES[risk].forEach((row, i) => {
        expect(row).toHaveLength(i + 2);
        for (const tenths of row) expect(Number.isSafeInteger(tenths) && tenths >= 0).toBe(true);
        // More hits never pay less.
        for (let k = 1; k < row.length; k += 1) expect(row[k]! >= row[k - 1]! || row[k - 1] === 0 || k === 1).toBe(true);
      });
    }
  });

  it('hypergeometric ways add up to C(40, 10) for every pick count', () => {
    expect(KENO_DRAWS).toBe(847_660_528);
    for (let n = 1; n <= 10; n += 1) {
      let total = 0;
      for (let k = 0; k <= n; k += 1) total += kenoHitWays(n, k);
      expect(total).toBe(KENO_DRAWS);
    }
  });

  it('every table returns between 97% and 98%, exactly, and the same at R$ 0,10', () => {
    for (const risk of KENO_RISKS) {
      for (let n = 1; n <= 10; n += 1) {
        const rtp = kenoRtp(n, risk);
        expect(rtp).toBeGreaterThanOrEqual(0.97);
        expect(rtp).toBeLessThanOrEqual(0.98);
        const exact = kenoRtpRatio(n, risk);
        expect(kenoRtpAtStake(n, risk, 10)).toEqual(exact);
        expect(kenoRtpAtStake(n, risk, 1230)).toEqual(exact);
        // Off the 10-centavo grid, flooring costs little: still far above the 85% floor.
        const odd = kenoRtpAtStake(n, risk, 11);
        expect(odd.num / odd.den).toBeGreaterThan(0.85);
      }
    }
    expect(declaredRtp).toBeCloseTo(0.970839, 6);
  });

  it('a short simulation lands inside the 99% interval of the exact figure', () => {
    const source = fastFloats(3);
    const picks = [3, 7, 11, 19, 23, 31];
    let sum = 0;
    let sumSq = 0;
    const rounds = 20_000;
    for (let i = 0; i < rounds; i += 1) {
      const outcome = play(source, { picks, risk: 'classic' });
      const x = outcome.multiplier.num / outcome.multiplier.den;
      sum += x;
      sumSq += x * x;
    }
    const mean = sum / rounds;
    const sigma = Math.sqrt(sumSq / rounds - mean * mean);
    expect(Math.abs(mean - kenoRtp(6, 'classic'))).toBeLessThan((2.576 * sigma) / Math.sqrt(rounds));
  });
});
