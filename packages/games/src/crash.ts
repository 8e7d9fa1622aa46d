/**
 * Crash (the Bustabit scheme). Shared rounds read their crash point from a chain of hashes made
 * in advance (hash_{i+1} = sha256(hash_i)) and played in reverse, so the last hash, published
 * before the first round, commits to every future round. Each round's point comes from
 * HMAC_SHA256(key = round hash, message = salt): the top 52 bits r give X = r / 2^52 and the
 * crash point floor(97 / (1 - X)) / 100, at least 1.00x. Then P(crash >= m) = 0.97 / m (to
 * within 2^-52), so cashing out at any target returns 97%; about 4% of rounds bust at 1.00x.
 *
 * Multipliers here are integers in hundredths (235 = 2.35x).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Centavos } from '@casino/shared/money';
import { fromHundredths, payout } from './exact.ts';
import type { FloatSource } from './fair.ts';

export const declaredRtp = 0.97;
/** Growth rate of the curve: m(t) = e^(CRASH_GROWTH * ms), 2x after ~11.6 s, 10x after ~38 s. */
export const CRASH_GROWTH = 0.00006;
/** Auto cash-out targets a player may set, in hundredths: 1.01x to 10000x. */
export const CRASH_MIN_TARGET = 101;
export const CRASH_MAX_TARGET = 1_000_000;

const TWO_52 = 2n ** 52n;
const HASH = /^[0-9a-f]{64}$/;

export function isValidHash(hashHex: string): boolean {
  return HASH.test(hashHex);
}

/** The next hash of a chain: sha256 of the previous hash as text, hex (as Bustabit does). */
export function nextChainHash(hashHex: string): string {
  return bytesToHex(sha256(utf8ToBytes(hashHex)));
}

/** [seed, sha256(seed), ...] of `length` hashes; rounds play it from the end backwards. */
export function generateChain(seedHex: string, length: number): string[] {
  if (!isValidHash(seedHex)) throw new RangeError('chain seed must be 64 hex characters');
  const chain = [seedHex];
  while (chain.length < length) chain.push(nextChainHash(chain[chain.length - 1] as string));
  return chain;
}

/**
 * Whether `hashHex` belongs to the chain that ends in `terminatingHash` within `maxSteps`
 * hashings; returns the number of steps (the round's distance from the end), or null.
 */
export function verifyChain(hashHex: string, terminatingHash: string, maxSteps: number): number | null {
  if (!isValidHash(hashHex) || !isValidHash(terminatingHash)) return null;
  let current = hashHex;
  for (let steps = 0; steps <= maxSteps; steps += 1) {
    if (current === terminatingHash) return steps;
    current = nextChainHash(current);
  }
  return null;
}

/** The top 52 bits of HMAC_SHA256(key = hash bytes as text, message = salt). */
export function top52FromHash(hashHex: string, salt: string): bigint {
  const digest = bytesToHex(hmac(sha256, utf8ToBytes(hashHex), utf8ToBytes(salt)));
  return BigInt(`0x${digest.slice(0, 13)}`);
}

/** Crash point in hundredths from 52 uniform bits: max(100, floor(rtp*100 * 2^52 / (2^52 - r))). */
export function crashPointFromBits(r: bigint, rtpHundredths = 97n): number {
  const point = (rtpHundredths * TWO_52) / (TWO_52 - r);
  return point < 100n ? 100 : Number(point);
}

/** The round's crash point, in hundredths (235 = 2.35x), exact in integers. */
export function crashPointFromHash(hashHex: string, salt: string, rtp = 0.97): number {
  return crashPointFromBits(top52FromHash(hashHex, salt), BigInt(Math.round(rtp * 100)));
}

/** For simulations: a crash point from a float source (r = 52 bits built from two floats). */
export function crashPointFromSource(source: FloatSource): number {
  const high = BigInt(Math.floor(source() * 2 ** 26));
  const low = BigInt(Math.floor(source() * 2 ** 26));
  return crashPointFromBits((high << 26n) | low);
}

/** P(crash >= target) for a target in hundredths, exact: floor(97 * 2^52 / target) / 2^52. */
export function crashSurvival(targetHundredths: number): number {
  if (targetHundredths <= 100) return 1;
  const count = (97n * TWO_52) / BigInt(targetHundredths);
  return Number(count < TWO_52 ? count : TWO_52) / 2 ** 52;
}

/** The rising multiplier after `ms` of flight, in hundredths, floored (100 at 0 ms). */
export function multiplierAt(ms: number): number {
  if (ms <= 0) return 100;
  return Math.max(100, Math.floor(100 * Math.exp(CRASH_GROWTH * ms)));
}

/** The first whole millisecond at which the curve reaches `hundredths` (the inverse of multiplierAt). */
export function msForMultiplier(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(hundredths / 100) / CRASH_GROWTH) - 1);
  while (multiplierAt(ms) < hundredths) ms += 1;
  return ms;
}

export function isValidAutoCashout(hundredths: number): boolean {
  return Number.isInteger(hundredths) && hundredths >= CRASH_MIN_TARGET && hundredths <= CRASH_MAX_TARGET;
}

/** What a cash-out at `cashoutHundredths` returns, stake included: floor(bet * m / 100). */
export function crashPayout(betCentavos: number, cashoutHundredths: number): Centavos {
  return payout(betCentavos, fromHundredths(cashoutHundredths));
}

/** Outcome of one bet with an auto cash-out target (what a round does for a player who never clicks). */
export function crashBetReturns(betCentavos: number, crashPoint: number, targetHundredths: number): Centavos {
  return crashPoint >= targetHundredths ? crashPayout(betCentavos, targetHundredths) : (0 as Centavos);
}
