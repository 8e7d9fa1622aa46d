import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACCARAT_BETS,
  BACCARAT_DECLARED,
  baccaratCounts,
  baccaratMultiplier,
  baccaratPayout,
  baccaratRtps,
  bankerDraws,
  cardValue,
  deal,
  isBaccaratBet,
  play,
  playerDraws,
  ratioValue,
} from './baccarat.ts';
import { type Card, makeCard, shuffledShoe } from './cards.ts';
import { fastFloats, hmacFloats } from './fair.ts';

/** Cards of the given ranks (suits cycling), dealt in order. */
const stack = (...ranks: number[]) => {
  const cards = ranks.map((r, i) => makeCard(r, i % 4));
  let k = 0;
  return () => cards[k++] as Card;
};

describe('baccarat', () => {
  it('values ace 1, 2-9 face, tens and faces 0', () => {
    expect([1, 2, 9, 10, 11, 12, 13].map((r) => cardValue(makeCard(r, 2)))).toEqual([1, 2, 9, 0, 0, 0, 0]);
  });

  it('follows the third-card table', () => {
    for (let t = 0; t <= 7; t += 1) expect(playerDraws(t)).toBe(t <= 5);
    const table: Record<number, number[]> = {
      0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      1: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      2: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
      4: [2, 3, 4, 5, 6, 7],
      5: [4, 5, 6, 7],
      6: [6, 7],
      7: [],
    };
    for (let b = 0; b <= 7; b += 1) {
      for (let x = 0; x <= 9; x += 1) expect(bankerDraws(b, x)).toBe(table[b]?.includes(x));
      expect(bankerDraws(b, null)).toBe(b <= 5);
    }
  });

  it('deals P, B, P, B, then third cards by the rules', () => {
    // Natural 9 for the Player: no third cards.
    expect(deal(stack(4, 2, 5, 3))).toMatchObject({ playerTotal: 9, bankerTotal: 5, winner: 'player' });
    // Player 5 draws a 7 (2); Banker 4 with x = 7 draws a 3 (7): Banker wins.
    const o = deal(stack(2, 1, 3, 3, 7, 3));
    expect(o.player).toHaveLength(3);
    expect(o.banker).toHaveLength(3);
    expect(o).toMatchObject({ playerTotal: 2, bankerTotal: 7, winner: 'banker' });
    // Player stands on 7; Banker 6 stands: tie? no: 7 vs 6.
    expect(deal(stack(3, 10, 4, 6))).toMatchObject({ playerTotal: 7, bankerTotal: 6, winner: 'player' });
    // Player stands on 6; Banker 5 draws.
    const p = deal(stack(13, 2, 6, 3, 1));
    expect(p.banker).toHaveLength(3);
    expect(p).toMatchObject({ playerTotal: 6, bankerTotal: 6, winner: 'tie' });
    // Pairs by rank: K-K is a pair, K-Q is not.
    expect(deal(stack(13, 12, 13, 11)).playerPair).toBe(true);
    expect(deal(stack(13, 12, 13, 11)).bankerPair).toBe(false);
  });

  it('deals from the seed shuffle of 8 decks (the same cards as the full shuffle)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const shoe = shuffledShoe(fastFloats(seed), 8);
        const outcome = play(fastFloats(seed));
        const n = outcome.player.length + outcome.banker.length;
        const dealt = [outcome.player[0], outcome.banker[0], outcome.player[1], outcome.banker[1]];
        if (outcome.player[2] !== undefined) dealt.push(outcome.player[2]);
        if (outcome.banker[2] !== undefined) dealt.push(outcome.banker[2]);
        expect(dealt).toEqual(shoe.slice(0, n));
      }),
      { numRuns: 50 },
    );
    const seeds = { serverSeed: '2'.repeat(64), clientSeed: 'bac', nonce: 1 };
    const digest = createHmac('sha256', seeds.serverSeed).update(`${seeds.clientSeed}:${seeds.nonce}:0`).digest();
    // The first card: position 0 swapped with uniformInt(416) (word 0 is far below the limit here or the next is used).
    const u = digest.readUInt32BE(0);
    if (u < 2 ** 32 - (2 ** 32 % 416)) expect(play(hmacFloats(seeds)).player[0]).toBe((u % 416) % 52);
  });

  it('pays 1:1, 0.95:1 floored, ties push the main bets, tie 8:1, pairs 11:1', () => {
    const tie = deal(stack(13, 12, 13, 11, 1, 1));
    expect(tie.winner).toBe('tie');
    expect(baccaratPayout('player', 100, tie)).toBe(100);
    expect(baccaratPayout('banker', 100, tie)).toBe(100);
    expect(baccaratPayout('tie', 100, tie)).toBe(900);
    expect(baccaratPayout('player_pair', 100, tie)).toBe(1200);
    expect(baccaratPayout('banker_pair', 100, tie)).toBe(0);
    const banker = deal(stack(2, 1, 3, 3, 7, 3));
    expect(baccaratPayout('banker', 100, banker)).toBe(195);
    expect(baccaratPayout('banker', 10, banker)).toBe(19);
    expect(baccaratPayout('player', 100, banker)).toBe(0);
    expect(baccaratMultiplier('tie', banker)).toEqual({ num: 0, den: 1 });
    expect(isBaccaratBet('banker_pair')).toBe(true);
    expect(isBaccaratBet('dragon')).toBe(false);
  });

  it('reproduces the 8-deck counts and RTPs exactly (banker 98.94%, player 98.76%, tie 85.64%, pairs 89.64%)', () => {
    const counts = baccaratCounts();
    // The published 8-deck combination counts.
    expect(counts).toMatchObject({
      banker: 2_292_252_566_437_888,
      player: 2_230_518_282_592_256,
      tie: 475_627_426_473_216,
      total: 4_998_398_275_503_360,
    });
    expect(counts.banker + counts.player + counts.tie).toBe(counts.total);
    expect(counts.pairs * 415).toBe(counts.pairTotal * 31);
    const exact = baccaratRtps(20, counts);
    const micro = (r: { num: bigint; den: bigint }) => Number((r.num * 1_000_000n) / r.den);
    expect(ratioValue(exact.banker)).toBeCloseTo(0.989421, 6);
    expect(ratioValue(exact.player)).toBeCloseTo(0.987649, 6);
    expect(ratioValue(exact.tie)).toBeCloseTo(0.856404, 6);
    expect(ratioValue(exact.player_pair)).toBeCloseTo((12 * 31) / 415, 12);
    expect(micro(exact.banker)).toBe(Math.round(BACCARAT_DECLARED.banker * 1e6));
    expect(micro(exact.player)).toBe(Math.round(BACCARAT_DECLARED.player * 1e6));
    expect(micro(exact.tie)).toBe(Math.round(BACCARAT_DECLARED.tie * 1e6));
    expect(micro(exact.banker_pair)).toBe(Math.round(BACCARAT_DECLARED.pair * 1e6));
    // At R$ 0,10 only the Banker win is floored (19 centavos): 96.65%; every bet stays above 85%.
    const atMin = baccaratRtps(10, counts);
    expect(ratioValue(atMin.banker)).toBeCloseTo(0.966491, 6);
    for (const bet of BACCARAT_BETS) {
      expect(ratioValue(atMin[bet])).toBeGreaterThan(0.85);
      if (bet !== 'banker') expect(atMin[bet]).toEqual(baccaratRtps(10, counts)[bet]);
    }
    expect(ratioValue(atMin.tie)).toBe(ratioValue(exact.tie));
  });

  it('a short simulation of the dealt game agrees with the enumeration (99% interval)', () => {
    const source = fastFloats(21);
    const rounds = 8_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < rounds; i += 1) {
      const m = baccaratMultiplier('banker', play(source));
      const x = m.num / m.den;
      sum += x;
      sumSq += x * x;
    }
    const mean = sum / rounds;
    const sigma = Math.sqrt(sumSq / rounds - mean * mean);
    expect(Math.abs(mean - BACCARAT_DECLARED.banker)).toBeLessThan((2.576 * sigma) / Math.sqrt(rounds));
  });
});
