import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACBO_BETS, bacboPayout, bacboRtp, bacboRtpAtStake, declaredRtp, isBacboBet, outcomeOf, play } from './bacbo.ts';
import { fastFloats, hmacFloats } from './fair.ts';

describe('bac bo', () => {
  it('rolls Player 1, Player 2, Banker 1, Banker 2 as 1 + word mod 6 (node:crypto check)', () => {
    const seeds = { serverSeed: '1'.repeat(64), clientSeed: 'bacbo', nonce: 12 };
    const digest = createHmac('sha256', seeds.serverSeed).update(`${seeds.clientSeed}:${seeds.nonce}:0`).digest();
    const dice = [0, 1, 2, 3].map((i) => 1 + (digest.readUInt32BE(4 * i) % 6));
    const outcome = play(hmacFloats(seeds));
    expect([...outcome.player, ...outcome.banker]).toEqual(dice);
  });

  it('the higher total wins; equal totals tie', () => {
    expect(outcomeOf([6, 6], [1, 1]).winner).toBe('player');
    expect(outcomeOf([2, 3], [4, 4]).winner).toBe('banker');
    expect(outcomeOf([2, 5], [3, 4])).toMatchObject({ winner: 'tie', playerTotal: 7, bankerTotal: 7 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const o = play(fastFloats(seed));
        for (const d of [...o.player, ...o.banker]) expect(d >= 1 && d <= 6).toBe(true);
      }),
    );
  });

  it('pays 1:1, 90% back on a tie, and the tie by its total', () => {
    const tie7 = outcomeOf([3, 4], [5, 2]);
    const tie2 = outcomeOf([1, 1], [1, 1]);
    const tie11 = outcomeOf([5, 6], [6, 5]);
    const player = outcomeOf([6, 4], [1, 2]);
    expect(bacboPayout('player', 100, player)).toBe(200);
    expect(bacboPayout('banker', 100, player)).toBe(0);
    expect(bacboPayout('player', 100, tie7)).toBe(90);
    expect(bacboPayout('banker', 15, tie7)).toBe(13);
    expect(bacboPayout('tie', 10, tie7)).toBe(50);
    expect(bacboPayout('tie', 10, tie2)).toBe(890);
    expect(bacboPayout('tie', 10, tie11)).toBe(260);
    expect(bacboPayout('tie', 10, player)).toBe(0);
    expect(isBacboBet('tie')).toBe(true);
    expect(isBacboBet('super6')).toBe(false);
  });

  it('returns exactly 6407/6480 on Player and Banker and 619/648 on Tie, also at R$ 0,10', () => {
    expect(bacboRtpAtStake('player', 10)).toEqual({ num: 6407 * 2, den: 12_960 });
    expect(bacboRtpAtStake('banker', 10)).toEqual({ num: 6407 * 2, den: 12_960 });
    expect(bacboRtpAtStake('tie', 10)).toEqual({ num: 12_380, den: 12_960 });
    expect(bacboRtp('player')).toBeCloseTo(0.988735, 6);
    expect(bacboRtp('tie')).toBeCloseTo(0.955247, 6);
    expect(declaredRtp).toBe(bacboRtp('banker'));
    // Stakes off the 10-centavo grid lose a fraction of a centavo on the 90% refund only.
    for (const bet of BACBO_BETS) {
      const odd = bacboRtpAtStake(bet, 11);
      expect(odd.num / odd.den).toBeGreaterThan(0.95);
    }
  });
});
