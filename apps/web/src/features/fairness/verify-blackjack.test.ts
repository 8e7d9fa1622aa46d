import * as bj from '@casino/games/blackjack';
import { hashServerSeed, hmacFloats } from '@casino/games/fair';
import { formatCentavos } from '@casino/shared/money';
import type { HouseRoundView } from '@casino/shared/schemas/house-games';
import { describe, expect, it } from 'vitest';
import { checkRound, computeSeeded, DEFAULT_PARAMS } from './verify.ts';

/** A blackjack round recorded the way the server stores it, checked by the verify tool. */

const SERVER = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

function playedRound(nonce: number) {
  const seeds = { serverSeed: SERVER, clientSeed: 'mesa-verde', nonce };
  let { state, shoe } = bj.startFromSource(500, hmacFloats(seeds));
  const moves: bj.BlackjackMove[] = [];
  while (state.phase !== 'done') {
    const choice = bj.basicStrategy(state);
    const next = bj.move(state, choice, shoe);
    if (!next.ok) throw new Error(next.reason);
    moves.push(choice);
    state = next.state;
  }
  const win = bj.blackjackPayout(state);
  const round: HouseRoundView = {
    id: 1,
    game_code: 'blackjack',
    status: 'settled',
    amount: formatCentavos(bj.totalStaked(state)),
    win: formatCentavos(win),
    created_at: '2026-11-28T00:00:00.000Z',
    settled_at: '2026-11-28T00:01:00.000Z',
    outcome: { game: 'blackjack', bet_centavos: 500, moves, status: 'settled', state, win_centavos: win },
    seeds: { server_seed_hash: hashServerSeed(SERVER), client_seed: 'mesa-verde', nonce, server_seed: SERVER, revealed: true },
    chain: null,
  };
  return { round, state, seeds };
}

describe('blackjack in the verify tool', () => {
  it('deals the round’s cards from the recomputed shoe in order', () => {
    const { state, seeds } = playedRound(3);
    const outcome = computeSeeded('blackjack', seeds, DEFAULT_PARAMS);
    expect(outcome.game).toBe('blackjack');
    if (outcome.game !== 'blackjack') return;
    expect(outcome.shoe).toHaveLength(312);
    const hand = state.hands[0]!;
    // Player, dealer up, player, dealer hole (the first hand's first card survives a split).
    expect(outcome.shoe[0]).toBe(hand.cards[0]);
    expect(outcome.shoe[1]).toBe(state.dealer[0]);
    expect(outcome.shoe[3]).toBe(state.dealer[1]);
    // Every card of 6 decks, 6 times each.
    const counts = new Map<number, number>();
    for (const card of outcome.shoe) counts.set(card, (counts.get(card) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 6) && counts.size === 52).toBe(true);
  });

  it('replays recorded rounds to the same dealer, hands and return, and catches a tampered one', () => {
    for (let nonce = 0; nonce < 30; nonce += 1) {
      const { round } = playedRound(nonce);
      const check = checkRound(round);
      expect(check.kind).toBe('checked');
      if (check.kind !== 'checked') return;
      expect(check.facts.map((f) => f.label)).toEqual(['dealer_cards', 'hands', 'payout']);
      expect(check.match, JSON.stringify(check.facts)).toBe(true);
      expect(check.commitment).toBe(true);
    }
    const { round } = playedRound(5);
    const tampered = { ...round, win: '999.00' };
    const check = checkRound(tampered);
    expect(check.kind === 'checked' && check.match).toBe(false);
  });
});
