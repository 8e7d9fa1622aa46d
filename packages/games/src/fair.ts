/**
 * Provably fair randomness (REFERENCE.md "Provably fair", the scheme players know from Stake).
 *
 * The server commits to sha256(serverSeed) before play; every outcome is read from
 * HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`). A cursor walks the
 * 32-byte digest four bytes at a time, and `round` increments every 32 bytes, so a game can draw
 * as many floats as it needs. The same code runs on the server and in the browser's verify page.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export type Seeds = { serverSeed: string; clientSeed: string; nonce: number };

/** The next float in [0, 1). Games draw every random event from one of these. */
export type FloatSource = () => number;

const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;
const SERVER_SEED = /^[0-9a-f]{64}$/;
const TWO_32 = 2 ** 32;

/** 32 random bytes as 64 lowercase hex characters. */
export function randomServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** The commitment shown before play: sha256 of the seed string, hex. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

export function isValidServerSeed(serverSeed: string): boolean {
  return SERVER_SEED.test(serverSeed);
}

export function isValidClientSeed(clientSeed: string): boolean {
  return CLIENT_SEED.test(clientSeed);
}

export function isValidNonce(nonce: number): boolean {
  return Number.isSafeInteger(nonce) && nonce >= 0;
}

/** A fresh client seed for a new player (the player may replace it). */
export function randomClientSeed(): string {
  return bytesToHex(randomBytes(10));
}

/** The digest for one `round` of a bet: HMAC_SHA256(serverSeed, clientSeed:nonce:round). */
export function hmacBytes(seeds: Seeds, round: number): Uint8Array {
  return hmac(sha256, utf8ToBytes(seeds.serverSeed), utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${round}`));
}

/** Four bytes as b0/256 + b1/256^2 + b2/256^3 + b3/256^4, which is exactly uint32 / 2^32. */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  const b0 = bytes[offset] ?? 0;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  const b3 = bytes[offset + 3] ?? 0;
  return (b0 * 2 ** 24 + b1 * 2 ** 16 + b2 * 2 ** 8 + b3) / TWO_32;
}

/** Computes `hmacBytes`: a server may pass its platform's HMAC (the same bytes, faster). */
export type HmacDigest = (seeds: Seeds, round: number) => Uint8Array;

/**
 * An endless stream of floats for one bet: 8 floats per HMAC digest, then the next round.
 * `digestOf` defaults to this module's HMAC (the one the browser's verify page runs).
 */
export function hmacFloats(seeds: Seeds, digestOf: HmacDigest = hmacBytes): FloatSource {
  let round = 0;
  let digest = digestOf(seeds, round);
  let cursor = 0;
  return () => {
    if (cursor === 32) {
      round += 1;
      digest = digestOf(seeds, round);
      cursor = 0;
    }
    const value = bytesToFloat(digest, cursor);
    cursor += 4;
    return value;
  };
}

/** The first `count` floats of a bet (what the verify page lists). */
export function floatsFor(seeds: Seeds, count: number): number[] {
  const next = hmacFloats(seeds);
  return Array.from({ length: count }, () => next());
}

/**
 * A fast seeded generator (sfc32) for simulations only: never for real bets. It yields the same
 * grid of values as the HMAC pipeline (multiples of 2^-32), so both exercise the same game code.
 */
export function fastFloats(seed: number): FloatSource {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 ^ Math.imul(seed, 0x85ebca6b);
  let c = 0xb7e15162 ^ Math.imul(seed, 0xc2b2ae35);
  let d = 1;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / TWO_32;
  };
  for (let i = 0; i < 15; i += 1) next();
  return next;
}
