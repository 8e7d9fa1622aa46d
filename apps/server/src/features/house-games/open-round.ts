import type { FloatSource } from '@casino/games/fair';
import type { ErrorCode } from '@casino/shared/errors';
import { type Centavos, centavos } from '@casino/shared/money';
import type { HouseGameCode } from '@casino/shared/schemas/games';
import { serverFloats } from '../../lib/fair-hmac.ts';
import type { Database } from '../../db/database.ts';
import type { GameRound } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { findPairById, type ReservedSeed, reserveNonce } from '../fair/fair.repository.ts';
import { credit, debit, settleLost } from '../wallet/wallet.service.ts';
import { type GameContext, type HouseGame, loadHouseGame, roundRefOf } from './house-game.ts';
import { cashBalance, findRoundById, latestRound, lockOpenRound, updateOpenRoundState } from './house.repository.ts';

/**
 * The mechanics every stateful house game shares (mines, Hi-Lo, video poker, blackjack): one open
 * round per member and game in game_rounds, its state in outcome_json, the stake debited when it
 * opens and the win credited (or the round closed lost) when it ends, through the wallet core.
 * Each game keeps its own state, rules and view; this module only opens, loads, saves and ends.
 */

/** What every round view carries so the player can check it: the seed pair's hash, client seed and nonce. */
export type Proof = { server_seed_hash: string; client_seed: string; nonce: number };

/** The proof of a round from its stored seed pair (empty fields if the pair is gone). */
export async function proofOf(db: Database, round: GameRound): Promise<Proof> {
  const pair = round.seed_id === null ? undefined : await findPairById(db, round.seed_id);
  return { server_seed_hash: pair?.server_seed_hash ?? '', client_seed: pair?.client_seed ?? '', nonce: round.nonce ?? 0 };
}

/** The proof of a round being opened, from the nonce just reserved. */
export function proofOfSeed(seed: ReservedSeed): Proof {
  return { server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce: seed.nonce };
}

/**
 * A round's byte stream, from its seed pair and nonce (server only while the pair is active), and
 * its proof. `label` names the game in the internal errors.
 */
export async function roundSeeds(db: Database, round: GameRound, label: string): Promise<{ source: FloatSource; proof: Proof }> {
  if (round.seed_id === null || round.nonce === null) throw new Error(`${label} round ${round.id} has no seed`);
  const pair = await findPairById(db, round.seed_id);
  if (!pair) throw new Error(`${label} round ${round.id}: seed pair ${round.seed_id} missing`);
  return {
    source: serverFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: round.nonce }),
    proof: { server_seed_hash: pair.server_seed_hash, client_seed: pair.client_seed, nonce: round.nonce },
  };
}

/** The state a round stores in outcome_json. */
export function readStored<S>(round: Pick<GameRound, 'outcome_json'>, label: string): S {
  if (!round.outcome_json) throw new Error(`${label} round without a stored state`);
  return JSON.parse(round.outcome_json) as S;
}

/**
 * Opens a member's round inside the caller's transaction. The nonce update locks the member's seed
 * pair first, so two starts at once queue here and the second sees the first's open round
 * (ROUND_IN_PROGRESS). `build` makes the first state from the round's byte stream; its `stored` is
 * written with the stake's debit.
 */
export async function openRound<T extends { stored: unknown }>(
  trx: Database,
  ctx: GameContext,
  game: HouseGame,
  memberId: number,
  input: { roundUid: string; amount: Centavos },
  build: (source: FloatSource) => T,
) {
  const seed = await reserveNonce(trx, memberId);
  if (await lockOpenRound(trx, ctx.dialect, memberId, game.id)) throw new AppError('ROUND_IN_PROGRESS');
  const built = build(serverFloats({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce }));
  const bet = await debit(trx, roundRefOf(game, memberId, input.roundUid), {
    txId: `${input.roundUid}:bet`,
    amountCentavos: input.amount,
    outcome: built.stored,
    seedId: seed.seedId,
    nonce: seed.nonce,
  });
  const round = await findRoundById(trx, bet.roundId);
  return { ...built, round, balance: bet.balanceCentavos, proof: proofOfSeed(seed) };
}

/** A game's round in play may be finished even if the game was switched off meanwhile (new ones may not start). */
export async function knownGame(ctx: GameContext, code: HouseGameCode): Promise<HouseGame> {
  const game = await loadHouseGame(ctx, code);
  if (!game) throw new AppError('GAME_NOT_FOUND');
  return game;
}

/** The member's open round of the game (given by id, or the only one), locked for the transaction. */
export async function loadOpenRound(trx: Database, ctx: GameContext, memberId: number, game: HouseGame, roundId?: number) {
  return lockOpenRound(trx, ctx.dialect, memberId, game.id, roundId);
}

/** Why a member has no open round to act on: their last one ended (how), or there is none. */
export async function noOpenRound(
  ctx: GameContext,
  memberId: number,
  game: HouseGame,
  roundId: number | undefined,
  cashingOut: boolean,
): Promise<never> {
  const last = await latestRound(ctx.db, memberId, game.id, roundId);
  if (!last) throw new AppError('ROUND_NOT_FOUND');
  if (cashingOut && last.status === 'settled' && last.win_centavos > 0) throw new AppError('ALREADY_CASHED_OUT');
  throw new AppError('ROUND_FINISHED');
}

/** Writes an open round's next state, only over the state it was read with (else ROUND_FINISHED). */
export async function saveRoundState(trx: Database, round: GameRound, next: unknown): Promise<void> {
  if (!(await updateOpenRoundState(trx, round.id, round.outcome_json, JSON.stringify(next)))) throw new AppError('ROUND_FINISHED');
}

/**
 * Ends an open round with its final state: a win is credited once (its one idempotent id; a replay
 * is refused with `replayed`), no win closes it lost (a round already closed: ROUND_FINISHED).
 * Answers the member's balance and the round as settled.
 */
export async function finishRound(
  trx: Database,
  game: HouseGame,
  memberId: number,
  round: GameRound,
  final: unknown,
  winCentavos: number,
  replayed: ErrorCode = 'ROUND_FINISHED',
): Promise<{ balance: number; settled: GameRound }> {
  const ref = roundRefOf(game, memberId, round.round_uid);
  if (winCentavos > 0) {
    const paid = await credit(trx, ref, { txId: `${round.round_uid}:win`, amountCentavos: centavos(winCentavos), outcome: final });
    if (paid.replayed) throw new AppError(replayed);
    return { balance: paid.balanceCentavos, settled: { ...round, status: 'settled', win_centavos: winCentavos } };
  }
  if (!(await settleLost(trx, ref, final))) throw new AppError('ROUND_FINISHED');
  return { balance: await cashBalance(trx, memberId), settled: { ...round, status: 'settled' } };
}

/** The member's open round of the game (after a closed tab), or undefined: GET .../active. */
export async function activeRound(ctx: GameContext, memberId: number, code: HouseGameCode): Promise<GameRound | undefined> {
  const game = await loadHouseGame(ctx, code);
  if (!game) return undefined;
  const round = await latestRound(ctx.db, memberId, game.id);
  return round?.status === 'open' ? round : undefined;
}
