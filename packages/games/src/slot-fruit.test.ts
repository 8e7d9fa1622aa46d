import { describe, expect, it } from 'vitest';
import { fastFloats, hmacFloats } from './fair.ts';
import {
  declaredRtp,
  FRUIT_LINES,
  FRUIT_MULTIPLIERS,
  FRUIT_PAYTABLE,
  FRUIT_REELS,
  FRUIT_RTP_RATIONAL,
  FRUIT_SYMBOLS,
  type FruitSymbol,
  fruitExactRtpRational,
  fruitGrid,
  fruitHitFrequency,
  fruitLinePay,
  fruitLineWins,
  fruitMultiplierFor,
  fruitPayout,
  play,
} from './slot-fruit.ts';

const REEL_COUNTS: Record<FruitSymbol, number> = {
  cherry: 7,
  lemon: 6,
  orange: 5,
  plum: 4,
  grape: 3,
  watermelon: 2,
  bell: 2,
  seven: 1,
  wild: 2,
};

describe('Fruit Frenzy (3x3, five lines)', () => {
  it('has three 32-stop strips with the documented symbol counts', () => {
    expect(FRUIT_REELS).toHaveLength(3);
    for (const strip of FRUIT_REELS) {
      expect(strip).toHaveLength(32);
      for (const symbol of FRUIT_SYMBOLS) expect([symbol, strip.filter((s) => s === symbol).length]).toEqual([symbol, REEL_COUNTS[symbol]]);
    }
  });

  it('pays three alike on a line, wilds standing in, and nothing else', () => {
    expect(fruitLinePay(['cherry', 'cherry', 'cherry'])).toEqual({ symbol: 'cherry', units: 3 });
    expect(fruitLinePay(['wild', 'bell', 'wild'])).toEqual({ symbol: 'bell', units: 50 });
    expect(fruitLinePay(['wild', 'wild', 'wild'])).toEqual({ symbol: 'wild', units: 300 });
    expect(fruitLinePay(['seven', 'seven', 'wild'])).toEqual({ symbol: 'seven', units: 150 });
    expect(fruitLinePay(['cherry', 'lemon', 'wild'])).toBeNull();
    expect(fruitLinePay(['cherry', 'cherry', 'lemon'])).toBeNull();
  });

  it('reads the rows and both diagonals', () => {
    const grid: FruitSymbol[][] = [
      ['seven', 'lemon', 'grape'],
      ['plum', 'seven', 'plum'],
      ['grape', 'lemon', 'seven'],
    ];
    const wins = fruitLineWins(grid);
    expect(wins).toEqual([
      {
        line: 3,
        symbol: 'seven',
        positions: [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
        units: 150,
      },
    ]);
    expect(FRUIT_LINES[4]).toEqual([2, 1, 0]);
    const anti = fruitLineWins([
      ['lemon', 'cherry', 'bell'],
      ['plum', 'bell', 'plum'],
      ['bell', 'lemon', 'seven'],
    ]);
    expect(anti.map((w) => [w.line, w.symbol])).toEqual([[4, 'bell']]);
  });

  it('spins the multiplier wheel with weights 70/16/8/4/2', () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < 100; i += 1) {
      const value = fruitMultiplierFor((i + 0.5) / 100);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    expect([...counts]).toEqual(FRUIT_MULTIPLIERS.map((m) => [m.value, m.weight]));
  });

  it('shows the strips at the stops and multiplies the spin total', () => {
    const seeds = { serverSeed: 'ab'.repeat(32), clientSeed: 'fruit', nonce: 3 };
    const outcome = play(hmacFloats(seeds));
    expect(play(hmacFloats(seeds))).toEqual(outcome);
    outcome.grid.forEach((column, reel) => {
      const strip = FRUIT_REELS[reel] as FruitSymbol[];
      expect(column).toEqual([0, 1, 2].map((row) => strip[((outcome.stops[reel] as number) + row) % 32]));
    });
    expect(outcome.totalUnits).toBe(outcome.baseUnits * outcome.multiplier);
    expect(fruitGrid([0, 0, 0])).toEqual(FRUIT_REELS.map((strip) => strip.slice(0, 3)));
  });

  it('pays floor(stake * units / 5)', () => {
    const win = { stops: [0, 0, 0], grid: [], lineWins: [], baseUnits: 3, multiplier: 1, totalUnits: 3 };
    expect(fruitPayout(50, win)).toBe(30);
    expect(fruitPayout(51, win)).toBe(30);
    expect(fruitPayout(100, { ...win, totalUnits: 3000 })).toBe(60_000);
    expect(fruitPayout(100, { ...win, totalUnits: 0 })).toBe(0);
  });

  it('declares exactly the RTP found by enumerating all 32,768 stops and the wheel', () => {
    expect(fruitExactRtpRational()).toEqual(FRUIT_RTP_RATIONAL);
    expect(declaredRtp).toBe(1_572_103 / 1_638_400);
    // The same figure from the symbol odds alone: each line sees independent, uniform stops.
    const odds = FRUIT_REELS.map((strip) => (s: FruitSymbol) => strip.filter((x) => x === s).length / 32);
    let line = 0;
    for (const a of FRUIT_SYMBOLS) {
      for (const b of FRUIT_SYMBOLS) {
        for (const c of FRUIT_SYMBOLS) {
          const pay = fruitLinePay([a, b, c]);
          if (pay) line += (odds[0]?.(a) ?? 0) * (odds[1]?.(b) ?? 0) * (odds[2]?.(c) ?? 0) * pay.units;
        }
      }
    }
    const wheel = FRUIT_MULTIPLIERS.reduce((s, m) => s + m.value * m.weight, 0) / 100;
    expect(Math.abs(line * wheel - declaredRtp)).toBeLessThan(1e-12);
    expect(fruitHitFrequency()).toBeCloseTo(0.2653, 4);
    expect(Object.values(FRUIT_PAYTABLE).every((u) => Number.isInteger(u))).toBe(true);
  });

  it('lands within the 99% interval of the declared RTP over 200,000 spins', () => {
    const next = fastFloats(77);
    const spins = 200_000;
    let sum = 0;
    let sumSquares = 0;
    for (let i = 0; i < spins; i += 1) {
      const x = play(next).totalUnits / 5;
      sum += x;
      sumSquares += x * x;
    }
    const mean = sum / spins;
    const sigma = Math.sqrt(sumSquares / spins - mean * mean);
    expect(Math.abs(mean - declaredRtp)).toBeLessThan((2.576 * sigma) / Math.sqrt(spins));
  });
});
