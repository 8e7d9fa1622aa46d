import { describe, expect, it } from 'vitest';
import { formatMultiplier, multiplierValue } from './exact.ts';
import { fastFloats, hmacFloats } from './fair.ts';
import {
  canCashOut,
  declaredRtp,
  MINES_TILES,
  maxReveals,
  minePositions,
  minesMultiplier,
  minesPayout,
  nextSafeChance,
  play,
  reveal,
  startState,
} from './mines.ts';

describe('mines', () => {
  it('places k distinct mines on tiles 0..24, the same for the same seeds', () => {
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'c', nonce: 1 };
    for (let k = 1; k <= 24; k += 1) {
      const board = minePositions(hmacFloats(seeds), k);
      expect(board).toHaveLength(k);
      expect(new Set(board).size).toBe(k);
      for (const tile of board) expect(tile >= 0 && tile < MINES_TILES).toBe(true);
      expect(minePositions(hmacFloats(seeds), k)).toEqual(board);
    }
  });

  it('draws mines by removing floor(f * remaining) from the ordered tiles', () => {
    // Floats 0, 0.99, 0.5: tile 0; then index 23 of [1..24] = 24; then index 11 of [1..23] = 12.
    const floats = [0, 0.99, 0.5];
    let i = 0;
    expect(minePositions(() => floats[i++] as number, 3)).toEqual([0, 24, 12]);
    // 24 mines leave exactly one safe tile.
    const board = minePositions(fastFloats(3), 24);
    expect(Array.from({ length: 25 }, (_, t) => t).filter((t) => !board.includes(t))).toHaveLength(1);
  });

  it('makes every tile equally likely to hold a mine', () => {
    const next = fastFloats(11);
    const counts = new Array(25).fill(0);
    const boards = 40_000;
    for (let b = 0; b < boards; b += 1) for (const tile of minePositions(next, 5)) counts[tile] += 1;
    // Expected 8000 per tile, sigma ~ 80: 5 sigma.
    for (const n of counts) expect(Math.abs(n - 8000)).toBeLessThan(400);
  });

  it('pays 0.99 * C(25, n) / C(25 - k, n): the figures players know', () => {
    expect(formatMultiplier(minesMultiplier(1, 1))).toBe('1.03');
    expect(formatMultiplier(minesMultiplier(3, 1), 4)).toBe('1.1250');
    expect(formatMultiplier(minesMultiplier(3, 5), 4)).toBe('1.9973');
    expect(formatMultiplier(minesMultiplier(24, 1))).toBe('24.75');
    expect(formatMultiplier(minesMultiplier(1, 24))).toBe('24.75');
    expect(formatMultiplier(minesMultiplier(12, 13))).toBe('5148297.00');
    expect(() => minesMultiplier(5, 21)).toThrow(RangeError);
    expect(() => minesMultiplier(0, 1)).toThrow(RangeError);
  });

  it('returns exactly 99% whatever the mines count and the number of tiles opened', () => {
    expect(declaredRtp).toBe(0.99);
    for (let k = 1; k <= 24; k += 1) {
      for (let n = 1; n <= maxReveals(k); n += 1) {
        // Survival (exact, as a product of the next-safe chances) times the multiplier = 99/100.
        let survivalNum = 1n;
        let survivalDen = 1n;
        for (let r = 0; r < n; r += 1) {
          const c = nextSafeChance(k, r);
          survivalNum *= BigInt(c.num);
          survivalDen *= BigInt(c.den);
        }
        const m = minesMultiplier(k, n);
        expect(survivalNum * BigInt(m.num) * 100n).toBe(survivalDen * BigInt(m.den) * 99n);
      }
    }
  });

  it('plays a round: safe reveals, a mine ends it, the last safe tile cashes out', () => {
    const outcome = { mines: 2, minePositions: [3, 17] };
    let state = startState(outcome);
    expect(canCashOut(state)).toBe(false);
    expect(minesPayout(1000, state)).toBe(0);
    const first = reveal(state, 0);
    if (!first.ok) throw new Error(first.reason);
    expect(first.safe).toBe(true);
    state = first.state;
    expect(canCashOut(state)).toBe(true);
    expect(minesPayout(1000, state)).toBe(Math.floor((1000 * 99 * 25) / (100 * 23)));
    expect(reveal(state, 0)).toEqual({ ok: false, reason: 'already_revealed' });
    for (const bad of [-1, 25, 2.5, Number.NaN]) expect(reveal(state, bad)).toEqual({ ok: false, reason: 'tile_invalid' });
    const boom = reveal(state, 17);
    if (!boom.ok) throw new Error(boom.reason);
    expect(boom.safe).toBe(false);
    expect(boom.state.status).toBe('busted');
    expect(minesPayout(1000, boom.state)).toBe(0);
    expect(canCashOut(boom.state)).toBe(false);
    expect(reveal(boom.state, 4)).toEqual({ ok: false, reason: 'round_finished' });

    // Clearing every safe tile ends the round as a win at the top multiplier.
    let clear = startState({ mines: 24, minePositions: Array.from({ length: 24 }, (_, i) => i + 1) });
    const last = reveal(clear, 0);
    if (!last.ok) throw new Error(last.reason);
    clear = last.state;
    expect(clear.status).toBe('cashed_out');
    expect(minesPayout(100, clear)).toBe(2475);
  });

  it('does not change the state it is given', () => {
    const state = startState(play(fastFloats(1), { mines: 3 }));
    const snapshot = structuredClone(state);
    reveal(state, 5);
    expect(state).toEqual(snapshot);
  });

  it('lands within the 99% interval of 99% over 200,000 simulated rounds (cash out after 3 tiles, 5 mines)', () => {
    const next = fastFloats(2024);
    const rounds = 200_000;
    let sum = 0;
    let sumSquares = 0;
    const m = multiplierValue(minesMultiplier(5, 3));
    for (let i = 0; i < rounds; i += 1) {
      const board = new Set(minePositions(next, 5));
      const won = !board.has(0) && !board.has(1) && !board.has(2);
      const x = won ? m : 0;
      sum += x;
      sumSquares += x * x;
    }
    const mean = sum / rounds;
    const sigma = Math.sqrt(sumSquares / rounds - mean * mean);
    expect(Math.abs(mean - 0.99)).toBeLessThan((2.576 * sigma) / Math.sqrt(rounds));
  });
});
