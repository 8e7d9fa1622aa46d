import { type Card, cardCode } from '@casino/games/cards';
import type { FloatSource } from '@casino/games/fair';
import * as hilo from '@casino/games/hilo';
import * as vp from '@casino/games/videopoker';

/**
 * Hi-Lo and video poker in the verify tool. Hi-Lo: card i of a round is the i-th uniform draw of
 * 52 from the seed's stream (an infinite deck), replayed with the stored moves. Video poker: one
 * deck shuffled from the stream (forward Fisher-Yates, packages/games/src/cards.ts); positions
 * 0..4 are the deal and 5, 6, ... replace the discarded cards left to right.
 */

/** Hi-Lo cards the tool draws: enough for any round (it cashes out by itself after 173 correct guesses). */
export const HILO_VERIFY_CARDS = 400;
/** Hi-Lo cards the tool shows before a round is checked. */
export const HILO_PREVIEW = 20;

export function hiloStream(source: FloatSource): Card[] {
  return hilo.hiloCards(source, HILO_VERIFY_CARDS);
}

/** A Hi-Lo round's state from its cards and stored moves, cashed out if it was (null if they do not replay). */
export function replayHilo(cards: readonly Card[], moves: unknown, cashedOut = false): hilo.HiloState | null {
  if (
    !Array.isArray(moves) ||
    !moves.every((m) => typeof m === 'string' && (m === 'skip' || (hilo.HILO_GUESSES as readonly string[]).includes(m)))
  ) {
    return null;
  }
  if (moves.length + 1 > cards.length) return null;
  let state = hilo.startState(cards[0] as Card);
  for (const [i, m] of (moves as hilo.HiloMove[]).entries()) {
    const step = hilo.move(state, m, cards[i + 1] as Card);
    if (!step.ok) return null;
    state = step.state;
  }
  return cashedOut && hilo.canCashOut(state) ? hilo.cashOut(state) : state;
}

/** What a Hi-Lo round returns once replayed: its payout, or 0 while it is still open. */
export function hiloReplayPayout(betCentavos: number, state: hilo.HiloState): number {
  return hilo.hiloPayout(betCentavos, state);
}

/** Video poker's first ten cards: the deal (0..4) and the replacements (5..9) in order. */
export function videoPokerDeck(source: FloatSource): Card[] {
  return vp.roundCards(source);
}

/** The stored hold (a 5-bit mask) applied to the recomputed deck, or null. */
export function replayVideoPoker(deck: readonly Card[], held: unknown): vp.VideoPokerResult | null {
  if (typeof held !== 'number' || !vp.isValidHold(held)) return null;
  return vp.drawFrom(deck, held);
}

export const videoPokerPayout = (betCentavos: number, result: vp.VideoPokerResult) => vp.videoPokerPayout(betCentavos, result);

export const cardCodes = (cards: readonly number[] | null | undefined): string | null =>
  Array.isArray(cards) && cards.every((c) => typeof c === 'number' && c >= 0 && c < 52) ? cards.map(cardCode).join(' ') : null;
