import { hashServerSeed, hmacFloats } from '@casino/games/fair';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailyWheel } from './daily-wheel.ts';
import { invitationActivity } from './invitation-activity.ts';
import { mystery } from './mystery.ts';
import { PLAY_MODULES } from './play-modules.ts';
import { treasureChest } from './treasure-chest.ts';
import { MAX_TOTAL_WEIGHT, pickWeighted, prizeTableSchema, replayDraw, toWheelPrizes, topPrizeCentavos } from './wheel-draw.ts';

describe('pickWeighted', () => {
  it('gives each index the band of floats its weight covers', () => {
    const weights = [1, 2, 1]; // bands [0, 0.25), [0.25, 0.75), [0.75, 1)
    expect(pickWeighted(weights, 0)).toBe(0);
    expect(pickWeighted(weights, 0.25 - 2 ** -32)).toBe(0);
    expect(pickWeighted(weights, 0.25)).toBe(1);
    expect(pickWeighted(weights, 0.75 - 2 ** -32)).toBe(1);
    expect(pickWeighted(weights, 0.75)).toBe(2);
    expect(pickWeighted(weights, 1 - 2 ** -32)).toBe(2);
  });

  it('always lands on an index whose band holds the float', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 24 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (weights, uint32) => {
          const float = uint32 / 2 ** 32;
          const index = pickWeighted(weights, float);
          const total = weights.reduce((a, b) => a + b, 0);
          const below = weights.slice(0, index).reduce((a, b) => a + b, 0);
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThan(weights.length);
          expect(float * total).toBeGreaterThanOrEqual(below);
          expect(float * total).toBeLessThan(below + (weights[index] ?? 0));
        },
      ),
    );
  });

  it('refuses floats outside [0, 1) and an empty table', () => {
    expect(() => pickWeighted([1], 1)).toThrow();
    expect(() => pickWeighted([1], -0.1)).toThrow();
    expect(() => pickWeighted([1], Number.NaN)).toThrow();
    expect(() => pickWeighted([], 0.5)).toThrow();
  });

  it('follows the weights over many draws', () => {
    const weights = [4000, 2800, 1500, 900, 500, 200, 80, 20];
    const counts = new Array<number>(weights.length).fill(0);
    const draws = 200_000;
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'wheel', nonce: 0 };
    const next = hmacFloats(seeds);
    for (let i = 0; i < draws; i += 1) {
      const index = pickWeighted(weights, next());
      counts[index] = (counts[index] ?? 0) + 1;
    }
    for (const [index, weight] of weights.entries()) {
      // Five standard deviations of a binomial count: a wrong band would be far outside.
      const expected = (draws * weight) / 10_000;
      const sd = Math.sqrt(expected * (1 - weight / 10_000));
      expect(Math.abs((counts[index] ?? 0) - expected)).toBeLessThan(5 * sd + 1);
    }
  });
});

describe('replayDraw', () => {
  it('recomputes a draw from its seeds: the first float of HMAC(server seed, client seed:nonce)', () => {
    const serverSeed = 'f'.repeat(64);
    const seeds = { serverSeed, clientSeed: 'abc123', nonce: 7 };
    const first = replayDraw(seeds, [1, 1, 1, 1]);
    expect(first).toEqual(replayDraw(seeds, [1, 1, 1, 1]));
    expect(first.float).toBe(hmacFloats(seeds)());
    expect(first.index).toBe(Math.floor(first.float * 4));
    expect(replayDraw({ ...seeds, nonce: 8 }, [1, 1, 1, 1]).float).not.toBe(first.float);
    expect(hashServerSeed(serverSeed)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('prize tables', () => {
  it('refuses a prize of zero, an empty table and weights above the exact range', () => {
    expect(prizeTableSchema.safeParse([{ reward_centavos: 0, weight: 1 }]).success).toBe(false);
    expect(prizeTableSchema.safeParse([]).success).toBe(false);
    expect(prizeTableSchema.safeParse([{ reward_centavos: 100, weight: 0 }]).success).toBe(false);
    const heavy = [
      { reward_centavos: 100, weight: MAX_TOTAL_WEIGHT },
      { reward_centavos: 200, weight: 1 },
    ];
    expect(prizeTableSchema.safeParse(heavy).success).toBe(false);
    expect(prizeTableSchema.parse([{ reward_centavos: 50, weight: 3 }])).toEqual([{ reward_centavos: 50, weight: 3, icon: null }]);
  });

  it('shows the player the segments in order with their rewards in reais, not the weights', () => {
    const table = prizeTableSchema.parse([
      { reward_centavos: 50, weight: 9 },
      { reward_centavos: 10000, weight: 1, icon: '/img/top.png' },
    ]);
    expect(toWheelPrizes(table)).toEqual([
      { index: 0, reward: '0.50', icon: null },
      { index: 1, reward: '100.00', icon: '/img/top.png' },
    ]);
    expect(topPrizeCentavos(table)).toBe(10000);
  });

  it("accepts every module's seeded defaults", () => {
    for (const module of PLAY_MODULES) {
      const parsed = module.configSchema.safeParse(module.defaults.config);
      expect(parsed.success, module.type).toBe(true);
      expect(Object.keys(module.defaults.title).sort()).toEqual(['en', 'id', 'ms', 'pt', 'th', 'tr', 'vi', 'zh']);
      expect(Object.keys(module.defaults.content).sort()).toEqual(['en', 'id', 'ms', 'pt', 'th', 'tr', 'vi', 'zh']);
    }
  });

  it('seeds the spec-given tables: daily wheel R$ 0.50 to R$ 100.00, chests in order, mystery R$ 2.00 to R$ 50.00', () => {
    const daily = dailyWheel.defaults.config;
    expect(daily.prizes.map((p: { reward_centavos: number }) => p.reward_centavos)).toEqual([50, 100, 200, 500, 1000, 2000, 5000, 10000]);
    const weights = daily.prizes.map((p: { weight: number }) => p.weight);
    expect([...weights].sort((a: number, b: number) => b - a)).toEqual(weights); // small prizes are the likely ones
    expect(treasureChest.defaults.config.chests).toEqual([
      { invitees: 1, reward_centavos: 500 },
      { invitees: 3, reward_centavos: 2000 },
      { invitees: 5, reward_centavos: 4000 },
      { invitees: 10, reward_centavos: 10000 },
      { invitees: 20, reward_centavos: 25000 },
      { invitees: 50, reward_centavos: 80000 },
    ]);
    const amounts = mystery.defaults.config.amounts.map((p: { reward_centavos: number }) => p.reward_centavos);
    expect(Math.min(...amounts)).toBe(200);
    expect(Math.max(...amounts)).toBe(5000);
    expect(invitationActivity.defaults).toMatchObject({
      config: { reward_centavos: 10000, min_recharge_centavos: 10000 },
      wageringMultiple: 5,
    });
  });
});
