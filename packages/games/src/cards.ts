/**
 * Playing cards, decks and shoes, shuffled from the seed (blackjack, baccarat, video poker,
 * Hi-Lo).
 *
 * A card is an integer 0..51: `card = 13 * suit + (rank - 1)`, rank 1 (ace) .. 13 (king), suit
 * 0 clubs, 1 diamonds, 2 hearts, 3 spades. So 0 = A♣, 12 = K♣, 13 = A♦, 51 = K♠.
 *
 * An unshuffled shoe of N decks lists N decks one after another, each deck 0, 1, ..., 51: position
 * i holds card `i mod 52` (N = 1 is a single deck).
 *
 * Random integers (`uniformInt(source, n)`, uniform on 0..n-1, exactly, for 1 <= n <= 2^32): read
 * the next 4 bytes of the seed's byte stream as a big-endian uint32 u (fair.ts: bytes b0..b3 of
 * HMAC_SHA256(serverSeed, `${clientSeed}:${nonce}:${round}`), `round` + 1 every 32 bytes; the float
 * f = u / 2^32 that `hmacFloats` yields is turned back into u = f * 2^32, exactly). Let
 * limit = 2^32 - (2^32 mod n). If u >= limit, discard it and read the next 4 bytes; otherwise the
 * result is u mod n. Every value 0..n-1 then has exactly limit / n chances: no modulo bias.
 *
 * Shuffle (`shuffle`, Fisher-Yates from the front): for i = 0, 1, ..., n-2 in turn,
 * j = i + uniformInt(source, n - i), then swap positions i and j. The cards are dealt from position
 * 0 upwards. Position i is final once step i is done, so dealing k cards needs only the first k
 * steps: `dealer` runs the steps one card at a time and deals the same cards as the full shuffle.
 *
 * An independent verifier needs only: the HMAC stream, the uint32 reading, the rejection rule,
 * the forward Fisher-Yates above, and the card numbering.
 */
import type { FloatSource } from './fair.ts';

/** 0..51: 13 * suit + (rank - 1). */
export type Card = number;
export type Suit = 0 | 1 | 2 | 3;

export const DECK_SIZE = 52;
export const RANKS = 13;
export const SUIT_LETTERS = ['c', 'd', 'h', 's'] as const;
export const RANK_LETTERS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;

const TWO_32 = 2 ** 32;

export function isValidCard(card: number): card is Card {
  return Number.isInteger(card) && card >= 0 && card < DECK_SIZE;
}

/** 1 (ace) .. 13 (king). */
export function rankOf(card: Card): number {
  return (card % RANKS) + 1;
}

export function suitOf(card: Card): Suit {
  return Math.floor(card / RANKS) as Suit;
}

export function makeCard(rank: number, suit: number): Card {
  if (!Number.isInteger(rank) || rank < 1 || rank > RANKS || !Number.isInteger(suit) || suit < 0 || suit > 3) {
    throw new RangeError(`no card of rank ${rank} and suit ${suit}`);
  }
  return 13 * suit + rank - 1;
}

/** Two characters, rank then suit: "As", "Td", "2c". */
export function cardCode(card: Card): string {
  return `${RANK_LETTERS[card % RANKS]}${SUIT_LETTERS[suitOf(card)]}`;
}

/** The inverse of cardCode ("Ah" -> 26); throws on anything else. */
export function parseCard(code: string): Card {
  const rank = RANK_LETTERS.indexOf(code[0]?.toUpperCase() as (typeof RANK_LETTERS)[number]);
  const suit = SUIT_LETTERS.indexOf(code[1]?.toLowerCase() as (typeof SUIT_LETTERS)[number]);
  if (code.length !== 2 || rank < 0 || suit < 0) throw new RangeError(`not a card: ${code}`);
  return makeCard(rank + 1, suit);
}

/** The unshuffled shoe of `decks` decks: position i holds card i mod 52. */
export function unshuffledShoe(decks = 1): Card[] {
  if (!Number.isInteger(decks) || decks < 1) throw new RangeError('decks must be a positive integer');
  return Array.from({ length: decks * DECK_SIZE }, (_, i) => i % DECK_SIZE);
}

/** A uniform integer in 0..n-1 from 4-byte words, rejecting u >= 2^32 - (2^32 mod n). */
export function uniformInt(source: FloatSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`uniformInt range ${n}`);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const u = Math.floor(source() * TWO_32);
    if (u < limit) return u % n;
  }
}

/** Forward Fisher-Yates of a copy of `items`: for i = 0..n-2, swap i with i + uniformInt(n - i). */
export function shuffle<T>(source: FloatSource, items: readonly T[]): T[] {
  const a = [...items];
  for (let i = 0; i < a.length - 1; i += 1) {
    const j = i + uniformInt(source, a.length - i);
    const t = a[i] as T;
    a[i] = a[j] as T;
    a[j] = t;
  }
  return a;
}

/** The first k items of `shuffle(source, items)`, drawing only the k steps they need. */
export function shuffledPrefix<T>(source: FloatSource, items: readonly T[], k: number): T[] {
  const deal = dealer(source, items);
  return Array.from({ length: k }, () => deal.next());
}

/** A shoe of `decks` decks shuffled from the seed. */
export function shuffledShoe(source: FloatSource, decks = 1): Card[] {
  return shuffle(source, unshuffledShoe(decks));
}

export type Dealer<T> = {
  /** The next card of the shuffled shoe (position `dealt`), then dealt + 1. */
  next: () => T;
  /** Cards dealt so far. */
  readonly dealt: number;
  /** Cards left. */
  readonly remaining: number;
};

/**
 * Deals a shuffle lazily: card k is position k of `shuffle(source, items)`, for any k, reading
 * only the words the first k + 1 Fisher-Yates steps consume.
 */
export function dealer<T>(source: FloatSource, items: readonly T[]): Dealer<T> {
  const a = [...items];
  let i = 0;
  return {
    next() {
      if (i >= a.length) throw new RangeError('the shoe is empty');
      if (i < a.length - 1) {
        const j = i + uniformInt(source, a.length - i);
        const t = a[i] as T;
        a[i] = a[j] as T;
        a[j] = t;
      }
      const card = a[i] as T;
      i += 1;
      return card;
    },
    get dealt() {
      return i;
    },
    get remaining() {
      return a.length - i;
    },
  };
}

const SHOE_TEMPLATES = new Map<number, Uint8Array>();

/** A lazily shuffled shoe of `decks` decks: `dealer` over `unshuffledShoe(decks)`, on a byte array. */
export function shoeDealer(source: FloatSource, decks = 1): Dealer<Card> {
  let template = SHOE_TEMPLATES.get(decks);
  if (!template) {
    template = Uint8Array.from(unshuffledShoe(decks));
    SHOE_TEMPLATES.set(decks, template);
  }
  const a = template.slice();
  const n = a.length;
  let i = 0;
  return {
    next() {
      if (i >= n) throw new RangeError('the shoe is empty');
      if (i < n - 1) {
        const j = i + uniformInt(source, n - i);
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
      }
      const card = a[i] as Card;
      i += 1;
      return card;
    },
    get dealt() {
      return i;
    },
    get remaining() {
      return n - i;
    },
  };
}
