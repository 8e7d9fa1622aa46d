import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basicStrategy,
  basicStrategyRound,
  type BlackjackMove,
  type BlackjackState,
  blackjackPayout,
  finishRound,
  handTotal,
  legalMoves,
  move,
  publicView,
  shoeAt,
  start,
  totalStaked,
} from './blackjack.ts';
import { type Card, dealer, makeCard, shuffledShoe } from './cards.ts';
import { fastFloats } from './fair.ts';

/** A shoe that deals these ranks in order (a source of zeros makes every Fisher-Yates step a no-op). */
const stacked = (...ranks: number[]) =>
  dealer(
    () => 0,
    ranks.map((r, i) => makeCard(r, i % 4)),
  );

function play(state: BlackjackState, shoe: ReturnType<typeof stacked>, ...moves: BlackjackMove[]): BlackjackState {
  let current = state;
  for (const m of moves) {
    const result = move(current, m, shoe);
    if (!result.ok) throw new Error(`${m}: ${result.reason}`);
    current = result.state;
  }
  return current;
}

describe('blackjack', () => {
  it('totals hands with soft aces', () => {
    const t = (...ranks: number[]) => handTotal(ranks.map((r) => makeCard(r, 0)));
    expect(t(1, 6)).toEqual({ total: 17, soft: true });
    expect(t(1, 6, 10)).toEqual({ total: 17, soft: false });
    expect(t(1, 1, 9)).toEqual({ total: 21, soft: true });
    expect(t(13, 12)).toEqual({ total: 20, soft: false });
  });

  it('deals player, up, player, hole and hides the hole card', () => {
    // Player 10 + 6, dealer 9 up, 7 in the hole.
    const shoe = stacked(10, 9, 6, 7);
    const state = start(100, shoe);
    expect(state.hands[0]?.cards.map((c) => (c % 13) + 1)).toEqual([10, 6]);
    expect(state.dealer.map((c) => (c % 13) + 1)).toEqual([9, 7]);
    expect(state.phase).toBe('player');
    expect(publicView(state).dealer[1]).toBeNull();
    expect(legalMoves(state)).toEqual(['hit', 'stand', 'double']);
  });

  it('dealer stands on soft 17 and hits 16', () => {
    // Player 10 + 9 stands; dealer A + 6 = soft 17 stands.
    const shoe17 = stacked(10, 1, 9, 6);
    const soft17 = play(start(100, shoe17), shoe17, 'no_insurance');
    expect(soft17.phase).toBe('player');
    const done = play(soft17, shoe17, 'stand');
    expect(done.dealer).toHaveLength(2);
    expect(done.hands[0]?.result).toBe('win');
    expect(blackjackPayout(done)).toBe(200);
    // Dealer 10 + 6 hits: draws a 5 for 21.
    const shoe = stacked(10, 10, 8, 6, 5);
    const s = play(start(100, shoe), shoe, 'stand');
    expect(handTotal(s.dealer).total).toBe(21);
    expect(s.hands[0]?.result).toBe('lose');
    expect(blackjackPayout(s)).toBe(0);
  });

  it('pays blackjack 3:2 at once; a dealer blackjack ends the round; both push', () => {
    const bj = start(100, stacked(1, 9, 13, 7));
    expect(bj.phase).toBe('done');
    expect(bj.hands[0]?.result).toBe('blackjack');
    expect(blackjackPayout(bj)).toBe(250);
    expect(blackjackPayout(start(10, stacked(1, 9, 13, 7)))).toBe(25);
    // Ten up, ace in the hole: peeked at once, the player loses only the stake.
    const dealerBj = start(100, stacked(9, 10, 9, 1));
    expect(dealerBj).toMatchObject({ phase: 'done', dealerBlackjack: true });
    expect(blackjackPayout(dealerBj)).toBe(0);
    expect(move(dealerBj, 'hit', stacked())).toEqual({ ok: false, reason: 'round_finished' });
    const both = start(100, stacked(1, 10, 12, 1));
    expect(both.hands[0]?.result).toBe('push');
    expect(blackjackPayout(both)).toBe(100);
  });

  it('offers insurance under an ace; it pays 2:1 on a dealer blackjack', () => {
    const shoe = stacked(10, 1, 8, 13);
    const offered = start(100, shoe);
    expect(offered.phase).toBe('insurance');
    expect(legalMoves(offered)).toEqual(['insurance', 'no_insurance']);
    expect(move(offered, 'hit', shoe)).toEqual({ ok: false, reason: 'not_now' });
    const insured = play(offered, shoe, 'insurance');
    expect(insured).toMatchObject({ phase: 'done', insurance: 50, dealerBlackjack: true });
    expect(totalStaked(insured)).toBe(150);
    expect(blackjackPayout(insured)).toBe(150);
    // Insured but no blackjack: the side bet is lost and play goes on.
    const shoe2 = stacked(10, 1, 8, 7);
    const lost = play(start(100, shoe2), shoe2, 'insurance');
    expect(lost).toMatchObject({ phase: 'player', insurance: 50 });
    const end = play(lost, shoe2, 'stand');
    expect(end.hands[0]?.result).toBe('push');
    expect(blackjackPayout(end)).toBe(100);
    expect(totalStaked(end)).toBe(150);
  });

  it('doubles on any two cards for one card, also after a split', () => {
    const shoe = stacked(5, 10, 6, 7, 10, 10);
    const doubled = play(start(100, shoe), shoe, 'double');
    expect(doubled.hands[0]).toMatchObject({ bet: 200, doubled: true, result: 'win' });
    expect(doubled.hands[0]?.cards).toHaveLength(3);
    expect(blackjackPayout(doubled)).toBe(400);
    // 8-8 against 6: split, first 8 takes a 3 and doubles (takes a 10), second takes a 10 and stands.
    const shoe2 = stacked(8, 6, 8, 10, 3, 10, 10, 9);
    let s = play(start(100, shoe2), shoe2, 'split');
    expect(s.hands).toHaveLength(2);
    expect(legalMoves(s)).toContain('double');
    s = play(s, shoe2, 'double', 'stand');
    expect(s.phase).toBe('done');
    expect(s.hands.map((h) => h.bet)).toEqual([200, 100]);
    // Dealer 6 + 10 draws 9: bust; both hands win.
    expect(s.hands.map((h) => h.result)).toEqual(['win', 'win']);
    expect(totalStaked(s)).toBe(300);
    expect(blackjackPayout(s)).toBe(600);
    const shoe3 = stacked(5, 10, 6, 7, 2);
    const three = play(start(100, shoe3), shoe3, 'hit');
    expect(three.hands[0]?.cards).toHaveLength(3);
    expect(move(three, 'double', shoe3)).toEqual({ ok: false, reason: 'cannot_double' });
  });

  it('splits up to four hands; aces once, one card each, 21 after a split is not blackjack', () => {
    const shoe = stacked(8, 10, 8, 7, 8, 8, 8, 2, 3, 4, 5);
    let s = play(start(100, shoe), shoe, 'split');
    s = play(s, shoe, 'split');
    s = play(s, shoe, 'split');
    expect(s.hands).toHaveLength(4);
    expect(legalMoves(s)).not.toContain('split');
    expect(move(s, 'split', shoe)).toEqual({ ok: false, reason: 'cannot_split' });
    s = finishRound(s, shoe);
    expect(s.phase).toBe('done');
    expect(totalStaked(s)).toBe(400);
    // Aces: one card each and done; A + K after a split is 21, paid 1:1.
    const aces = stacked(1, 9, 1, 7, 13, 1, 2);
    const split = play(start(100, aces), aces, 'split');
    expect(split.phase).toBe('done');
    expect(split.hands.map((h) => h.cards.length)).toEqual([2, 2]);
    expect(split.hands.map((h) => h.result)).toEqual(['win', 'lose']);
    expect(blackjackPayout(split)).toBe(200);
    expect(move(start(100, stacked(9, 10, 8, 7)), 'split', stacked())).toEqual({ ok: false, reason: 'cannot_split' });
  });

  it('refuses moves out of turn or unknown, and checks the shoe position', () => {
    const shoe = stacked(10, 9, 6, 7, 5);
    const state = start(100, shoe);
    expect(move(state, 'insurance', shoe)).toEqual({ ok: false, reason: 'not_now' });
    expect(move(state, 'surrender' as never, shoe)).toEqual({ ok: false, reason: 'move_invalid' });
    expect(() => move(state, 'hit', stacked(5))).toThrow(RangeError);
  });

  it('resumes from the stored state and the seed: the same round as played in one go', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const one = shoeAt(fastFloats(seed), 0);
        let a = start(100, one);
        let b = start(100, shoeAt(fastFloats(seed), 0));
        while (a.phase !== 'done') {
          const m = basicStrategy(a);
          const ra = move(a, m, one);
          // The resumed copy: JSON round trip (what the database keeps), a shoe rebuilt at `dealt`.
          const stored = JSON.parse(JSON.stringify(b)) as BlackjackState;
          const rb = move(stored, m, shoeAt(fastFloats(seed), stored.dealt));
          if (!ra.ok || !rb.ok) throw new Error('move refused');
          a = ra.state;
          b = rb.state;
        }
        expect(b).toEqual(a);
        const shoe = shuffledShoe(fastFloats(seed), 6);
        expect([a.hands[0]?.cards[0], a.dealer[0], a.dealer[1]]).toEqual([shoe[0], shoe[1], shoe[3]]);
        if (a.hands.length === 1) expect(a.hands[0]?.cards[1]).toBe(shoe[2] as Card);
        expect(a.dealt).toBe(a.hands.reduce((n, h) => n + h.cards.length, 0) + a.dealer.length);
      }),
      { numRuns: 200 },
    );
  });

  it('finishes an abandoned round by standing (the 24-hour rule)', () => {
    const shoe = stacked(10, 1, 6, 7, 10);
    const s = finishRound(start(100, shoe), shoe);
    expect(s.phase).toBe('done');
    expect(s.insurance).toBe(0);
    expect(s.hands[0]?.result).toBe('lose');
  });

  it('basic strategy: the usual chart, always legal', () => {
    const at = (up: number, ...ranks: number[]) => {
      const shoe = stacked(ranks[0] as number, up, ranks[1] as number, 7, ...ranks.slice(2));
      let s = start(100, shoe);
      if (s.phase === 'insurance') s = play(s, shoe, 'no_insurance');
      return basicStrategy(s);
    };
    expect(at(6, 10, 6)).toBe('stand');
    expect(at(7, 10, 6)).toBe('hit');
    expect(at(10, 6, 5)).toBe('double');
    expect(at(1, 6, 5)).toBe('hit');
    expect(at(3, 1, 7)).toBe('double');
    expect(at(2, 1, 7)).toBe('stand');
    expect(at(9, 1, 7)).toBe('hit');
    expect(at(10, 8, 8)).toBe('split');
    expect(at(7, 9, 9)).toBe('stand');
    expect(at(5, 10, 10)).toBe('stand');
    expect(at(5, 5, 5)).toBe('double');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const x = basicStrategyRound(fastFloats(seed));
        expect(x).toBeGreaterThanOrEqual(-7);
        expect(x).toBeLessThanOrEqual(9);
      }),
      { numRuns: 300 },
    );
  });
});
