import { describe, expect, it } from 'vitest';
import { formatMultiplier } from './exact.ts';
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  DICE_OUTCOMES,
  declaredRtp,
  diceChance,
  diceMultiplier,
  dicePayout,
  diceTargetForChance,
  isValidDiceParams,
  play,
} from './dice.ts';

/** A source that makes the roll come out as `roll` (hundredths). */
const rolling = (roll: number) => () => (roll + 0.5) / DICE_OUTCOMES;

describe('dice', () => {
  it('rolls 0.00 to 100.00 from floor(f * 10001)', () => {
    expect(play(() => 0, { direction: 'over', target: 5050 }).roll).toBe(0);
    expect(play(() => (2 ** 32 - 1) / 2 ** 32, { direction: 'over', target: 5050 }).roll).toBe(10_000);
    expect(play(() => 0.5, { direction: 'over', target: 5050 }).roll).toBe(5000);
  });

  it('wins over strictly above the target and under strictly below it', () => {
    const over = { direction: 'over', target: 5050 } as const;
    expect(play(rolling(5050), over).win).toBe(false);
    expect(play(rolling(5051), over).win).toBe(true);
    const under = { direction: 'under', target: 4950 } as const;
    expect(play(rolling(4950), under).win).toBe(false);
    expect(play(rolling(4949), under).win).toBe(true);
  });

  it('pays 99 / chance: 2x at 49.50%, 9900x at 0.01%, floored to the centavo', () => {
    expect(formatMultiplier(diceMultiplier({ direction: 'over', target: 5050 }), 4)).toBe('2.0000');
    expect(formatMultiplier(diceMultiplier({ direction: 'under', target: 1 }), 4)).toBe('9900.0000');
    expect(formatMultiplier(diceMultiplier({ direction: 'under', target: 9800 }), 4)).toBe('1.0102');
    const win = play(rolling(10), { direction: 'under', target: 3300 });
    expect(dicePayout(100, win)).toBe(300);
    // 99 / 33.01 = 2.99909...: R$ 1,00 returns R$ 2,99, never rounded up.
    expect(dicePayout(100, play(rolling(10), { direction: 'under', target: 3301 }))).toBe(299);
    expect(dicePayout(100, play(rolling(9999), { direction: 'under', target: 3300 }))).toBe(0);
  });

  it('accepts chances from 0.01% to 98.00% only, in whole hundredths', () => {
    expect(isValidDiceParams({ direction: 'over', target: 9999 })).toBe(true);
    expect(isValidDiceParams({ direction: 'over', target: 200 })).toBe(true);
    expect(isValidDiceParams({ direction: 'under', target: 1 })).toBe(true);
    expect(isValidDiceParams({ direction: 'under', target: 9800 })).toBe(true);
    for (const bad of [
      { direction: 'over', target: 10_000 },
      { direction: 'over', target: 199 },
      { direction: 'under', target: 0 },
      { direction: 'under', target: 9801 },
      { direction: 'under', target: 50.5 },
      { direction: 'sideways', target: 5000 },
    ]) {
      expect(isValidDiceParams(bad as never)).toBe(false);
    }
    expect(() => play(() => 0, { direction: 'under', target: 0 })).toThrow(RangeError);
    expect(diceChance({ direction: 'over', target: diceTargetForChance(1234, 'over') })).toBe(1234);
  });

  it('returns exactly 9900/10001 for every target, counted over all 10001 rolls', () => {
    expect(declaredRtp).toBe(9900 / 10_001);
    const targets = [DICE_MIN_CHANCE, 2, 7, 100, 1000, 3333, 4950, 5000, 7777, 9799, DICE_MAX_CHANCE];
    for (const direction of ['over', 'under'] as const) {
      for (const chance of targets) {
        const params = { direction, target: diceTargetForChance(chance, direction) };
        let wins = 0;
        for (let roll = 0; roll < DICE_OUTCOMES; roll += 1) if (play(rolling(roll), params).win) wins += 1;
        expect(wins).toBe(chance);
        // RTP = wins/10001 * 9900/chance, an exact rational: compare numerators over 10001 * chance.
        const m = diceMultiplier(params);
        expect(wins * m.num).toBe(9900 * m.den);
      }
    }
  });
});
