import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastFloats, hmacFloats } from './fair.ts';
import {
  isValidLimboTarget,
  LIMBO_MAX_TARGET,
  LIMBO_MIN_TARGET,
  limboPayout,
  limboResult,
  limboResultFromBits,
  limboRtp,
  limboRtpAtStake,
  limboWinCount,
  play,
  ratioValue,
} from './limbo.ts';

const TWO_64 = 2n ** 64n;

describe('limbo', () => {
  it('reads the first 8 bytes as u and shows floor(99 * 2^64 / (2^64 - u)) hundredths, clamped', () => {
    expect(limboResultFromBits(0n)).toBe(100); // 0.99x shows as 1.00x, a loss at every target
    expect(limboResultFromBits(TWO_64 / 2n)).toBe(198);
    expect(limboResultFromBits(TWO_64 - 1n)).toBe(100_000_000);
    expect(limboResultFromBits(TWO_64 - 99n * 2n ** 54n)).toBe(1024);
    expect(limboResultFromBits(TWO_64 - 99n * 2n ** 54n - 1n)).toBe(1023);
    expect(() => limboResultFromBits(TWO_64)).toThrow(RangeError);
    // An independent reading with node:crypto.
    const seeds = { serverSeed: 'c0ffee'.padEnd(64, '0'), clientSeed: 'limbo', nonce: 3 };
    const digest = createHmac('sha256', seeds.serverSeed).update(`${seeds.clientSeed}:${seeds.nonce}:0`).digest();
    const u = digest.readBigUInt64BE(0);
    const expected = Math.min(100_000_000, Math.max(100, Number((99n * TWO_64) / (TWO_64 - u))));
    expect(limboResult(hmacFloats(seeds))).toBe(expected);
  });

  it('wins exactly when the result reaches the target; pays floor(bet * T / 100)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: TWO_64 - 1n }),
        fc.integer({ min: LIMBO_MIN_TARGET, max: LIMBO_MAX_TARGET }),
        fc.integer({ min: 1, max: 100_000 }),
        (u, target, bet) => {
          const w0 = Number(u >> 32n);
          const w1 = Number(u & 0xffffffffn);
          const words = [w0, w1];
          let k = 0;
          const outcome = play(() => (words[k++] as number) / 2 ** 32, { target });
          expect(outcome.result).toBe(limboResultFromBits(u));
          // The win set is v = 2^64 - u <= floor(99 * 2^64 / T): the count limboWinCount gives.
          expect(outcome.win).toBe(TWO_64 - u <= limboWinCount(target));
          expect(limboPayout(bet, outcome)).toBe(outcome.win ? Math.floor((bet * target) / 100) : 0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes targets 1.01x to 1,000,000x in whole hundredths only', () => {
    expect(isValidLimboTarget(101)).toBe(true);
    expect(isValidLimboTarget(100_000_000)).toBe(true);
    for (const bad of [100, 100_000_001, 150.5, Number.NaN]) expect(isValidLimboTarget(bad)).toBe(false);
    expect(() => play(fastFloats(1), { target: 100 })).toThrow(RangeError);
  });

  it('returns 99% at every target to within T / (100 * 2^64), exactly computed', () => {
    for (const target of [101, 109, 150, 200, 1000, 9_999, 1_000_000, 100_000_000]) {
      const rtp = limboRtp(target);
      // 0.99 - T / (100 * 2^64) < RTP <= 0.99, as integers: 100 * 2^64 * RTP = T * floor(99 * 2^64 / T).
      expect(rtp.num <= 99n * TWO_64).toBe(true);
      expect(rtp.num > 99n * TWO_64 - BigInt(target)).toBe(true);
      expect(ratioValue(rtp)).toBeCloseTo(0.99, 12);
    }
  });

  it('at R$ 0,10 the floored wins still return at least 90.8% (worst: 1.09x)', () => {
    let worst = 1;
    let worstTarget = 0;
    for (let target = LIMBO_MIN_TARGET; target <= 2000; target += 1) {
      const rtp = ratioValue(limboRtpAtStake(target, 10));
      if (rtp < worst) [worst, worstTarget] = [rtp, target];
    }
    expect(worstTarget).toBe(109);
    expect(worst).toBeCloseTo((0.99 * 100) / 109, 10);
    expect(worst).toBeGreaterThan(0.85);
    expect(ratioValue(limboRtpAtStake(100_000_000, 10))).toBeCloseTo(0.99, 10);
  });

  it('a short simulation lands inside the 99% interval of 99%', () => {
    const source = fastFloats(5);
    const targets = [101, 200, 500, 1000];
    let sum = 0;
    let sumSq = 0;
    const rounds = 40_000;
    for (let i = 0; i < rounds; i += 1) {
      const target = targets[i % targets.length] as number;
      const x = play(source, { target }).win ? target / 100 : 0;
      sum += x;
      sumSq += x * x;
    }
    const mean = sum / rounds;
    const sigma = Math.sqrt(sumSq / rounds - mean * mean);
    expect(Math.abs(mean - 0.99)).toBeLessThan((2.576 * sigma) / Math.sqrt(rounds));
  });
});
