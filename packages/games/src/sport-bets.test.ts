import { describe, expect, it } from 'vitest';
import { fastFloats } from './fair.ts';
import { accumulatedOdds, cashoutOffer, type LegResult, payoutFor, settleBet } from './sport-bets.ts';

/**
 * The money of sports bets checked by the centavo against BigInt arithmetic written here: the
 * accumulated odds are the exact product rounded down once, a payout is stake x odds rounded down,
 * and a void leg counts at 1.00.
 */

/** floor(product of odds / 100^(n-1)), all in BigInt. */
function exactProduct(odds: readonly number[]): bigint {
  if (odds.length === 0) return 100n;
  let numerator = 1n;
  for (const o of odds) numerator *= BigInt(o);
  let denominator = 1n;
  for (let i = 1; i < odds.length; i++) denominator *= 100n;
  return numerator / denominator;
}

const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);
const exactPayout = (stake: number, odds: readonly number[]) => (BigInt(stake) * exactProduct(odds)) / 100n;

describe('accumulated odds', () => {
  it('multiplies the legs and rounds down once', () => {
    expect(accumulatedOdds([])).toBe(100);
    expect(accumulatedOdds([185])).toBe(185);
    expect(accumulatedOdds([200, 200, 200])).toBe(800);
    expect(accumulatedOdds([150, 150])).toBe(225);
    expect(accumulatedOdds([155, 155, 155])).toBe(372); // 3.723875
    // Rounding after every leg would give 743.32: the player is owed the product, 743.37.
    expect(accumulatedOdds([914, 868, 937])).toBe(74_337);
    expect(accumulatedOdds([706, 624, 111])).toBe(4890);
  });

  it('equals the exact BigInt product on random slips of 1 to 12 legs', () => {
    const random = fastFloats(11);
    for (let i = 0; i < 20_000; i++) {
      const legs = Array.from({ length: 1 + Math.floor(random() * 12) }, () => 101 + Math.floor(random() * 1900));
      const exact = exactProduct(legs);
      expect(BigInt(accumulatedOdds(legs))).toBe(exact > SAFE_MAX ? SAFE_MAX : exact);
    }
  });

  it('stays exact for long slips, and saturates at 2^53 past any payable product', () => {
    expect(accumulatedOdds(new Array(12).fill(500))).toBe(24_414_062_500); // 5^12 = 244,140,625.00
    expect(accumulatedOdds(new Array(4).fill(100_000))).toBe(100_000_000_000_000); // 1000^4 = 10^12, in hundredths
    expect(accumulatedOdds(new Array(6).fill(100_000))).toBe(Number.MAX_SAFE_INTEGER); // 10^20 hundredths > 2^53
    expect(accumulatedOdds(new Array(20).fill(100_000))).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('payout', () => {
  it('is stake x odds rounded down to the centavo', () => {
    expect(payoutFor(1000, 185)).toBe(1850);
    expect(payoutFor(333, 185)).toBe(616); // 616.05
    expect(payoutFor(1, 101)).toBe(1); // 1.01 centavos
    expect(payoutFor(0, 999)).toBe(0);
    expect(payoutFor(500_000, 100_000)).toBe(500_000_000);
    const random = fastFloats(12);
    for (let i = 0; i < 10_000; i++) {
      const stake = 100 + Math.floor(random() * 500_000);
      const odds = 101 + Math.floor(random() * 100_000);
      expect(BigInt(payoutFor(stake, odds))).toBe((BigInt(stake) * BigInt(odds)) / 100n);
    }
  });
});

describe('settling a bet from its legs', () => {
  const leg = (odds: number, result: LegResult) => ({ odds, result });

  it('pays a won single and a won accumulator exactly', () => {
    expect(settleBet(1000, [leg(185, 'won')])).toEqual({ status: 'won', effectiveOdds: 185, payoutCentavos: 1850 });
    expect(settleBet(1000, [leg(210, 'won'), leg(190, 'won'), leg(175, 'won')])).toEqual({
      status: 'won',
      effectiveOdds: 698, // 6.9825
      payoutCentavos: 6980,
    });
  });

  it('loses on any lost leg, even with legs still pending or void', () => {
    expect(settleBet(1000, [leg(185, 'lost')])).toEqual({ status: 'lost', effectiveOdds: 0, payoutCentavos: 0 });
    expect(settleBet(1000, [leg(185, 'won'), leg(200, 'pending'), leg(300, 'lost')]).status).toBe('lost');
    expect(settleBet(1000, [leg(185, 'void'), leg(300, 'lost')]).payoutCentavos).toBe(0);
  });

  it('stays open while a leg is pending and none lost (nothing paid yet)', () => {
    expect(settleBet(1000, [leg(185, 'won'), leg(200, 'pending')])).toEqual({ status: 'open', effectiveOdds: 370, payoutCentavos: 0 });
    expect(settleBet(1000, [leg(185, 'void'), leg(200, 'pending')])).toEqual({ status: 'open', effectiveOdds: 200, payoutCentavos: 0 });
  });

  it('counts a void leg at 1.00: the accumulator pays the other legs', () => {
    // 2.10 x void x 1.90 = 3.99 on 10.00 -> 39.90.
    expect(settleBet(1000, [leg(210, 'won'), leg(500, 'void'), leg(190, 'won')])).toEqual({
      status: 'won',
      effectiveOdds: 399,
      payoutCentavos: 3990,
    });
    // A single void leg left with one won leg pays that leg's odds.
    expect(settleBet(2550, [leg(333, 'void'), leg(147, 'won')])).toEqual({ status: 'won', effectiveOdds: 147, payoutCentavos: 3748 });
  });

  it('gives the stake back when every leg is void', () => {
    expect(settleBet(1234, [leg(185, 'void')])).toEqual({ status: 'void', effectiveOdds: 100, payoutCentavos: 1234 });
    expect(settleBet(1234, [leg(185, 'void'), leg(999, 'void')])).toEqual({ status: 'void', effectiveOdds: 100, payoutCentavos: 1234 });
  });

  it('matches BigInt arithmetic on random accumulators with won, lost, void and pending legs', () => {
    const random = fastFloats(13);
    const results: LegResult[] = ['won', 'won', 'won', 'lost', 'void', 'pending'];
    for (let i = 0; i < 20_000; i++) {
      const stake = 100 + Math.floor(random() * 500_000);
      const legs = Array.from({ length: 1 + Math.floor(random() * 12) }, () => ({
        odds: 101 + Math.floor(random() * 1500),
        result: results[Math.floor(random() * results.length)]!,
      }));
      const settled = settleBet(stake, legs);
      const paying = legs.map((l) => (l.result === 'void' ? 100 : l.odds));
      if (legs.some((l) => l.result === 'lost')) expect(settled).toEqual({ status: 'lost', effectiveOdds: 0, payoutCentavos: 0 });
      else if (legs.some((l) => l.result === 'pending')) expect(settled.status).toBe('open');
      else if (legs.every((l) => l.result === 'void'))
        expect(settled).toEqual({ status: 'void', effectiveOdds: 100, payoutCentavos: stake });
      else {
        expect(settled.status).toBe('won');
        expect(BigInt(settled.effectiveOdds)).toBe(exactProduct(paying));
        expect(BigInt(settled.payoutCentavos)).toBe(exactPayout(stake, paying));
        // Never more than the potential payout at placement (every leg won).
        expect(settled.payoutCentavos).toBeLessThanOrEqual(payoutFor(stake, accumulatedOdds(legs.map((l) => l.odds))));
      }
    }
  });
});

describe('cash-out offer', () => {
  it('is the payout at the accepted odds times the chance of the pending legs, less the margin, rounded down', () => {
    // 10.00 at 2.00 with a 50% chance left, 5% margin: 20.00 x 0.5 x 0.95 = 9.50.
    expect(cashoutOffer(1000, [{ odds: 200, result: 'pending', probability: 0.5 }], 500)).toBe(950);
    // A won leg at 1.50 counts at its odds, a void leg at 1.00: 10.00 x 1.5 x 2 x 0.5 x 0.95 = 14.25.
    expect(
      cashoutOffer(
        1000,
        [
          { odds: 150, result: 'won' },
          { odds: 400, result: 'void' },
          { odds: 200, result: 'pending', probability: 0.5 },
        ],
        500,
      ),
    ).toBe(1425);
    // 3.33 x 0.3 x 0.95 on 7.77 = 7.3741... -> 7.37.
    expect(cashoutOffer(777, [{ odds: 333, result: 'pending', probability: 0.3 }], 500)).toBe(737);
  });

  it('offers nothing for a lost bet, a closed bet, or an unknown chance', () => {
    expect(
      cashoutOffer(
        1000,
        [
          { odds: 200, result: 'lost' },
          { odds: 200, result: 'pending', probability: 0.5 },
        ],
        500,
      ),
    ).toBeNull();
    expect(cashoutOffer(1000, [{ odds: 200, result: 'won' }], 500)).toBeNull();
    expect(cashoutOffer(1000, [{ odds: 200, result: 'pending' }], 500)).toBeNull();
    expect(cashoutOffer(1000, [{ odds: 200, result: 'pending', probability: 0 }], 500)).toBeNull();
    expect(cashoutOffer(1, [{ odds: 101, result: 'pending', probability: 0.001 }], 500)).toBeNull();
  });

  it('stays below the potential payout and grows with the chance of winning', () => {
    const random = fastFloats(14);
    for (let i = 0; i < 5_000; i++) {
      const stake = 100 + Math.floor(random() * 500_000);
      const legs = Array.from({ length: 1 + Math.floor(random() * 5) }, () => ({
        odds: 101 + Math.floor(random() * 900),
        result: 'pending' as LegResult,
        probability: 0.05 + random() * 0.9,
      }));
      const offer = cashoutOffer(stake, legs, 500);
      const potential = payoutFor(stake, accumulatedOdds(legs.map((l) => l.odds)));
      if (offer === null) continue;
      expect(offer).toBeLessThan(potential);
      const likelier = cashoutOffer(
        stake,
        legs.map((l) => ({ ...l, probability: Math.min(1, l.probability + 0.05) })),
        500,
      )!;
      expect(likelier).toBeGreaterThanOrEqual(offer);
    }
  });
});
