import { describe, expect, it } from 'vitest';
import { fastFloats, floatsFor, hmacFloats, type Seeds } from './fair.ts';
import { type GoalEvent, MATCH_MINUTES, playMatch, playMatchWith, scoreAt } from './virtual-match.ts';

/**
 * The virtual match: reproducible from its seeds, goals exactly where the seed's draws fall below
 * the scoring rate, and over 100,000 simulated matches as many goals as the model expects (inside
 * a 99% interval). The simulations use the fast seeded stream (same grid of floats as the HMAC).
 */

const SEEDS: Seeds = { serverSeed: 'c0ffee'.repeat(10).slice(0, 64), clientSeed: 'virtual-league', nonce: 42 };
const Z99 = 2.576;

const count = (goals: readonly GoalEvent[], team: 'home' | 'away') => goals.filter((g) => g.team === team).length;

function binomial(n: number, p: number, k: number): number {
  let logChoose = 0;
  for (let i = 1; i <= k; i++) logChoose += Math.log(n - k + i) - Math.log(i);
  return Math.exp(logChoose + k * Math.log(p) + (n - k) * Math.log(1 - p));
}

describe('virtual match from seeds', () => {
  it('plays the same goals from the same seeds, and other goals from another nonce', () => {
    const xg = { home: 1.9, away: 1.4 };
    const goals = playMatch(SEEDS, xg);
    expect(playMatch({ ...SEEDS }, xg)).toEqual(goals);
    expect(playMatchWith(hmacFloats(SEEDS), xg)).toEqual(goals);
    const others = Array.from({ length: 30 }, (_, i) => JSON.stringify(playMatch({ ...SEEDS, nonce: 1000 + i }, xg)));
    expect(new Set(others).size).toBeGreaterThan(20);
  });

  it('scores in a minute exactly when that side draw is below expected goals / 90 (home draw first)', () => {
    const xg = { home: 2.4, away: 1.1 };
    for (let nonce = 0; nonce < 40; nonce++) {
      const seeds = { ...SEEDS, nonce };
      const draws = floatsFor(seeds, 2 * MATCH_MINUTES);
      const expected: GoalEvent[] = [];
      for (let minute = 1; minute <= MATCH_MINUTES; minute++) {
        if (draws[2 * (minute - 1)]! < xg.home / 90) expected.push({ minute, team: 'home' });
        if (draws[2 * (minute - 1) + 1]! < xg.away / 90) expected.push({ minute, team: 'away' });
      }
      expect(playMatch(seeds, xg)).toEqual(expected);
    }
  });

  it('keeps goals in minute order, one per side per minute at most, inside the 90 minutes', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const goals = playMatch({ ...SEEDS, nonce }, { home: 3, away: 3 });
      const keys = goals.map((g) => `${g.minute}:${g.team}`);
      expect(new Set(keys).size).toBe(goals.length);
      for (const [i, goal] of goals.entries()) {
        expect(goal.minute).toBeGreaterThanOrEqual(1);
        expect(goal.minute).toBeLessThanOrEqual(MATCH_MINUTES);
        if (i > 0) expect(goal.minute).toBeGreaterThanOrEqual(goals[i - 1]!.minute);
        if (i > 0 && goal.minute === goals[i - 1]!.minute) expect(goal.team).toBe('away');
      }
    }
  });

  it('caps the chance per minute at one half, and never scores with no expected goals', () => {
    const wild = playMatchWith(fastFloats(3), { home: 1000, away: 0 });
    expect(count(wild, 'away')).toBe(0);
    expect(count(wild, 'home')).toBeGreaterThan(25);
    expect(count(wild, 'home')).toBeLessThan(65);
  });

  it('reads the score at any minute from the goals', () => {
    const goals: GoalEvent[] = [
      { minute: 3, team: 'home' },
      { minute: 44, team: 'away' },
      { minute: 44, team: 'home' },
      { minute: 90, team: 'away' },
    ];
    expect(scoreAt(goals, 0)).toEqual({ home: 0, away: 0 });
    expect(scoreAt(goals, 3)).toEqual({ home: 1, away: 0 });
    expect(scoreAt(goals, 43)).toEqual({ home: 1, away: 0 });
    expect(scoreAt(goals, 44)).toEqual({ home: 2, away: 1 });
    expect(scoreAt(goals, 89)).toEqual({ home: 2, away: 1 });
    expect(scoreAt(goals, 90)).toEqual({ home: 2, away: 2 });
  });
});

describe('virtual match statistics', () => {
  it('scores the expected goals per side over 100,000 matches, inside the 99% interval', () => {
    const matches = 100_000;
    for (const xg of [
      { home: 1.56, away: 1.3 },
      { home: 2.6, away: 0.7 },
    ]) {
      const floats = fastFloats(Math.round(xg.home * 1000));
      const totals = { home: 0, away: 0 };
      const histogram = { home: new Array<number>(12).fill(0), away: new Array<number>(12).fill(0) };
      for (let i = 0; i < matches; i++) {
        const goals = playMatchWith(floats, xg);
        for (const side of ['home', 'away'] as const) {
          const n = count(goals, side);
          totals[side] += n;
          histogram[side][Math.min(11, n)]! += 1;
        }
      }
      for (const side of ['home', 'away'] as const) {
        const p = xg[side] / 90;
        // Each side's goals: 90 independent minutes, so the mean is exactly xg and the variance 90 p (1 - p).
        const se = Math.sqrt((90 * p * (1 - p)) / matches);
        expect(Math.abs(totals[side] / matches - xg[side]), `${side} mean`).toBeLessThan(Z99 * se);
        for (let k = 0; k <= 4; k++) {
          const expected = binomial(90, p, k);
          const observed = histogram[side][k]! / matches;
          expect(Math.abs(observed - expected), `${side} P(${k})`).toBeLessThan(Z99 * Math.sqrt((expected * (1 - expected)) / matches));
        }
      }
    }
  });

  it('scores the expected goals through the real HMAC stream too (1,000 matches, 99% interval)', () => {
    const xg = { home: 1.56, away: 1.3 };
    const matches = 1_000;
    let total = 0;
    for (let nonce = 0; nonce < matches; nonce++) total += playMatch({ ...SEEDS, nonce }, xg).length;
    const p = [xg.home / 90, xg.away / 90];
    const variance = p.reduce((v, q) => v + 90 * q * (1 - q), 0);
    expect(Math.abs(total / matches - (xg.home + xg.away))).toBeLessThan(Z99 * Math.sqrt(variance / matches));
  });

  it('stays within half a point of the Poisson model the book prices with, for every goal count', () => {
    // Binomial(90, xg/90) against Poisson(xg): same mean, slightly thinner tails.
    for (const xg of [0.5, 1.3, 1.56, 2.2, 3]) {
      let poisson = Math.exp(-xg);
      for (let k = 0; k <= 8; k++) {
        expect(Math.abs(binomial(90, xg / 90, k) - poisson), `xg ${xg} k ${k}`).toBeLessThan(0.005);
        poisson *= xg / (k + 1);
      }
    }
  });
});
