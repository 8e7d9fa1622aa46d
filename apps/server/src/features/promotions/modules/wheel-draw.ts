import { formatCentavos } from '@casino/shared/money';
import type { WheelPrize } from '@casino/shared/schemas/promotions';
import { hmacFloats, type Seeds } from '@casino/games/fair';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { reserveNonce } from '../../fair/fair.repository.ts';

/**
 * The draws of the daily wheel, the lottery wheel and the mystery bonus. They use the member's
 * provably-fair seed pair exactly like a house game round: a nonce is reserved inside the claim's
 * transaction, the first float of HMAC(server seed, client seed:nonce) picks a prize by weight, and
 * the proof (seed id, hash, client seed, nonce) is stored with the bonus so that, once the member
 * rotates the pair and the server seed is revealed, anyone can recompute the prize.
 */

/** Above this total weight `float x total` would no longer be an exact integer product. */
export const MAX_TOTAL_WEIGHT = 1_000_000;

/** One segment of a prize table: what it pays and how often relative to the others. */
export const weightedPrizeSchema = z.object({
  reward_centavos: z.number().int().min(1).max(100_000_000),
  weight: z.number().int().min(1).max(MAX_TOTAL_WEIGHT),
  icon: z.string().max(500).nullable().default(null),
});
export type WeightedPrize = z.infer<typeof weightedPrizeSchema>;

/** A prize table as operators write it: 1 to 24 segments, every prize above zero. */
export const prizeTableSchema = z
  .array(weightedPrizeSchema)
  .min(1)
  .max(24)
  .refine((table) => totalWeight(table) <= MAX_TOTAL_WEIGHT, { error: 'validation.prize_weights_too_large' });

function totalWeight(table: readonly { weight: number }[]): number {
  return table.reduce((sum, prize) => sum + prize.weight, 0);
}

/**
 * The index whose weight band holds `float` (in [0, 1)): band i covers weights
 * [w0 + ... + w(i-1), w0 + ... + wi) of the total. Pure, so the verify page and tests recompute it.
 */
export function pickWeighted(weights: readonly number[], float: number): number {
  if (weights.length === 0) throw new Error('pickWeighted needs at least one weight');
  if (!(float >= 0 && float < 1)) throw new Error(`float out of [0, 1): ${float}`);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const target = Math.floor(float * total);
  let upper = 0;
  for (const [index, weight] of weights.entries()) {
    upper += weight;
    if (target < upper) return index;
  }
  return weights.length - 1;
}

/** What a draw stores in the bonus detail so it can be verified after the seed is revealed. */
export interface DrawProof {
  seed_id: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  /** The float the pick used (the first of the nonce). */
  float: number;
  index: number;
}

/** Recomputes a draw from its seeds: the same code the claim runs, for verification. */
export function replayDraw(seeds: Seeds, weights: readonly number[]): { float: number; index: number } {
  const float = hmacFloats(seeds)();
  return { float, index: pickWeighted(weights, float) };
}

/**
 * Draws one prize of `table` for the member inside the claim's transaction: reserves the next
 * nonce of the member's active seed pair (a refused claim rolls the nonce back with everything
 * else) and answers the prize with its proof.
 */
export async function drawPrize(
  trx: Database,
  memberId: number,
  table: readonly WeightedPrize[],
): Promise<{ prize: WeightedPrize; proof: DrawProof }> {
  const seed = await reserveNonce(trx, memberId);
  const drawn = replayDraw(
    { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce },
    table.map((prize) => prize.weight),
  );
  const prize = table[drawn.index];
  if (!prize) throw new Error(`draw index ${drawn.index} outside a table of ${table.length}`);
  return {
    prize,
    proof: {
      seed_id: seed.seedId,
      server_seed_hash: seed.serverSeedHash,
      client_seed: seed.clientSeed,
      nonce: seed.nonce,
      float: drawn.float,
      index: drawn.index,
    },
  };
}

/** The table as the player sees it (segments in order; weights stay server-side). */
export function toWheelPrizes(table: readonly WeightedPrize[]): WheelPrize[] {
  return table.map((prize, index) => ({ index, reward: formatCentavos(prize.reward_centavos), icon: prize.icon }));
}

/** The largest prize of a table (a wheel's check shows it as its reward). */
export function topPrizeCentavos(table: readonly WeightedPrize[]): number {
  return table.reduce((max, prize) => Math.max(max, prize.reward_centavos), 0);
}

/** The smallest prize of a table (the mystery bonus shows its range). */
export function lowestPrizeCentavos(table: readonly WeightedPrize[]): number {
  return table.reduce((min, prize) => Math.min(min, prize.reward_centavos), Number.POSITIVE_INFINITY);
}

/** Builds a table from [centavos, weight] pairs (module defaults read shorter this way). */
export function prizeTable(entries: readonly [rewardCentavos: number, weight: number][]): WeightedPrize[] {
  return entries.map(([reward_centavos, weight]) => ({ reward_centavos, weight, icon: null }));
}
