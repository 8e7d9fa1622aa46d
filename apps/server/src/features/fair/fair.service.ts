import { isValidClientSeed, randomClientSeed } from '@casino/games/fair';
import {
  FAIR_CHAIN_GAMES,
  type FairChain,
  type FairChainGame,
  type FairChainsView,
  type FairSeedsView,
} from '@casino/shared/schemas/house-games';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { beaconInfo, configuredBeaconName } from '../house-games/shared/beacon.ts';
import { type PublicChainRow, publicChains } from '../house-games/shared/shared-rounds.repository.ts';
import * as repo from './fair.repository.ts';

/**
 * Provably-fair seed pairs (DESIGN.md section 5): the member sees sha256(server seed) before
 * playing, sets the client seed, and rotates the pair to reveal the server seed, after which every
 * round it drew can be replayed in the browser with packages/games.
 */

const HISTORY_LIMIT = 20;

function toActive(row: { server_seed_hash: string; client_seed: string; nonce: number }) {
  return { server_seed_hash: row.server_seed_hash, client_seed: row.client_seed, nonce: Number(row.nonce) };
}

function toRevealed(row: NonNullable<Awaited<ReturnType<typeof repo.findPairById>>>) {
  return {
    id: row.id,
    server_seed: row.server_seed,
    server_seed_hash: row.server_seed_hash,
    client_seed: row.client_seed,
    nonce: Number(row.nonce),
    created_at: row.created_at,
    revealed_at: row.revealed_at ?? row.created_at,
  };
}

/** GET API.fair.seeds: the active pair (opened on first look, so the commitment precedes play). */
export async function fairSeeds(ctx: AppContext, memberId: number): Promise<FairSeedsView> {
  let active = await repo.findActivePair(ctx.db, memberId);
  if (!active) {
    await repo.ensureActivePair(ctx.db, memberId);
    active = await repo.findActivePair(ctx.db, memberId);
  }
  if (!active) throw new Error(`member ${memberId} has no active seed pair`);
  const history = await repo.revealedPairs(ctx.db, memberId, HISTORY_LIMIT);
  return { active: toActive(active), history: history.map(toRevealed) };
}

/**
 * POST API.fair.rotate: reveals the active server seed and opens a new pair with the given (or a
 * random) client seed. Refused while a round of the active pair is open (a mines board in play):
 * revealing the seed would show where its mines are.
 */
export async function rotateSeeds(ctx: AppContext, memberId: number, clientSeed: string | undefined) {
  const nextClientSeed = clientSeed ?? randomClientSeed();
  if (!isValidClientSeed(nextClientSeed)) throw fieldError('SEED_INVALID', 'client_seed');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    // The update locks the pair first, so a bet in flight on it finishes before we look.
    const revealed = await repo.revealActivePair(trx, memberId, now);
    if (revealed && (await repo.hasOpenRoundOnPair(trx, revealed.id))) throw new AppError('ROUND_IN_PROGRESS');
    await repo.ensureActivePair(trx, memberId, nextClientSeed);
    const active = await repo.findActivePair(trx, memberId);
    if (!active) throw new Error(`member ${memberId} has no active seed pair after rotation`);
    return { revealed: revealed ? toRevealed(revealed) : null, active: toActive(active) };
  });
  return result;
}

// ---- the shared rounds' chains ---------------------------------------------------------------

const CHAINS_PER_GAME = 10;

function toPublicChain(row: PublicChainRow, game: FairChainGame): FairChain {
  const info = row.beacon === null ? null : beaconInfo(row.beacon);
  const round = row.beacon_round;
  const salted = row.salted_at !== null;
  return {
    id: row.id,
    game,
    status: row.status,
    length: row.length,
    rounds_played: row.next_index,
    terminating_hash: row.terminating_hash,
    committed_at: row.created_at,
    salt: salted ? row.salt : null,
    salted_at: row.salted_at,
    beacon:
      info && round !== null
        ? {
            name: info.name,
            sandbox: info.sandbox,
            round,
            round_time: new Date(info.roundTime(round)).toISOString(),
            url: info.roundUrl(round),
          }
        : null,
  };
}

/**
 * GET API.fair.chains (public): every game's recent chains, with what a player needs to check
 * them: the terminating hash and when it was published, the beacon round that salts the chain
 * (always emitted after the publication) and its value. Never the chain's seed.
 */
export async function chainsView(ctx: Pick<AppContext, 'db' | 'config'>): Promise<FairChainsView> {
  const perGame = await Promise.all(FAIR_CHAIN_GAMES.map((game) => publicChains(ctx.db, game, CHAINS_PER_GAME)));
  const name = configuredBeaconName(ctx.config.FAIRNESS_BEACON);
  return {
    beacon: { name, sandbox: beaconInfo(name)?.sandbox ?? true },
    chains: FAIR_CHAIN_GAMES.flatMap((game, i) => (perGame[i] ?? []).map((row) => toPublicChain(row, game))),
  };
}
