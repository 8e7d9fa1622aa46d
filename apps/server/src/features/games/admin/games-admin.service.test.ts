import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/http.ts';
import { observedRtpBp, resultsRange, rtpInterval } from './games-admin.service.ts';

describe('observedRtpBp', () => {
  it('divides wins by bets in integers, rounding half up', () => {
    expect(observedRtpBp(3_500, 4_000)).toBe(8_750);
    expect(observedRtpBp(2, 3)).toBe(6_667);
    expect(observedRtpBp(1, 3)).toBe(3_333);
    expect(observedRtpBp(0, 100)).toBe(0);
    expect(observedRtpBp(100, 0)).toBeNull();
    // Beyond 2^53 once multiplied by 10,000: still exact.
    expect(observedRtpBp(9_000_000_000_000_000 - 1, 9_000_000_000_000_000)).toBe(10_000);
  });
});

describe('resultsRange', () => {
  const now = Date.parse('2024-03-02T02:00:00Z'); // still 1 March in Brazil (UTC-3)

  it('defaults to the last seven Brazilian days, today included', () => {
    expect(resultsRange(undefined, undefined, now)).toEqual({
      from: '2024-02-24',
      to: '2024-03-01',
      start: '2024-02-24T03:00:00.000Z',
      end: '2024-03-02T03:00:00.000Z',
    });
    expect(resultsRange(undefined, '2024-03-10', now)).toMatchObject({ from: '2024-03-04', to: '2024-03-10' });
  });

  it('covers whole days of both dates given, and refuses impossible ones', () => {
    expect(resultsRange('2024-02-29', '2024-02-29', now)).toMatchObject({
      start: '2024-02-29T03:00:00.000Z',
      end: '2024-03-01T03:00:00.000Z',
    });
    expect(resultsRange('2023-03-02', '2024-03-01', now).from).toBe('2023-03-02');
    const refusal = (from: string, to: string) => {
      try {
        resultsRange(from, to, now);
      } catch (error) {
        return error instanceof AppError ? error.fieldErrors : error;
      }
      return undefined;
    };
    expect(refusal('2023-02-29', '2023-03-01')).toEqual({ from: ['validation.date_format'] });
    expect(refusal('2024-03-02', '2024-03-01')).toEqual({ from: ['validation.date_order'] });
    expect(refusal('2023-03-01', '2024-03-01')).toEqual({ from: ['validation.date_range_too_long'] });
  });
});

/** A small deterministic generator, so the coverage test below cannot flake. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('rtpInterval', () => {
  it('computes the ratio estimator by hand', () => {
    // Bets of 1, wins 2, 0, 2, 0: R = 1, residuals +-1, se = sqrt(4 / 3 / 4).
    const interval = rtpInterval({ rounds: 4, bet: 4, win: 4, win2: 8, win_bet: 4, bet2: 4 }, 9_900);
    const se = Math.sqrt(1 / 3);
    expect(interval.rtp_low).toBe('0.00'); // 1 - 2.576 se is negative: clamped
    expect(interval.rtp_high).toBe((Math.round((1 + 2.576 * se) * 10_000) / 100).toFixed(2));
    expect(interval.deviation).toBeNull(); // too few rounds to flag anything
    expect(rtpInterval({ rounds: 1, bet: 1, win: 2, win2: 4, win_bet: 2, bet2: 1 }, 9_900)).toEqual({
      rtp_low: null,
      rtp_high: null,
      deviation: null,
    });
  });

  it('covers the true RTP about 99% of the time, and flags a game paying other than declared', () => {
    // Dice at 2x with a 49.5% chance: true RTP 99%. Bets vary from 1 to 10 reais.
    const random = mulberry32(20_240_301);
    const play = (rounds: number, winChance: number) => {
      const s = { rounds, bet: 0, win: 0, win2: 0, win_bet: 0, bet2: 0 };
      for (let i = 0; i < rounds; i += 1) {
        const bet = 100 * (1 + Math.floor(random() * 10));
        const win = random() < winChance ? 2 * bet : 0;
        s.bet += bet;
        s.win += win;
        s.win2 += win * win;
        s.win_bet += win * bet;
        s.bet2 += bet * bet;
      }
      return s;
    };
    let flagged = 0;
    const trials = 400;
    for (let trial = 0; trial < trials; trial += 1) {
      if (rtpInterval(play(2_000, 0.495), 9_900).deviation !== null) flagged += 1;
    }
    // Expected 1% false flags (4 of 400; this seed gives 5): more than 3% would mean the interval
    // is too narrow, none at all that it is too wide.
    expect(flagged).toBeLessThanOrEqual(12);
    expect(flagged).toBeGreaterThanOrEqual(1);
    // A game really paying 110% over 20,000 rounds is flagged as paying above its declared 99%.
    expect(rtpInterval(play(20_000, 0.55), 9_900).deviation).toBe('above');
    expect(rtpInterval(play(20_000, 0.44), 9_900).deviation).toBe('below');
  });
});
