import { describe, expect, it } from 'vitest';
import { fastFloats, hmacFloats } from './fair.ts';
import {
  CARNAVAL_FREE_REELS,
  CARNAVAL_LINES,
  CARNAVAL_MAX_FREE_SPINS,
  CARNAVAL_PAYTABLE,
  CARNAVAL_REELS,
  CARNAVAL_SCATTER,
  CARNAVAL_SYMBOLS,
  type CarnavalSymbol,
  carnavalExpectedFreeSpins,
  carnavalLinePay,
  carnavalLineWins,
  carnavalPayout,
  carnavalRtpBreakdown,
  carnavalScatterDistribution,
  declaredRtp,
  play,
} from './slot-carnaval.ts';

/** The line rule written the slow, obvious way: the best run from the left over every paying symbol. */
function naiveLineUnits(symbols: readonly CarnavalSymbol[]): number {
  let best = 0;
  for (const symbol of Object.keys(CARNAVAL_PAYTABLE) as (keyof typeof CARNAVAL_PAYTABLE)[]) {
    let run = 0;
    while (run < 5 && (symbols[run] === symbol || (symbol !== 'wild' && symbols[run] === 'wild'))) run += 1;
    if (run >= 3) best = Math.max(best, CARNAVAL_PAYTABLE[symbol][run - 3] as number);
  }
  return best;
}

/** Floats that stop a set of strips at `stops`. */
function stopFloats(stops: number[], strips: readonly (readonly CarnavalSymbol[])[]): number[] {
  return stops.map((stop, reel) => (stop + 0.5) / (strips[reel] as CarnavalSymbol[]).length);
}

/** A float source that plays `floats` first, then continues with `rest`. */
function scripted(floats: number[], rest: () => number): () => number {
  const queue = [...floats];
  return () => (queue.length > 0 ? (queue.shift() as number) : rest());
}

/** A stop on a strip whose window shows the scatter, or one that shows none. */
function scatterStop(strip: readonly CarnavalSymbol[], show: boolean): number {
  for (let stop = 0; stop < strip.length; stop += 1) {
    const window = [0, 1, 2].map((row) => strip[(stop + row) % strip.length]);
    if (window.includes('scatter') === show) return stop;
  }
  throw new Error('no such stop');
}

describe('Carnaval 20 (5x3, 20 lines)', () => {
  it('has 20 distinct paylines and strips with scatters at least three stops apart', () => {
    expect(new Set(CARNAVAL_LINES.map((l) => l.join(''))).size).toBe(20);
    for (const reels of [CARNAVAL_REELS, CARNAVAL_FREE_REELS]) {
      expect(reels).toHaveLength(5);
      for (const strip of reels) {
        const at = strip.flatMap((s, i) => (s === 'scatter' ? [i] : []));
        expect(at.length).toBeGreaterThanOrEqual(1);
        for (const a of at)
          for (const b of at)
            if (a !== b)
              expect(Math.min((a - b + strip.length) % strip.length, (b - a + strip.length) % strip.length)).toBeGreaterThanOrEqual(3);
        for (const s of strip) expect(CARNAVAL_SYMBOLS).toContain(s);
      }
    }
    expect(CARNAVAL_FREE_REELS.map((s) => s.filter((x) => x === 'wild').length)).toEqual([6, 6, 7, 6, 6]);
    expect(CARNAVAL_REELS.map((s) => s.filter((x) => x === 'wild').length)).toEqual([3, 3, 3, 3, 3]);
  });

  it('pays lines from the left with wilds standing in, the better of the wild run and the symbol run', () => {
    expect(carnavalLinePay(['queen', 'queen', 'queen', 'ten', 'queen'])).toEqual({ symbol: 'queen', count: 3, units: 25 });
    expect(carnavalLinePay(['wild', 'queen', 'wild', 'queen', 'ace'])).toEqual({ symbol: 'queen', count: 4, units: 100 });
    expect(carnavalLinePay(['wild', 'wild', 'wild', 'wild', 'ten'])).toEqual({ symbol: 'wild', count: 4, units: 250 });
    expect(carnavalLinePay(['wild', 'wild', 'wild', 'king', 'king'])).toEqual({ symbol: 'king', count: 5, units: 60 });
    expect(carnavalLinePay(['wild', 'wild', 'wild', 'wild', 'wild'])).toEqual({ symbol: 'wild', count: 5, units: 1000 });
    expect(carnavalLinePay(['wild', 'wild', 'scatter', 'ace', 'ace'])).toBeNull();
    expect(carnavalLinePay(['wild', 'wild', 'wild', 'scatter', 'ace'])).toEqual({ symbol: 'wild', count: 3, units: 50 });
    expect(carnavalLinePay(['ace', 'king', 'ace', 'ace', 'ace'])).toBeNull();
    expect(carnavalLinePay(['scatter', 'scatter', 'scatter', 'ace', 'ace'])).toBeNull();
    // Against the obvious rule on random lines.
    const next = fastFloats(4);
    for (let i = 0; i < 5000; i += 1) {
      // Wilds and scatters drawn often (40% of symbols), to reach the edge cases.
      const symbols = Array.from({ length: 5 }, () => {
        const pool = next() < 0.4 ? 2 : CARNAVAL_SYMBOLS.length;
        return CARNAVAL_SYMBOLS[Math.floor(next() * pool)] as CarnavalSymbol;
      });
      expect([symbols, carnavalLinePay(symbols)?.units ?? 0]).toEqual([symbols, naiveLineUnits(symbols)]);
    }
  });

  it('lists each winning line with its positions', () => {
    const grid: CarnavalSymbol[][] = [
      ['mask', 'drum', 'ten'],
      ['mask', 'wild', 'jack'],
      ['mask', 'drum', 'ace'],
      ['king', 'jack', 'ace'],
      ['ten', 'ten', 'ten'],
    ];
    const wins = carnavalLineWins(grid);
    const top = wins.find((w) => w.line === 1);
    expect(top).toEqual({
      line: 1,
      symbol: 'mask',
      count: 3,
      units: 15,
      positions: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
    });
    const middle = wins.find((w) => w.line === 0);
    expect(middle?.symbol).toBe('drum');
    expect(middle?.count).toBe(3);
    for (const win of wins) expect(win.positions).toHaveLength(win.count);
  });

  it('triggers free spins with three scatters, plays them with the drawn multiplier and adds it all up', () => {
    const stops = CARNAVAL_REELS.map((strip, reel) => scatterStop(strip, reel < 3));
    const outcome = play(scripted(stopFloats(stops, CARNAVAL_REELS), fastFloats(8)));
    expect(outcome.base.scatter.count).toBe(3);
    expect(outcome.base.scatter.units).toBe(CARNAVAL_SCATTER[3].units);
    expect(outcome.base.freeSpinsAwarded).toBe(10);
    expect(outcome.freeSpins.length).toBeGreaterThanOrEqual(10);
    expect([2, 3]).toContain(outcome.freeSpinMultiplier);
    const awarded = 10 + outcome.freeSpins.reduce((s, f) => s + f.freeSpinsAwarded, 0);
    expect(outcome.freeSpins).toHaveLength(awarded);
    for (const free of outcome.freeSpins) expect(free.multiplier).toBe(outcome.freeSpinMultiplier);
    const freeUnits = outcome.freeSpins.reduce((s, f) => s + f.units, 0);
    expect(outcome.totalUnits).toBe(outcome.base.units + outcome.freeSpinMultiplier * freeUnits);
    expect(carnavalPayout(200, outcome)).toBe(Math.floor((200 * outcome.totalUnits) / 20));
  });

  it('stops retriggering at 50 free spins', () => {
    const base = CARNAVAL_REELS.map((strip) => scatterStop(strip, true));
    const free = CARNAVAL_FREE_REELS.map((strip) => scatterStop(strip, true));
    // Base spin, the multiplier draw (0.9: x3), then free spins that all show five scatters.
    const floats = [
      ...stopFloats(base, CARNAVAL_REELS),
      0.9,
      ...Array.from({ length: 60 }, () => stopFloats(free, CARNAVAL_FREE_REELS)).flat(),
    ];
    const outcome = play(scripted(floats, fastFloats(1)));
    expect(outcome.freeSpinMultiplier).toBe(3);
    expect(outcome.base.freeSpinsAwarded).toBe(20);
    expect(outcome.freeSpins).toHaveLength(CARNAVAL_MAX_FREE_SPINS);
    expect(outcome.freeSpins[0]?.freeSpinsAwarded).toBe(20);
    expect(outcome.freeSpins[1]?.freeSpinsAwarded).toBe(10);
    expect(outcome.freeSpins[2]?.freeSpinsAwarded).toBe(0);
  });

  it('is deterministic for the same seeds and shows the strips at the stops', () => {
    const seeds = { serverSeed: 'cd'.repeat(32), clientSeed: 'samba', nonce: 9 };
    const outcome = play(hmacFloats(seeds));
    expect(play(hmacFloats(seeds))).toEqual(outcome);
    outcome.base.grid.forEach((column, reel) => {
      const strip = CARNAVAL_REELS[reel] as CarnavalSymbol[];
      expect(column).toEqual([0, 1, 2].map((row) => strip[((outcome.base.stops[reel] as number) + row) % strip.length]));
    });
  });

  it('declares the exactly computed RTP, and the parts add up', () => {
    const parts = carnavalRtpBreakdown();
    expect(Math.abs(parts.total - declaredRtp)).toBeLessThan(1e-11);
    expect(parts.total).toBeCloseTo(parts.baseLines + parts.baseScatter + parts.feature, 14);
    expect(declaredRtp).toBeGreaterThan(0.955);
    expect(declaredRtp).toBeLessThan(0.965);
    const dist = carnavalScatterDistribution(CARNAVAL_REELS);
    expect(dist.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(parts.triggerChance).toBeCloseTo((dist[3] ?? 0) + (dist[4] ?? 0) + (dist[5] ?? 0), 15);
    // Retriggers add to the spins awarded, the cap bounds them.
    expect(carnavalExpectedFreeSpins(10)).toBeGreaterThan(10);
    expect(carnavalExpectedFreeSpins(10)).toBeLessThan(12);
    expect(carnavalExpectedFreeSpins(CARNAVAL_MAX_FREE_SPINS)).toBe(CARNAVAL_MAX_FREE_SPINS);
  });

  it('matches the computed base game, trigger rate and feature length in 300,000 simulated spins', () => {
    const parts = carnavalRtpBreakdown();
    const next = fastFloats(31);
    const spins = 300_000;
    let base = 0;
    let baseSquares = 0;
    let triggers = 0;
    let freeSpins = 0;
    let total = 0;
    let totalSquares = 0;
    for (let i = 0; i < spins; i += 1) {
      const outcome = play(next);
      const x = outcome.base.units / 20;
      base += x;
      baseSquares += x * x;
      if (outcome.freeSpins.length > 0) triggers += 1;
      freeSpins += outcome.freeSpins.length;
      const y = outcome.totalUnits / 20;
      total += y;
      totalSquares += y * y;
    }
    const within = (sum: number, squares: number, expected: number) => {
      const mean = sum / spins;
      const sigma = Math.sqrt(squares / spins - mean * mean);
      return Math.abs(mean - expected) < (2.576 * sigma) / Math.sqrt(spins);
    };
    expect(within(base, baseSquares, parts.baseLines + parts.baseScatter)).toBe(true);
    expect(within(triggers, triggers, parts.triggerChance)).toBe(true);
    expect(within(total, totalSquares, declaredRtp)).toBe(true);
    const meanLength = freeSpins / triggers;
    const expectedLength =
      [3, 4, 5].reduce(
        (s, k) =>
          s + (carnavalScatterDistribution(CARNAVAL_REELS)[k] ?? 0) * carnavalExpectedFreeSpins(CARNAVAL_SCATTER[k as 3 | 4 | 5].freeSpins),
        0,
      ) / parts.triggerChance;
    expect(Math.abs(meanLength - expectedLength)).toBeLessThan(0.5);
  });
});
