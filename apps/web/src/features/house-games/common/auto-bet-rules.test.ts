import { describe, expect, test } from 'vitest';
import { type AutoBetSettings, DEFAULT_AUTO_BET, MAX_AUTO_BETS, nextStake, shouldStop } from './auto-bet-rules.ts';

const settings = (patch: Partial<AutoBetSettings>): AutoBetSettings => ({ ...DEFAULT_AUTO_BET, ...patch });
const win = { betCentavos: 200, payoutCentavos: 400 };
const loss = { betCentavos: 200, payoutCentavos: 0 };

describe('nextStake', () => {
  test('reset goes back to the base stake', () => {
    expect(nextStake(settings({}), win, 100, 10, 100_000)).toBe(100);
    expect(nextStake(settings({}), loss, 100, 10, 100_000)).toBe(100);
  });

  test('a martingale doubles after a loss and resets after a win', () => {
    const martingale = settings({ onLossPercent: 100, onWinPercent: null });
    expect(nextStake(martingale, loss, 100, 10, 100_000)).toBe(400);
    expect(nextStake(martingale, win, 100, 10, 100_000)).toBe(100);
  });

  test('the stake stays inside the table limits', () => {
    expect(nextStake(settings({ onLossPercent: 1000 }), { betCentavos: 50_000, payoutCentavos: 0 }, 100, 10, 100_000)).toBe(100_000);
    expect(nextStake(settings({ onWinPercent: 0 }), { betCentavos: 5, payoutCentavos: 10 }, 5, 10, 100_000)).toBe(10);
  });

  test('a push (paid back exactly the stake) is not a win', () => {
    expect(
      nextStake(settings({ onLossPercent: 50, onWinPercent: null }), { betCentavos: 200, payoutCentavos: 200 }, 100, 10, 100_000),
    ).toBe(300);
  });
});

describe('shouldStop', () => {
  test('after the chosen number of bets', () => {
    expect(shouldStop(settings({ count: 3 }), 2, 0)).toBe(false);
    expect(shouldStop(settings({ count: 3 }), 3, 0)).toBe(true);
  });

  test('"until stopped" is still bounded', () => {
    expect(shouldStop(settings({ count: 0 }), MAX_AUTO_BETS - 1, 0)).toBe(false);
    expect(shouldStop(settings({ count: 0 }), MAX_AUTO_BETS, 0)).toBe(true);
  });

  test('on profit and on loss', () => {
    const limits = settings({ count: 0, stopProfitCentavos: 1_000, stopLossCentavos: 500 });
    expect(shouldStop(limits, 5, 999)).toBe(false);
    expect(shouldStop(limits, 5, 1_000)).toBe(true);
    expect(shouldStop(limits, 5, -499)).toBe(false);
    expect(shouldStop(limits, 5, -500)).toBe(true);
  });
});
