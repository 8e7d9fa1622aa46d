import { describe, expect, test } from 'vitest';
import { ladderProgress, prizePosition, segmentUnderPointer, spinTarget } from './promo-math.ts';

describe('spinTarget', () => {
  test('lands every segment of an 8-segment wheel under the pointer, from any start', () => {
    for (const start of [0, 17, 359, 725.5, -90]) {
      for (let position = 0; position < 8; position++) {
        const target = spinTarget(start, position, 8, 6);
        expect(segmentUnderPointer(target, 8)).toBe(position);
        expect(target - start).toBeGreaterThanOrEqual(6 * 360);
        expect(target - start).toBeLessThan(7 * 360);
      }
    }
  });

  test('an offset stays inside the segment, even an absurd one', () => {
    for (const offset of [-0.5, -0.2, 0.2, 0.49, 3]) {
      const target = spinTarget(0, 3, 10, 5, offset);
      expect(segmentUnderPointer(target, 10)).toBe(3);
    }
  });

  test('segment 0 is centred at the top: no turn needed beyond full turns', () => {
    expect(spinTarget(0, 0, 8, 4)).toBe(4 * 360);
    expect(spinTarget(0, 2, 8, 4)).toBe(4 * 360 + 270);
  });
});

describe('ladderProgress', () => {
  const tiers = [100_000, 500_100, 1_500_100]; // R$ 1.000, 5.001, 15.001 in centavos

  test('below the first threshold: nothing reached, progress towards the first', () => {
    expect(ladderProgress(tiers, 25_000)).toEqual({ reached: -1, next: 0, fraction: 0.25, remaining: 75_000 });
  });

  test('exactly on a threshold reaches it', () => {
    const progress = ladderProgress(tiers, 500_100);
    expect(progress.reached).toBe(1);
    expect(progress.next).toBe(2);
    expect(progress.fraction).toBe(0);
    expect(progress.remaining).toBe(1_000_000);
  });

  test('one centavo short does not', () => {
    expect(ladderProgress(tiers, 500_099).reached).toBe(0);
  });

  test('at the top the bar is full and nothing is missing', () => {
    expect(ladderProgress(tiers, 9_999_999)).toEqual({ reached: 2, next: null, fraction: 1, remaining: 0 });
  });

  test('an empty ladder is empty', () => {
    expect(ladderProgress([], 10)).toEqual({ reached: -1, next: null, fraction: 0, remaining: 0 });
  });
});

describe('prizePosition', () => {
  test('finds the prize by its index, else clamps the index', () => {
    const prizes = [{ index: 1 }, { index: 2 }, { index: 3 }];
    expect(prizePosition(prizes, 2)).toBe(1);
    expect(prizePosition(prizes, 9)).toBe(2);
    expect(prizePosition([{ index: 0 }, { index: 1 }], 1)).toBe(1);
  });
});
