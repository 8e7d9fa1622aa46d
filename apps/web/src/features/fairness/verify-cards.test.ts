import { createHash, createHmac } from 'node:crypto';
import * as hilo from '@casino/games/hilo';
import * as vp from '@casino/games/videopoker';
import type { HouseRoundView } from '@casino/shared/schemas/house-games';
import { describe, expect, it } from 'vitest';
import { GAME_FORMULAS } from './formulas.ts';
import { checkRound, computeSeeded, DEFAULT_PARAMS } from './verify.ts';

/**
 * Hi-Lo and video poker on /fairness: the formulas the page prints, implemented again here from
 * their text with node:crypto only, give the tool's cards; a recorded round is checked fact by
 * fact, and a tampered one is caught.
 */

const SERVER = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const CLIENT = 'sorte_grande';

/** 4-byte big-endian words of the HMAC stream, as the page writes it. */
function words(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round += 1) {
    const b = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 8 && out.length < count; i += 1) out.push(b.readUInt32BE(4 * i));
  }
  return out;
}
function uniformFrom(list: number[]) {
  let w = 0;
  return (n: number) => {
    for (;;) {
      const u = list[w++] as number;
      if (u < 2 ** 32 - (2 ** 32 % n)) return u % n;
    }
  };
}

function round(game: string, outcome: unknown, amount: string, win: string, nonce: number): HouseRoundView {
  return {
    id: 7,
    game_code: game,
    status: 'settled',
    amount,
    win,
    created_at: '2026-01-01T00:00:00.000Z',
    settled_at: '2026-01-01T00:00:00.000Z',
    outcome,
    seeds: {
      server_seed: SERVER,
      server_seed_hash: createHash('sha256').update(SERVER).digest('hex'),
      client_seed: CLIENT,
      nonce,
      revealed: true,
    },
    chain: null,
  };
}

describe('hi-lo and video poker on /fairness', () => {
  it('print their formulas', () => {
    expect(GAME_FORMULAS.find((f) => f.game === 'hi-lo')?.lines.join('\n')).toContain('card[k] = uniform(52)');
    expect(GAME_FORMULAS.find((f) => f.game === 'video-poker')?.lines.join('\n')).toContain('j = i + uniform(52 - i)');
  });

  it('give the cards the formulas give by hand', () => {
    for (let nonce = 0; nonce < 20; nonce += 1) {
      const seeds = { serverSeed: SERVER, clientSeed: CLIENT, nonce };
      const uniform = uniformFrom(words(SERVER, CLIENT, nonce, 200));
      const byHand = Array.from({ length: 20 }, () => uniform(52));
      const h = computeSeeded('hi-lo', seeds, DEFAULT_PARAMS);
      expect(h.game === 'hi-lo' && h.cards.slice(0, 20)).toEqual(byHand);

      const next = uniformFrom(words(SERVER, CLIENT, nonce, 200));
      const deck = Array.from({ length: 52 }, (_, p) => p);
      for (let i = 0; i < 51; i += 1) {
        const j = i + next(52 - i);
        [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
      }
      const v = computeSeeded('video-poker', seeds, DEFAULT_PARAMS);
      expect(v.game === 'video-poker' && v.deck).toEqual(deck.slice(0, 10));
    }
  });

  it('check a recorded hi-lo round (cards and return) and catch a changed card', () => {
    const nonce = 3;
    const cards = hilo.hiloCards(
      (() => {
        const list = words(SERVER, CLIENT, nonce, 200);
        let i = 0;
        return () => (list[i++] as number) / 2 ** 32;
      })(),
      4,
    );
    // Two right guesses around a skip, then a cash-out.
    const guess = (a: number, b: number): hilo.HiloGuess => (b % 13 > a % 13 ? 'higher' : b % 13 < a % 13 ? 'lower' : 'same');
    const moves = [guess(cards[0]!, cards[1]!), 'skip', guess(cards[2]!, cards[3]!)] as hilo.HiloMove[];
    let state = hilo.startState(cards[0]!);
    moves.forEach((m, i) => {
      const step = hilo.move(state, m, cards[i + 1]!);
      if (!step.ok) throw new Error(step.reason);
      state = step.state;
    });
    state = hilo.cashOut(state);
    const win = hilo.hiloPayout(500, state);
    const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    const outcome = { game: 'hi-lo', cards, moves, wins: state.wins, status: 'cashed_out', bet_centavos: 500, win_centavos: win };
    const good = checkRound(round('hi-lo', outcome, '5.00', money(win), nonce));
    expect(good.kind === 'checked' && good.match).toBe(true);
    expect(good.kind === 'checked' && good.commitment).toBe(true);
    const tampered = checkRound(
      round('hi-lo', { ...outcome, cards: [((cards[0] as number) + 1) % 52, ...cards.slice(1)] }, '5.00', money(win), nonce),
    );
    expect(tampered.kind === 'checked' && tampered.match).toBe(false);
    const overpaid = checkRound(round('hi-lo', outcome, '5.00', money(win + 1), nonce));
    expect(overpaid.kind === 'checked' && overpaid.match).toBe(false);
  });

  it('check a recorded video poker round (deal, final hand, return)', () => {
    const nonce = 11;
    const list = words(SERVER, CLIENT, nonce, 200);
    let i = 0;
    const deck = vp.roundCards(() => (list[i++] as number) / 2 ** 32);
    const result = vp.drawFrom(deck, 0b00101);
    const win = vp.videoPokerPayout(200, result);
    const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    const outcome = {
      game: 'video-poker',
      status: 'drawn',
      hand: result.hand,
      held: 0b00101,
      final: result.final,
      hand_rank: result.category,
      bet_centavos: 200,
      win_centavos: win,
    };
    const good = checkRound(round('video-poker', outcome, '2.00', money(win), nonce));
    expect(good.kind === 'checked' && good.facts.map((f) => f.label)).toEqual(['hand', 'final_hand', 'payout']);
    expect(good.kind === 'checked' && good.match).toBe(true);
    const otherHold = checkRound(round('video-poker', { ...outcome, held: 0b11111 }, '2.00', money(win), nonce));
    expect(otherHold.kind === 'checked' && otherHold.facts.find((f) => f.label === 'final_hand')?.equal).toBe(
      result.final.join() === result.hand.join(),
    );
  });
});
