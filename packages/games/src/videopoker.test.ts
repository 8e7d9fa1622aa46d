import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, parseCard, shuffledShoe } from './cards.ts';
import { fastFloats } from './fair.ts';
import {
  categoryOf5,
  dealHand,
  declaredRtp,
  drawFrom,
  evaluate,
  isValidHold,
  optimalHold,
  payOf,
  play,
  roundCards,
  videoPokerPayout,
} from './videopoker.ts';

const hand = (s: string): Card[] => s.split(' ').map(parseCard);

describe('video poker, Jacks or Better 9/6', () => {
  it('evaluates every category', () => {
    const cases: [string, string][] = [
      ['As Ks Qs Js Ts', 'royal_flush'],
      ['9h Kh Qh Jh Th', 'straight_flush'],
      ['Ad 2d 3d 4d 5d', 'straight_flush'],
      ['7c 7d 7h 7s 2c', 'four_of_a_kind'],
      ['7c 7d 7h 2s 2c', 'full_house'],
      ['2h 9h Kh 4h 6h', 'flush'],
      ['Ac 2d 3h 4s 5c', 'straight'],
      ['Tc Jd Qh Ks Ac', 'straight'],
      ['Qc Kd Ah 2s 3c', 'nothing'],
      ['8c 8d 8h Ks 3c', 'three_of_a_kind'],
      ['8c 8d 3h 3s Kc', 'two_pair'],
      ['Jc Jd 3h 5s 9c', 'jacks_or_better'],
      ['Ac Ad 3h 5s 9c', 'jacks_or_better'],
      ['Tc Td 3h 5s 9c', 'nothing'],
      ['2c 4d 6h 8s Tc', 'nothing'],
    ];
    for (const [cards, category] of cases) expect(evaluate(hand(cards))).toBe(category);
    expect(payOf('royal_flush')).toBe(800);
    expect(payOf('full_house')).toBe(9);
    expect(payOf('flush')).toBe(6);
    expect(() => evaluate(hand('Ac Ac 3h 5s 9c'))).toThrow(RangeError);
  });

  it('does not depend on the order of the cards', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 0, max: 119 }),
        (cards, k) => {
          const perm = [...cards];
          let x = k;
          for (let i = perm.length - 1; i > 0; i -= 1) {
            const j = x % (i + 1);
            x = Math.floor(x / (i + 1));
            [perm[i], perm[j]] = [perm[j] as number, perm[i] as number];
          }
          const [a, b, c, d, e] = cards as [number, number, number, number, number];
          const [p, q, r, s, t] = perm as [number, number, number, number, number];
          expect(categoryOf5(a, b, c, d, e)).toBe(categoryOf5(p, q, r, s, t));
        },
      ),
    );
  });

  it('deals cards 0..4 of the seed shuffle and replaces discards left to right from card 5 on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 31 }), (seed, held) => {
        const deck = shuffledShoe(fastFloats(seed), 1);
        expect(roundCards(fastFloats(seed))).toEqual(deck.slice(0, 10));
        expect(dealHand(fastFloats(seed)).hand).toEqual(deck.slice(0, 5));
        const result = play(fastFloats(seed), held);
        let next = 5;
        for (let i = 0; i < 5; i += 1) expect(result.final[i]).toBe((held >> i) & 1 ? deck[i] : deck[next++]);
        expect(result.multiplier).toBe(payOf(result.category));
      }),
      { numRuns: 100 },
    );
    expect(isValidHold(32)).toBe(false);
    expect(() => drawFrom(roundCards(fastFloats(1)), -1)).toThrow(RangeError);
  });

  it('pays stake x pay, a whole number of centavos', () => {
    const royal = drawFrom([...hand('As Ks Qs Js Ts'), ...hand('2c 3c 4c 5c 6c')], 31);
    expect(videoPokerPayout(10, royal)).toBe(8000);
    const pair = drawFrom([...hand('Jc Jd 3h 5s 9c'), ...hand('2c 4d 6h 8s Tc')], 0b00011);
    expect(pair.final).toEqual(hand('Jc Jd 2c 4d 6h'));
    expect(videoPokerPayout(10, pair)).toBe(10);
  });

  it('finds the optimal hold by exact enumeration (known hands)', () => {
    // Four to a royal beats the made flush: (800 + 7 * 6 + 3 * 4 + 12 * 1) / 47 = 866/47.
    const royalDraw = optimalHold(hand('As Ks Qs Js 3s'));
    expect(royalDraw.held).toBe(0b01111);
    expect(royalDraw.total).toBe(866);
    expect(royalDraw.draws).toBe(47);
    // A pair of jacks beats four to a flush: 1.5365 against 57/47.
    const jacks = optimalHold(hand('Js Jh 4s 7s 9s'));
    expect(jacks.held).toBe(0b00011);
    expect(jacks.ev).toBeCloseTo(1.5365, 4);
  });

  it('declares the known 99.5439% (recomputed by npm run rtp)', () => {
    expect(declaredRtp).toBe(0.995439);
  });
});
