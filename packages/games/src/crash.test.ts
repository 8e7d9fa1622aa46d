import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CRASH_MAX_TARGET,
  CRASH_MIN_TARGET,
  crashBetReturns,
  crashPayout,
  crashPointFromBits,
  crashPointFromHash,
  crashPointFromSource,
  crashSurvival,
  declaredRtp,
  generateChain,
  isValidAutoCashout,
  msForMultiplier,
  multiplierAt,
  nextChainHash,
  verifyChain,
} from './crash.ts';
import { fastFloats, randomServerSeed } from './fair.ts';

const TWO_52 = 2n ** 52n;

/** The Bustabit recipe written out independently with node:crypto and floats. */
function referenceCrash(hash: string, salt: string): number {
  const digest = createHmac('sha256', hash).update(salt).digest('hex');
  const x = Number.parseInt(digest.slice(0, 13), 16) / 2 ** 52;
  return Math.max(100, Math.floor(97 / (1 - x)));
}

describe('crash', () => {
  it('reads the crash point from HMAC_SHA256(hash, salt) like Bustabit, at 97%', () => {
    const chain = generateChain(randomServerSeed(), 300);
    const salt = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
    for (const hash of chain) expect(crashPointFromHash(hash, salt)).toBe(referenceCrash(hash, salt));
    expect(declaredRtp).toBe(0.97);
  });

  it('builds the chain with sha256 of each hash as text, and verifies a hash against the published end', () => {
    const seed = 'f'.repeat(64);
    const chain = generateChain(seed, 1000);
    expect(chain[0]).toBe(seed);
    expect(chain[1]).toBe(createHash('sha256').update(seed).digest('hex'));
    for (let i = 1; i < chain.length; i += 1) expect(chain[i]).toBe(nextChainHash(chain[i - 1] as string));
    const end = chain[999] as string;
    expect(verifyChain(chain[10] as string, end, 5000)).toBe(989);
    expect(verifyChain(end, end, 0)).toBe(0);
    expect(verifyChain(chain[10] as string, end, 100)).toBeNull();
    expect(verifyChain('0'.repeat(64), end, 2000)).toBeNull();
    expect(verifyChain('not a hash', end, 10)).toBeNull();
    expect(() => generateChain('xyz', 3)).toThrow(RangeError);
  });

  it('crashes at or above m with probability floor(0.97 * 2^52 * 100 / m) / 2^52, exactly at the boundary', () => {
    for (const m of [101, 150, 200, 233, 1000, 10_000, 1_000_000]) {
      const count = (97n * TWO_52) / BigInt(m);
      // The largest distance from the top that still reaches m, and one more.
      expect(crashPointFromBits(TWO_52 - count)).toBeGreaterThanOrEqual(m);
      expect(crashPointFromBits(TWO_52 - count - 1n)).toBeLessThan(m);
      expect(crashSurvival(m)).toBe(Number(count) / 2 ** 52);
      // Cashing out at m returns 97%, short by less than m / 2^52.
      const rtp = (crashSurvival(m) * m) / 100;
      expect(rtp).toBeLessThanOrEqual(0.97);
      expect(rtp).toBeGreaterThan(0.97 - 1e-9);
    }
    expect(crashSurvival(100)).toBe(1);
    expect(crashPointFromBits(0n)).toBe(100);
    expect(crashPointFromBits(TWO_52 - 1n)).toBe(Number(97n * TWO_52));
  });

  it('rises along e^(0.00006 t) and finds the time of a multiplier', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    expect(multiplierAt(11_553)).toBe(200);
    expect(multiplierAt(11_552)).toBe(199);
    for (const m of [101, 150, 200, 777, 1000, 10_000, 100_000, CRASH_MAX_TARGET]) {
      const ms = msForMultiplier(m);
      expect(multiplierAt(ms)).toBeGreaterThanOrEqual(m);
      expect(multiplierAt(ms - 1)).toBeLessThan(m);
    }
    expect(msForMultiplier(100)).toBe(0);
  });

  it('pays floor(bet * m / 100), only when the round reaches the target', () => {
    expect(crashPayout(1000, 235)).toBe(2350);
    expect(crashPayout(33, 150)).toBe(49);
    expect(crashBetReturns(1000, 300, 300)).toBe(3000);
    expect(crashBetReturns(1000, 299, 300)).toBe(0);
    expect(isValidAutoCashout(CRASH_MIN_TARGET)).toBe(true);
    expect(isValidAutoCashout(100)).toBe(false);
    expect(isValidAutoCashout(150.5)).toBe(false);
    expect(isValidAutoCashout(CRASH_MAX_TARGET + 1)).toBe(false);
  });

  it('lands within the 99% interval of 97% over 200,000 rounds cashing out at 2x, and busts at 1.00x about 4% of the time', () => {
    const next = fastFloats(5);
    const rounds = 200_000;
    let wins = 0;
    let instant = 0;
    for (let i = 0; i < rounds; i += 1) {
      const point = crashPointFromSource(next);
      if (point >= 200) wins += 1;
      if (point === 100) instant += 1;
    }
    const p = crashSurvival(200);
    const sigma = Math.sqrt(p * (1 - p));
    expect(Math.abs(wins / rounds - p)).toBeLessThan((2.576 * sigma) / Math.sqrt(rounds));
    const q = 1 - crashSurvival(101);
    expect(Math.abs(instant / rounds - q)).toBeLessThan((2.576 * Math.sqrt(q * (1 - q))) / Math.sqrt(rounds));
  });
});
