import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeChain } from './verify.ts';

/** The verify page's live tables against an independent reading of the formula (node:crypto). */
function chunks(hash: string, salt: string): bigint[] {
  const hex = createHmac('sha256', hash).update(salt).digest('hex');
  return [0, 13, 26, 39].map((i) => BigInt(`0x${hex.slice(i, i + 13)}`));
}

describe('live tables on the verify page', () => {
  const salt = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  it('recomputes the roulette number and the four Bac Bo dice of many rounds', () => {
    let hash = 'c0ffee'.padEnd(64, '0');
    const seen = new Set<number>();
    for (let i = 0; i < 300; i += 1) {
      hash = createHmac('sha256', 'next').update(hash).digest('hex');
      const r = chunks(hash, salt);
      const number = Number(((r[0] as bigint) * 37n) / 2n ** 52n);
      const dice = r.map((x) => 1 + Number((x * 6n) / 2n ** 52n));
      expect(computeChain('live-roulette', hash, salt)).toMatchObject({ game: 'live-roulette', number });
      const bacbo = computeChain('live-bac-bo', hash, salt);
      expect(bacbo).toMatchObject({ dice, playerTotal: dice[0]! + dice[1]!, bankerTotal: dice[2]! + dice[3]! });
      seen.add(number);
    }
    expect(seen.size).toBeGreaterThan(30);
  });
});
