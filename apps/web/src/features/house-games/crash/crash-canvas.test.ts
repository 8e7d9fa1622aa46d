import { msForMultiplier, multiplierAt } from '@casino/games/crash';
import { describe, expect, test } from 'vitest';
import { type CrashView, currentElapsedMs, formatHundredths } from './crash-canvas.tsx';

const base: CrashView = {
  phase: 'running',
  tickElapsedMs: 5_000,
  tickReceivedAt: 1_000,
  crashPoint: null,
  bettingLeftMs: 0,
  bettingReceivedAt: 0,
  bettingTotalMs: 0,
  cashedAt: null,
};

describe('crash curve between ticks', () => {
  test('extrapolates from the last tick with the local clock', () => {
    expect(currentElapsedMs(base, 1_250)).toBe(5_250);
  });

  test('never runs more than a second past the last tick (a stalled feed freezes the curve)', () => {
    expect(currentElapsedMs(base, 60_000)).toBe(6_000);
  });

  test('a busted round is drawn up to its crash point, whatever the clock says', () => {
    const busted = { ...base, phase: 'busted' as const, crashPoint: 235 };
    expect(currentElapsedMs(busted, 99_999)).toBe(msForMultiplier(235));
    expect(multiplierAt(currentElapsedMs(busted, 0))).toBe(235);
  });

  test('betting draws no flight', () => {
    expect(currentElapsedMs({ ...base, phase: 'betting' }, 5_000)).toBe(0);
  });

  test("multipliers in hundredths are shown for the reader's language", () => {
    expect(formatHundredths(100, 'en')).toBe('1.00×');
    expect(formatHundredths(235, 'en')).toBe('2.35×');
    expect(formatHundredths(235, 'pt')).toBe('2,35×');
    expect(formatHundredths(1_000_000, 'pt')).toBe('10000,00×');
  });
});
