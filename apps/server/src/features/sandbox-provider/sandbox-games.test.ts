import { describe, expect, it } from 'vitest';
import {
  KENO_DRAWN,
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  KENO_PAYS,
  PESCA_CATCHES,
  PESCA_TOTAL_WEIGHT,
  payout,
  playKeno,
  playPesca,
  playTigre,
  SANDBOX_RTP_BP,
  TIGRE_STRIP,
  TIGRE_SYMBOLS,
  tigreLineMultiplier,
  validKenoPicks,
} from './sandbox-games.ts';

/** Exact RTPs of the sandbox provider's games: what the catalogue declares is what the rules pay. */

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

describe('Tigre Sortudo', () => {
  it('returns exactly the declared RTP over every stop combination', () => {
    const n = TIGRE_STRIP.length;
    let total = 0;
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++)
        for (let c = 0; c < n; c++) total += tigreLineMultiplier([TIGRE_STRIP[a]!, TIGRE_STRIP[b]!, TIGRE_STRIP[c]!]);
    // total / n^3 is the mean multiplier x100; in basis points it is total / n^3 * 100.
    const rtpBp = (total * 100) / n ** 3;
    expect(rtpBp).toBeGreaterThanOrEqual(SANDBOX_RTP_BP['sandbox-tigre-sortudo']);
    expect(rtpBp).toBeLessThan(SANDBOX_RTP_BP['sandbox-tigre-sortudo'] + 1);
  });

  it('pays wilds as the other symbol and three tigers as the top prize', () => {
    expect(tigreLineMultiplier(['tiger', 'seven', 'seven'])).toBe(5000);
    expect(tigreLineMultiplier(['tiger', 'tiger', 'cherry'])).toBe(400);
    expect(tigreLineMultiplier(['tiger', 'tiger', 'tiger'])).toBe(12000);
    expect(tigreLineMultiplier(['bar', 'bell', 'bar'])).toBe(0);
    expect(new Set(TIGRE_STRIP)).toEqual(new Set(TIGRE_SYMBOLS));
  });

  it('shows the strip around each stop and pays the middle row', () => {
    const outcome = playTigre(() => 11); // position 11 is a tiger on every reel
    expect(outcome.reels.map((r) => r[1])).toEqual(['tiger', 'tiger', 'tiger']);
    expect(outcome.reels[0]).toEqual([TIGRE_STRIP[10], 'tiger', TIGRE_STRIP[12]]);
    expect(outcome.multiplierX100).toBe(12000);
  });
});

describe('Pesca Dourada', () => {
  it('returns exactly the declared RTP', () => {
    const mean = PESCA_CATCHES.reduce((sum, c) => sum + c.weight * c.multiplierX100, 0) / PESCA_TOTAL_WEIGHT;
    expect(mean * 100).toBe(SANDBOX_RTP_BP['sandbox-pesca-dourada']);
  });

  it('maps every ticket to one catch, the last ticket to the rarest', () => {
    expect(playPesca(1, () => 0).fish).toBe('nothing');
    expect(playPesca(2, () => PESCA_TOTAL_WEIGHT - 1).fish).toBe('treasure');
    expect(playPesca(3, () => PESCA_TOTAL_WEIGHT - 1).spot).toBe(3);
  });
});

describe('Keno Rápido', () => {
  it('returns the declared RTP for every number of picks (hypergeometric)', () => {
    for (let picks = 1; picks <= KENO_MAX_PICKS; picks++) {
      let mean = 0;
      for (let hits = 0; hits <= picks; hits++) {
        const p = (choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWN - hits)) / choose(KENO_NUMBERS, KENO_DRAWN);
        mean += p * (KENO_PAYS[picks]![hits] ?? 0);
      }
      expect(Math.abs(mean * 100 - SANDBOX_RTP_BP['sandbox-keno-rapido'])).toBeLessThan(2); // within 0.02 points
    }
  });

  it('draws ten distinct numbers and counts the hits', () => {
    let next = 0;
    const outcome = playKeno([1, 2, 40], () => next++ % 3);
    expect(new Set(outcome.drawn).size).toBe(KENO_DRAWN);
    expect(outcome.drawn.every((n) => n >= 1 && n <= KENO_NUMBERS)).toBe(true);
    expect(outcome.hits).toEqual([1, 2, 40].filter((p) => outcome.drawn.includes(p)));
    expect(outcome.multiplierX100).toBe(KENO_PAYS[3]![outcome.hits.length]);
  });

  it('refuses repeated, out-of-range or too many picks', () => {
    expect(validKenoPicks([1, 1])).toBe(false);
    expect(validKenoPicks([0])).toBe(false);
    expect(validKenoPicks([41])).toBe(false);
    expect(validKenoPicks([1.5])).toBe(false);
    expect(validKenoPicks([])).toBe(false);
    expect(validKenoPicks([1, 2, 3, 4, 5, 6, 7])).toBe(false);
    expect(() => playKeno([3, 3], () => 0)).toThrow(RangeError);
  });
});

it('pays whole centavos, rounding down', () => {
  expect(payout(50, 380)).toBe(190);
  expect(payout(55, 50)).toBe(27);
  expect(payout(100, 0)).toBe(0);
});
