import { describe, expect, it } from 'vitest';
import {
  binomial,
  formatMultiplier,
  fromHundredths,
  mulDivFloor,
  multiplier,
  payout,
  reduce,
  toBasisPoints,
  toHundredths,
} from './exact.ts';

describe('exact multipliers', () => {
  it('floors bet * num / den in integers, also past 2^53', () => {
    expect(mulDivFloor(7, 3, 2)).toBe(10);
    expect(mulDivFloor(100_000_000_000, 99 * 5_200_300, 100 * 3_268_760)).toBe(
      Number((100_000_000_000n * BigInt(99 * 5_200_300)) / BigInt(100 * 3_268_760)),
    );
    // Float maths would give 0.29 * 100 = 28.999999999999996.
    expect(payout(100, fromHundredths(29))).toBe(29);
    expect(payout(1, multiplier(9900, 4950))).toBe(2);
    expect(payout(333, multiplier(1, 3))).toBe(111);
    expect(payout(334, multiplier(1, 3))).toBe(111);
  });

  it('refuses non-integer stakes and bad multipliers', () => {
    expect(() => payout(1.5, multiplier(2))).toThrow(RangeError);
    expect(() => payout(-1, multiplier(2))).toThrow(RangeError);
    expect(() => multiplier(1, 0)).toThrow(RangeError);
    expect(() => multiplier(0.5, 1)).toThrow(RangeError);
  });

  it('formats by flooring, never rounding up', () => {
    expect(formatMultiplier(multiplier(9900, 3))).toBe('3300.00');
    expect(formatMultiplier(multiplier(2, 3), 4)).toBe('0.6666');
    expect(formatMultiplier(multiplier(9900, 4950), 4)).toBe('2.0000');
    expect(toBasisPoints(multiplier(99, 98))).toBe(10_102);
    expect(toHundredths(multiplier(99, 98))).toBe(101);
  });

  it('computes binomials and reduces fractions', () => {
    expect(binomial(25, 12)).toBe(5_200_300);
    expect(binomial(16, 8)).toBe(12_870);
    expect(binomial(5, 7)).toBe(0);
    expect(reduce({ num: 9900, den: 4950 })).toEqual({ num: 2, den: 1 });
  });
});
