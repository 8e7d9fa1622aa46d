import * as bj from '@casino/games/blackjack';
import { type Card, type Dealer, cardCode, shoeDealer } from '@casino/games/cards';
import type { FloatSource } from '@casino/games/fair';

/**
 * Blackjack in the verify tool: the shoe a seed pair and nonce shuffle (6 decks, forward
 * Fisher-Yates on 4-byte words with rejection, packages/games/src/cards.ts), and a recorded round
 * replayed card by card on it from its stored moves.
 */

/** How many of the shoe's cards the tool draws (a round seldom deals more). */
export const BLACKJACK_PREVIEW = 20;

/** The whole shuffled shoe (312 cards): position 0 is dealt first. */
export function blackjackShoe(source: FloatSource): Card[] {
  const deal = shoeDealer(source, bj.BLACKJACK_DECKS);
  return Array.from({ length: deal.remaining }, () => deal.next());
}

/** A dealer over a known shoe. */
function fromList(shoe: readonly Card[]): Dealer<Card> {
  let i = 0;
  return {
    next() {
      const card = shoe[i];
      if (card === undefined) throw new RangeError('the shoe is empty');
      i += 1;
      return card;
    },
    get dealt() {
      return i;
    },
    get remaining() {
      return shoe.length - i;
    },
  };
}

const MOVES: readonly string[] = ['hit', 'stand', 'double', 'split', 'insurance', 'no_insurance'];

/** The round's final state from the shoe, the first stake and the stored moves (null if they do not replay). */
export function replayBlackjack(shoe: readonly Card[], betCentavos: number, moves: unknown): bj.BlackjackState | null {
  if (!Array.isArray(moves) || !moves.every((m) => typeof m === 'string' && MOVES.includes(m))) return null;
  if (!Number.isSafeInteger(betCentavos) || betCentavos <= 0) return null;
  try {
    const dealer = fromList(shoe);
    let state = bj.start(betCentavos, dealer);
    for (const choice of moves as bj.BlackjackMove[]) {
      const next = bj.move(state, choice, dealer);
      if (!next.ok) return null;
      state = next.state;
    }
    return state;
  } catch {
    return null;
  }
}

export const cardsText = (cards: readonly number[] | null | undefined): string | null =>
  Array.isArray(cards) && cards.every((c) => typeof c === 'number') ? cards.map(cardCode).join(' ') : null;

/** The hands as "As Kd | 8c 3h" (split hands in order). */
export const handsText = (hands: readonly { cards: readonly number[] }[] | null | undefined): string | null =>
  Array.isArray(hands) ? hands.map((h) => cardsText(h?.cards) ?? '?').join(' | ') : null;
