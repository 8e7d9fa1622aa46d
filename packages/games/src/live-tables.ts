/**
 * The live tables (shared rounds on a hash chain, like double): live roulette and live Bac Bo.
 * Each round's result comes from the round's chain hash and the chain's salt exactly as double's
 * roll does (chain.ts, crash.ts top52FromHash):
 *
 *   digest   HMAC-SHA256(key = round hash as 64 hex characters ASCII, message = salt ASCII), in hex
 *   r_k      the k-th group of 13 hex characters of the digest (k = 0, 1, 2, 3), as an integer < 2^52
 *   roulette number = floor(37 * r_0 / 2^52), 0..36 (single-zero European wheel, roulette.ts)
 *   bac bo   die_k = 1 + floor(6 * r_k / 2^52) for k = 0..3: Player die 1, Player die 2,
 *            Banker die 1, Banker die 2 (bacbo.ts decides the winner and the payouts)
 *
 * A Bac Bo round is stored as one integer: 1000 * P1 + 100 * P2 + 10 * B1 + B2 (e.g. 6243).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { type BacboOutcome, outcomeOf } from './bacbo.ts';
import { coveredNumbers, ROULETTE_PAYOUTS, ROULETTE_POCKETS, type RouletteBet, type RouletteBetType, rouletteBetWins } from './roulette.ts';

const TWO_52 = 2n ** 52n;

/** The four 52-bit integers of a round's HMAC digest. */
export function liveChunksFromHash(hashHex: string, salt: string): bigint[] {
  const digest = bytesToHex(hmac(sha256, utf8ToBytes(hashHex), utf8ToBytes(salt)));
  return [0, 1, 2, 3].map((k) => BigInt(`0x${digest.slice(13 * k, 13 * k + 13)}`));
}

/** floor(n * r / 2^52): a uniform integer 0..n-1 from 52 bits. */
function scaled(r: bigint, n: number): number {
  return Number((r * BigInt(n)) / TWO_52);
}

/** The live roulette round's number, 0..36. */
export function liveRouletteNumberFromHash(hashHex: string, salt: string): number {
  return scaled(liveChunksFromHash(hashHex, salt)[0] as bigint, ROULETTE_POCKETS);
}

/** The four dice of a live Bac Bo round: [P1, P2, B1, B2], each 1..6. */
export function liveBacboDiceFromHash(hashHex: string, salt: string): [number, number, number, number] {
  const [a, b, c, d] = liveChunksFromHash(hashHex, salt).map((r) => 1 + scaled(r, 6)) as [number, number, number, number];
  return [a, b, c, d];
}

/** The stored integer of a Bac Bo round (1000 * P1 + 100 * P2 + 10 * B1 + B2). */
export function encodeBacboDice(dice: readonly [number, number, number, number]): number {
  return dice[0] * 1000 + dice[1] * 100 + dice[2] * 10 + dice[3];
}

export function decodeBacboDice(result: number): [number, number, number, number] {
  return [Math.floor(result / 1000) % 10, Math.floor(result / 100) % 10, Math.floor(result / 10) % 10, result % 10];
}

/** The Bac Bo outcome of a stored round result. */
export function bacboOutcomeOfResult(result: number): BacboOutcome {
  const [p1, p2, b1, b2] = decodeBacboDice(result);
  return outcomeOf([p1, p2], [b1, b2]);
}

/** The stored result of a live Bac Bo round from its hash and salt. */
export function liveBacboResultFromHash(hashHex: string, salt: string): number {
  return encodeBacboDice(liveBacboDiceFromHash(hashHex, salt));
}

// ---- live roulette spots ----------------------------------------------------------------------

const LISTED = new Set(['straight', 'split', 'street']);

/**
 * The spot of a (valid) bet as a live round stores it (16 characters at most): the type, then
 * the numbers for straight, split and street, the first number for corner and line ("corner:0"
 * is 0-1-2-3), the index for dozen and column, nothing for the even-money bets.
 */
export function spotOf(bet: RouletteBet): string {
  const numbers = coveredNumbers(bet);
  if (LISTED.has(bet.type)) return `${bet.type}:${numbers.join('-')}`;
  if (bet.type === 'corner' || bet.type === 'line') return `${bet.type}:${numbers[0]}`;
  if (bet.type === 'dozen' || bet.type === 'column') return `${bet.type}:${bet.index}`;
  return bet.type;
}

/** The bet a stored spot names. */
export function betOfSpot(spot: string): RouletteBet {
  const [type, rest] = spot.split(':') as [RouletteBetType, string | undefined];
  if (rest === undefined) return { type };
  if (type === 'dozen' || type === 'column') return { type, index: Number(rest) };
  const first = Number(rest.split('-')[0]);
  if (type === 'corner') return { type, numbers: first === 0 ? [0, 1, 2, 3] : [first, first + 1, first + 3, first + 4] };
  if (type === 'line') return { type, numbers: [0, 1, 2, 3, 4, 5].map((k) => first + k) };
  return { type, numbers: rest.split('-').map(Number) };
}

/** What a spot returns when `n` comes up (stake included): stake * (payout + 1) or 0. */
export function spotReturn(spot: string, stakeCentavos: number, n: number): number {
  const bet = betOfSpot(spot);
  return rouletteBetWins(bet, n) ? stakeCentavos * (ROULETTE_PAYOUTS[bet.type] + 1) : 0;
}
