import { describe, expect, it } from 'vitest';
import { fastFloats, hashServerSeed, hmacFloats } from './fair.ts';
import { interval, mergeSamples, STRATEGIES, simulate } from './rtp-strategies.ts';

const SERVER_SEED = hashServerSeed('rtp-strategies.test');

describe('declared RTPs against short simulations (99% intervals)', () => {
  it('has one strategy per house game', () => {
    expect(new Set(STRATEGIES.map((s) => s.game)).size).toBe(8);
  });

  for (const strategy of STRATEGIES) {
    it(`${strategy.game}: 100,000 fast rounds and 2,000 HMAC rounds land within the interval of ${strategy.declared.toFixed(6)}`, () => {
      const fast = fastFloats(12_345);
      const bulk = simulate(strategy, 0, 100_000, () => fast);
      const bulkInterval = interval(bulk);
      expect(strategy.declared).toBeGreaterThan(bulkInterval.low);
      expect(strategy.declared).toBeLessThan(bulkInterval.high);

      // The real pipeline, with fixed seeds so the check is reproducible (a heavy-tailed game's
      // sigma is poorly estimated from 2,000 rounds, so a fresh seed each run would be flaky).
      const real = simulate(strategy, 0, 2_000, (nonce) => hmacFloats({ serverSeed: SERVER_SEED, clientSeed: 'rtp-test', nonce }));
      const realInterval = interval(real);
      expect(strategy.declared).toBeGreaterThan(realInterval.low);
      expect(strategy.declared).toBeLessThan(realInterval.high);
      expect(mergeSamples(bulk, real).rounds).toBe(102_000);
    });
  }
});
