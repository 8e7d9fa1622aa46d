import { HOUSE_GAME_CODES } from '@casino/shared/schemas/games';
import { describe, expect, it } from 'vitest';
import { HOUSE_GAME_MATH, rtpPercent, stakeProblem } from './catalogue.ts';

describe('house game catalogue figures', () => {
  it('covers every house game with an RTP above the legal 85% and sane stake limits', () => {
    expect(Object.keys(HOUSE_GAME_MATH).sort()).toEqual([...HOUSE_GAME_CODES].sort());
    for (const code of HOUSE_GAME_CODES) {
      const math = HOUSE_GAME_MATH[code];
      expect(math.rtp).toBeGreaterThan(0.85);
      expect(math.rtp).toBeLessThan(1);
      expect(Number.isSafeInteger(math.minBetCentavos) && math.minBetCentavos > 0).toBe(true);
      expect(math.maxBetCentavos).toBeGreaterThan(math.minBetCentavos);
    }
  });

  it('prints RTPs as floored percentages', () => {
    expect(rtpPercent(HOUSE_GAME_MATH.crash.rtp)).toBe('97.00');
    expect(rtpPercent(HOUSE_GAME_MATH.dice.rtp)).toBe('98.99');
    expect(rtpPercent(HOUSE_GAME_MATH.roulette.rtp)).toBe('97.29');
    expect(rtpPercent(HOUSE_GAME_MATH.double.rtp)).toBe('93.33');
    expect(rtpPercent(HOUSE_GAME_MATH.mines.rtp)).toBe('99.00');
    expect(rtpPercent(HOUSE_GAME_MATH['fruit-frenzy'].rtp)).toBe('95.95');
    expect(rtpPercent(HOUSE_GAME_MATH['carnaval-20'].rtp)).toBe('96.27');
    expect(rtpPercent(HOUSE_GAME_MATH.plinko.rtp)).toBe('98.90');
  });

  it('checks a stake against the limits', () => {
    expect(stakeProblem('dice', 10)).toBeNull();
    expect(stakeProblem('dice', 9)).toBe('below_min');
    expect(stakeProblem('dice', HOUSE_GAME_MATH.dice.maxBetCentavos + 1)).toBe('above_max');
    expect(stakeProblem('dice', 10.5)).toBe('invalid');
    expect(stakeProblem('dice', -100)).toBe('invalid');
    expect(stakeProblem('dice', 0)).toBe('invalid');
  });
});
