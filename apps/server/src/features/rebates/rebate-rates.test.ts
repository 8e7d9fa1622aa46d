import { GAME_CATEGORIES } from '@casino/shared/game-codes';
import { describe, expect, it } from 'vitest';
import { defaultRebateRates, rebateFor } from './rebate-rates.ts';

describe('rebate rates', () => {
  it('seeds every level x category, slots 0.30% rising to 1.20%, live to 0.80%, sports to 0.60%', () => {
    const cells = defaultRebateRates(10);
    expect(cells).toHaveLength(11 * GAME_CATEGORIES.length);
    const rate = (level: number, category: string) => cells.find((c) => c.level === level && c.category === category)?.rate_bp;
    expect([rate(0, 'slots'), rate(10, 'slots')]).toEqual([30, 120]);
    expect([rate(0, 'live'), rate(10, 'live')]).toEqual([20, 80]);
    expect([rate(0, 'sports'), rate(10, 'sports')]).toEqual([20, 60]);
    for (const category of GAME_CATEGORIES) {
      const rates = Array.from({ length: 11 }, (_, level) => rate(level, category)!);
      expect(rates, category).toEqual([...rates].sort((a, b) => a - b));
    }
  });

  it('earns the rate of valid bets rounded down to the centavo', () => {
    expect(rebateFor(100_000, 30)).toBe(300);
    expect(rebateFor(133_333, 30)).toBe(399);
    expect(rebateFor(3, 30)).toBe(0);
    expect(rebateFor(0, 30)).toBe(0);
    expect(rebateFor(100_000, 0)).toBe(0);
  });
});
