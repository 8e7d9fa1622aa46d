import { describe, expect, it } from 'vitest';
import { nextRainAt, splitPot } from './rain-split.ts';

describe('splitPot', () => {
  it('splits to the centavo: the shares sum to the pot and differ by at most one centavo', () => {
    expect(splitPot(5_000, 3)).toEqual([1_667, 1_667, 1_666]);
    expect(splitPot(100, 7)).toEqual([15, 15, 14, 14, 14, 14, 14]);
    for (const [pot, n] of [
      [1, 1],
      [5_000, 1],
      [9_999, 10],
      [123_457, 97],
      [10_000_000, 9_973],
    ] as const) {
      const shares = splitPot(pot, n);
      expect(shares).toHaveLength(n);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(pot);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  it('gives one centavo to the first recipients when the pot has fewer centavos than recipients', () => {
    expect(splitPot(3, 5)).toEqual([1, 1, 1, 0, 0]);
    expect(splitPot(0, 2)).toEqual([0, 0]);
    expect(splitPot(50, 0)).toEqual([]);
  });

  it('refuses fractions and negatives', () => {
    expect(() => splitPot(10.5, 2)).toThrow(RangeError);
    expect(() => splitPot(-1, 2)).toThrow(RangeError);
    expect(() => splitPot(10, -1)).toThrow(RangeError);
  });
});

describe('nextRainAt', () => {
  it('falls on whole multiples of the interval, the same on every process', () => {
    const five = 5 * 3_600_000;
    const on = five * 98_161;
    expect(nextRainAt(on, five)).toBe(on);
    expect(nextRainAt(on + 1, five)).toBe(on + five);
    expect(nextRainAt(on - 1, five)).toBe(on);
    expect(nextRainAt(Date.UTC(2026, 0, 1, 0, 0, 1), five) % five).toBe(0);
    expect(nextRainAt(Date.UTC(2026, 0, 1, 0, 0, 1), five) - Date.UTC(2026, 0, 1, 0, 0, 1)).toBeLessThanOrEqual(five);
  });
});
