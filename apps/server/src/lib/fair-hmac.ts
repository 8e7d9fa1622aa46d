import { createHmac } from 'node:crypto';
import { type FloatSource, type HmacDigest, hmacFloats, type Seeds } from '@casino/games/fair';

/**
 * The fair draw's HMAC-SHA256 through Node's crypto (OpenSSL): the same bytes as packages/games'
 * JavaScript HMAC, which the verify page runs in the browser (fair-hmac.test.ts compares them),
 * at a fraction of its cost on the bet path (3% of a dice bet's server time, bench/bets.bench.ts).
 */
export const nodeHmac: HmacDigest = (seeds, round) =>
  createHmac('sha256', seeds.serverSeed).update(`${seeds.clientSeed}:${seeds.nonce}:${round}`).digest();

/** The floats of one bet (packages/games hmacFloats), drawn with Node's HMAC. */
export function serverFloats(seeds: Seeds): FloatSource {
  return hmacFloats(seeds, nodeHmac);
}
