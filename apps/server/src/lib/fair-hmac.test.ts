import { floatsFor, hmacBytes, randomClientSeed, randomServerSeed } from '@casino/games/fair';
import { describe, expect, it } from 'vitest';
import { nodeHmac, serverFloats } from './fair-hmac.ts';

describe("the server's fair HMAC", () => {
  it('gives the bytes and floats of the verify page’s own HMAC', () => {
    for (let i = 0; i < 200; i += 1) {
      const seeds = { serverSeed: randomServerSeed(), clientSeed: i % 2 ? randomClientSeed() : 'Ação-ü_client', nonce: i * 7919 };
      for (const round of [0, 1, 5]) expect(Buffer.from(nodeHmac(seeds, round))).toEqual(Buffer.from(hmacBytes(seeds, round)));
      const next = serverFloats(seeds);
      // 20 floats cross into the digest of the third round (8 per digest).
      expect(Array.from({ length: 20 }, () => next())).toEqual(floatsFor(seeds, 20));
    }
  });
});
