import { describe, expect, it } from 'vitest';
import { binomial, formatMultiplier } from './exact.ts';
import { fastFloats } from './fair.ts';
import {
  declaredRtp,
  isValidPlinkoParams,
  PLINKO_RISKS,
  PLINKO_TABLES,
  play,
  plinkoPayout,
  plinkoRtp,
  plinkoRtpRational,
  plinkoTable,
  slotProbability,
} from './plinko.ts';

describe('plinko', () => {
  it('has a symmetric table of rows + 1 slots for every rows (8-16) and risk', () => {
    expect(Object.keys(PLINKO_TABLES)).toHaveLength(9);
    for (let rows = 8; rows <= 16; rows += 1) {
      for (const risk of PLINKO_RISKS) {
        const table = plinkoTable(rows, risk);
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual([...table]);
        for (const m of table) expect(Number.isInteger(m) && m > 0).toBe(true);
      }
    }
    // The market's 16-row tables.
    expect(plinkoTable(16, 'low')).toEqual([1600, 900, 200, 140, 140, 120, 110, 100, 50, 100, 110, 120, 140, 140, 200, 900, 1600]);
    expect(plinkoTable(16, 'high')[0]).toBe(100_000);
  });

  it('declares each table at its exact binomial RTP, all close to 99%', () => {
    for (let rows = 8; rows <= 16; rows += 1) {
      for (const risk of PLINKO_RISKS) {
        const rtp = plinkoRtp(rows, risk);
        expect(rtp).toBeGreaterThan(0.989);
        expect(rtp).toBeLessThan(0.992);
        // Recomputed independently from the slot probabilities.
        const again = plinkoTable(rows, risk).reduce((sum, m, slot) => sum + (slotProbability(rows, slot) * m) / 100, 0);
        expect(Math.abs(again - rtp)).toBeLessThan(1e-12);
      }
    }
    expect(plinkoRtpRational(16, 'low')).toEqual({ num: 6_487_980, den: 6_553_600 });
    expect(plinkoRtp(8, 'medium')).toBe(0.9890625);
    // The catalogue declares the lowest table (8 and 10 rows, medium): "at least 98.90%".
    expect(declaredRtp).toBe(0.9890625);
    expect(plinkoRtp(10, 'medium')).toBe(declaredRtp);
  });

  it('follows one float per row: floor(f * 2) is left (0) or right (1), the slot counts the rights', () => {
    const floats = [0.1, 0.7, 0.5, 0.49, 0.99, 0, 0.6, 0.2];
    let i = 0;
    const outcome = play(() => floats[i++] as number, { rows: 8, risk: 'high' });
    expect(outcome.path).toEqual([0, 1, 1, 0, 1, 0, 1, 0]);
    expect(outcome.slot).toBe(4);
    expect(formatMultiplier(outcome.multiplier)).toBe('0.20');
    expect(plinkoPayout(1000, outcome)).toBe(200);
    const edge = play(() => 0, { rows: 16, risk: 'high' });
    expect(edge.slot).toBe(0);
    expect(plinkoPayout(100, edge)).toBe(100_000);
    // 1.1x of 5 centavos is 5.5: the player gets 5.
    expect(
      plinkoPayout(
        5,
        play(() => 0.9, { rows: 8, risk: 'low' }),
      ),
    ).toBe(28);
    expect(plinkoPayout(5, { ...edge, multiplier: { num: 110, den: 100 } })).toBe(5);
  });

  it('refuses rows outside 8-16 and unknown risks', () => {
    expect(isValidPlinkoParams({ rows: 8, risk: 'low' })).toBe(true);
    for (const bad of [
      { rows: 7, risk: 'low' },
      { rows: 17, risk: 'low' },
      { rows: 12.5, risk: 'low' },
      { rows: 12, risk: 'extreme' },
    ]) {
      expect(isValidPlinkoParams(bad as never)).toBe(false);
      expect(() => play(() => 0, bad as never)).toThrow(RangeError);
    }
  });

  it('lands in each slot with the binomial probability (12 rows, 200,000 balls)', () => {
    const next = fastFloats(99);
    const counts = new Array(13).fill(0);
    const balls = 200_000;
    for (let b = 0; b < balls; b += 1) counts[play(next, { rows: 12, risk: 'medium' }).slot] += 1;
    counts.forEach((n, slot) => {
      const expected = (balls * binomial(12, slot)) / 4096;
      const sigma = Math.sqrt(expected * (1 - binomial(12, slot) / 4096));
      expect(Math.abs(n - expected)).toBeLessThan(5 * sigma + 1);
    });
  });
});
