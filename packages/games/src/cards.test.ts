import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardCode,
  DECK_SIZE,
  dealer,
  makeCard,
  parseCard,
  rankOf,
  shoeDealer,
  shuffle,
  shuffledPrefix,
  shuffledShoe,
  suitOf,
  uniformInt,
  unshuffledShoe,
} from './cards.ts';
import { fastFloats, hmacFloats } from './fair.ts';

const seeds = { serverSeed: 'b7d5b8ff4c5b8f3a1f0e9d8c7b6a5f4e3d2c1b0a99887766554433221100ffee', clientSeed: 'player_seed-1', nonce: 7 };

/** The doc comment written out independently: node:crypto, uint32 words, rejection, forward Fisher-Yates. */
function referenceShoe(serverSeed: string, clientSeed: string, nonce: number, decks: number): number[] {
  let round = 0;
  let digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
  let cursor = 0;
  const word = (): number => {
    if (cursor === 32) {
      round += 1;
      digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
      cursor = 0;
    }
    const u = digest.readUInt32BE(cursor);
    cursor += 4;
    return u;
  };
  const a: number[] = [];
  for (let d = 0; d < decks; d += 1) for (let c = 0; c < 52; c += 1) a.push(c);
  for (let i = 0; i < a.length - 1; i += 1) {
    const n = a.length - i;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let u = word();
    while (u >= limit) u = word();
    const j = i + (u % n);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

describe('cards', () => {
  it('numbers cards 13 * suit + rank - 1 and names them', () => {
    expect(makeCard(1, 0)).toBe(0);
    expect(makeCard(13, 3)).toBe(51);
    expect(cardCode(0)).toBe('Ac');
    expect(cardCode(9)).toBe('Tc');
    expect(cardCode(26)).toBe('Ah');
    expect(cardCode(51)).toBe('Ks');
    for (let c = 0; c < DECK_SIZE; c += 1) {
      expect(parseCard(cardCode(c))).toBe(c);
      expect(makeCard(rankOf(c), suitOf(c))).toBe(c);
    }
    expect(() => parseCard('1s')).toThrow(RangeError);
    expect(() => makeCard(14, 0)).toThrow(RangeError);
    expect(unshuffledShoe(2)[52]).toBe(0);
  });

  it('draws integers by rejection: u >= 2^32 - (2^32 mod n) is thrown away', () => {
    // n = 3: 2^32 mod 3 = 1, so the limit is 2^32 - 1 and u = 2^32 - 1 is rejected.
    const words = [2 ** 32 - 1, 2 ** 32 - 2, 5];
    let k = 0;
    const source = () => (words[k++] as number) / 2 ** 32;
    expect(uniformInt(source, 3)).toBe((2 ** 32 - 2) % 3);
    expect(k).toBe(2);
    expect(uniformInt(source, 3)).toBe(2);
    expect(uniformInt(() => 0.999, 1)).toBe(0);
    expect(() => uniformInt(() => 0, 0)).toThrow(RangeError);
  });

  it('matches an independent implementation of the documented shuffle (node:crypto)', () => {
    for (const decks of [1, 6, 8]) {
      const ours = shuffledShoe(hmacFloats(seeds), decks);
      expect(ours).toEqual(referenceShoe(seeds.serverSeed, seeds.clientSeed, seeds.nonce, decks));
    }
  });

  it('deals lazily exactly the full shuffle, card by card', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 8 }), (seed, decks) => {
        const full = shuffledShoe(fastFloats(seed), decks);
        const deal = shoeDealer(fastFloats(seed), decks);
        const dealt = Array.from({ length: full.length }, () => deal.next());
        expect(dealt).toEqual(full);
        expect(deal.remaining).toBe(0);
        expect(() => deal.next()).toThrow(RangeError);
        expect(shuffledPrefix(fastFloats(seed), unshuffledShoe(decks), 7)).toEqual(full.slice(0, 7));
      }),
      { numRuns: 50 },
    );
  });

  it('a shuffle is a permutation of the shoe', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 8 }), (seed, decks) => {
        const shoe = shuffledShoe(fastFloats(seed), decks);
        expect([...shoe].sort((a, b) => a - b)).toEqual(unshuffledShoe(decks).sort((a, b) => a - b));
      }),
      { numRuns: 50 },
    );
  });

  it('puts every card in every position equally often (chi-square, 3 cards, 6 orders)', () => {
    const source = fastFloats(11);
    const counts = new Map<string, number>();
    const n = 60_000;
    for (let i = 0; i < n; i += 1) {
      const key = shuffle(source, [0, 1, 2]).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const chi = [...counts.values()].reduce((s, c) => s + (c - n / 6) ** 2 / (n / 6), 0);
    // 5 degrees of freedom: P(chi^2 > 20.5) < 0.001.
    expect(chi).toBeLessThan(20.5);
    const d = dealer(source, ['x']);
    expect(d.next()).toBe('x');
  });
});
