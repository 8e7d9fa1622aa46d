import { describe, expect, it } from 'vitest';
import { DEFAULT_VIP_LEVELS, ladderViolation, levelsPassed, progressTo, reachedLevel, type VipFigures } from './vip-levels.ts';

const figures = (recharge: number, bet: number, slot = 0, live = 0): VipFigures => ({
  totalRechargeCentavos: recharge * 100,
  totalBetCentavos: bet * 100,
  totalSlotBetCentavos: slot * 100,
  totalLiveBetCentavos: live * 100,
});

describe('the VIP ladder', () => {
  it('seeds VIP0 to VIP10, from nothing to R$ 1 milhão / R$ 10 milhões with a reward of 8.888', () => {
    expect(DEFAULT_VIP_LEVELS.map((l) => l.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(DEFAULT_VIP_LEVELS[0]).toMatchObject({ minRechargeCentavos: 0, minBetCentavos: 0, levelupRewardCentavos: 0 });
    expect(DEFAULT_VIP_LEVELS[1]).toMatchObject({ minRechargeCentavos: 10_000, minBetCentavos: 100_000, levelupRewardCentavos: 500 });
    expect(DEFAULT_VIP_LEVELS[10]).toMatchObject({
      name: 'VIP10',
      minRechargeCentavos: 100_000_000,
      minBetCentavos: 1_000_000_000,
      minSlotBetCentavos: 500_000_000,
      levelupRewardCentavos: 888_800,
    });
    expect(ladderViolation(DEFAULT_VIP_LEVELS)).toBeUndefined();
  });

  it('needs recharge AND betting for the VIP level, exactly at the threshold', () => {
    expect(reachedLevel(DEFAULT_VIP_LEVELS, figures(0, 0), 'level')).toBe(0);
    expect(reachedLevel(DEFAULT_VIP_LEVELS, figures(100, 999.99), 'level')).toBe(0);
    expect(reachedLevel(DEFAULT_VIP_LEVELS, figures(99.99, 1_000_000), 'level')).toBe(0);
    expect(reachedLevel(DEFAULT_VIP_LEVELS, figures(100, 1_000), 'level')).toBe(1);
    expect(reachedLevel(DEFAULT_VIP_LEVELS, figures(1_000, 5_000), 'level')).toBe(2);
    expect(reachedLevel(DEFAULT_VIP_LEVELS, figures(5_000_000, 50_000_000), 'level')).toBe(10);
  });

  it('reads slot and live levels from their own bets only', () => {
    const f = figures(0, 0, 500, 2_500);
    expect(reachedLevel(DEFAULT_VIP_LEVELS, f, 'slot')).toBe(1);
    expect(reachedLevel(DEFAULT_VIP_LEVELS, f, 'live')).toBe(2);
    expect(reachedLevel(DEFAULT_VIP_LEVELS, f, 'level')).toBe(0);
  });

  it('lists every level passed, so each reward is paid', () => {
    expect(levelsPassed(DEFAULT_VIP_LEVELS, 0, 3).map((l) => l.levelupRewardCentavos)).toEqual([500, 1_000, 1_800]);
    expect(levelsPassed(DEFAULT_VIP_LEVELS, 3, 3)).toEqual([]);
  });

  it('shows the way to the next level, rounded down, and nothing missing at the top', () => {
    expect(progressTo(DEFAULT_VIP_LEVELS, figures(50, 333.33), 'level', 0)).toEqual({
      nextLevel: 1,
      rechargeNeededCentavos: 5_000,
      bettingNeededCentavos: 66_667,
      rechargePercent: 50,
      bettingPercent: 33,
    });
    expect(progressTo(DEFAULT_VIP_LEVELS, figures(0, 0, 0, 100), 'live', 0)).toEqual({
      nextLevel: 1,
      rechargeNeededCentavos: 0,
      bettingNeededCentavos: 40_000,
      rechargePercent: 100,
      bettingPercent: 20,
    });
    expect(progressTo(DEFAULT_VIP_LEVELS, figures(2_000_000, 20_000_000), 'level', 10)).toEqual({
      nextLevel: null,
      rechargeNeededCentavos: 0,
      bettingNeededCentavos: 0,
      rechargePercent: 100,
      bettingPercent: 100,
    });
  });

  it('refuses a table that stops climbing or a VIP0 that asks anything', () => {
    const lowered = DEFAULT_VIP_LEVELS.map((l) => (l.level === 3 ? { ...l, minBetCentavos: 1 } : l));
    expect(ladderViolation(lowered)).toEqual({ level: 3, threshold: 'minBetCentavos' });
    const raised = DEFAULT_VIP_LEVELS.map((l) => (l.level === 3 ? { ...l, minRechargeCentavos: 10_000_000_000 } : l));
    expect(ladderViolation(raised)).toEqual({ level: 4, threshold: 'minRechargeCentavos' });
    const zero = DEFAULT_VIP_LEVELS.map((l) => (l.level === 0 ? { ...l, minLiveBetCentavos: 1 } : l));
    expect(ladderViolation(zero)).toEqual({ level: 0, threshold: 'minLiveBetCentavos' });
  });
});
