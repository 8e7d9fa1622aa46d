import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bytesToFloat,
  fastFloats,
  floatsFor,
  hashServerSeed,
  hmacBytes,
  hmacFloats,
  isValidClientSeed,
  isValidServerSeed,
  randomClientSeed,
  randomServerSeed,
} from './fair.ts';

const seeds = { serverSeed: 'b7d5b8ff4c5b8f3a1f0e9d8c7b6a5f4e3d2c1b0a99887766554433221100ffee', clientSeed: 'player_seed-1', nonce: 42 };

/** The Stake recipe written out independently with node:crypto. */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round += 1) {
    const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) {
      out.push(digest[i]! / 256 + digest[i + 1]! / 256 ** 2 + digest[i + 2]! / 256 ** 3 + digest[i + 3]! / 256 ** 4);
    }
  }
  return out;
}

describe('provably fair floats', () => {
  it('matches an HMAC-SHA256 computed by node:crypto', () => {
    const expected = createHmac('sha256', seeds.serverSeed).update('player_seed-1:42:0').digest('hex');
    expect(Buffer.from(hmacBytes(seeds, 0)).toString('hex')).toBe(expected);
    expect(Buffer.from(hmacBytes(seeds, 3)).toString('hex')).toBe(
      createHmac('sha256', seeds.serverSeed).update('player_seed-1:42:3').digest('hex'),
    );
  });

  it('walks the digest four bytes per float and moves to the next round after 32 bytes', () => {
    const ours = floatsFor(seeds, 30);
    expect(ours).toEqual(referenceFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 30));
    // The 9th float is the first of round 1, not a repeat of round 0.
    expect(ours[8]).not.toBe(ours[0]);
    const next = hmacFloats(seeds);
    expect(Array.from({ length: 30 }, () => next())).toEqual(ours);
  });

  it('changes with every input', () => {
    const base = floatsFor(seeds, 1)[0];
    expect(floatsFor({ ...seeds, nonce: 43 }, 1)[0]).not.toBe(base);
    expect(floatsFor({ ...seeds, clientSeed: 'other' }, 1)[0]).not.toBe(base);
    expect(floatsFor({ ...seeds, serverSeed: randomServerSeed() }, 1)[0]).not.toBe(base);
  });

  it('turns four bytes into uint32 / 2^32', () => {
    expect(bytesToFloat(new Uint8Array([0, 0, 0, 0]), 0)).toBe(0);
    expect(bytesToFloat(new Uint8Array([128, 0, 0, 0]), 0)).toBe(0.5);
    expect(bytesToFloat(new Uint8Array([255, 255, 255, 255]), 0)).toBe((2 ** 32 - 1) / 2 ** 32);
    expect(bytesToFloat(new Uint8Array([9, 1, 2, 3, 4]), 1)).toBe(0x01020304 / 2 ** 32);
  });

  it('commits to the server seed with sha256 of its text', () => {
    const seed = randomServerSeed();
    expect(isValidServerSeed(seed)).toBe(true);
    expect(hashServerSeed(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(randomServerSeed()).not.toBe(seed);
  });

  it('accepts client seeds of 1-64 letters, digits, _ and -', () => {
    expect(isValidClientSeed(randomClientSeed())).toBe(true);
    expect(isValidClientSeed('a')).toBe(true);
    expect(isValidClientSeed('x'.repeat(64))).toBe(true);
    for (const bad of ['', 'x'.repeat(65), 'has space', 'acentuação', 'a:b', '<script>']) expect(isValidClientSeed(bad)).toBe(false);
  });
});

describe('fastFloats (simulations only)', () => {
  it('is deterministic per seed, in [0, 1), and roughly uniform', () => {
    const a = fastFloats(7);
    const b = fastFloats(7);
    const c = fastFloats(8);
    const xs = Array.from({ length: 100_000 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs.slice(0, 5));
    expect(c()).not.toBe(xs[0]);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    // sigma of the mean is 0.2887 / sqrt(1e5) ~ 0.0009: 4.5 sigma.
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.004);
    const buckets = new Array(10).fill(0);
    for (const x of xs) buckets[Math.floor(x * 10)] += 1;
    for (const n of buckets) expect(Math.abs(n - 10_000)).toBeLessThan(500);
  });
});
