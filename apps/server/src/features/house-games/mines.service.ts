import { formatMultiplier } from '@casino/games/exact';
import { hmacFloats } from '@casino/games/fair';
import * as mines from '@casino/games/mines';
import { type Centavos, centavos, formatCentavos } from '@casino/shared/money';
import type { MinesRoundView } from '@casino/shared/schemas/house-games';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { GameRound } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { findPairById, reserveNonce } from '../fair/fair.repository.ts';
import { credit, debit, settleLost } from '../wallet/wallet.service.ts';
import {
  checkStake,
  type HouseGame,
  inGameTransaction,
  loadHouseGame,
  newRoundUid,
  notifyBalance,
  playableGame,
  roundRefOf,
} from './house-game.ts';
import { cashBalance, findRoundById, latestRound, lockOpenRound, updateOpenRoundState } from './house.repository.ts';

/**
 * Mines: the board is drawn from the seed pair and nonce when the round starts, but only the
 * revealed tiles are stored while it is in play; the mine positions are recomputed from the seeds
 * on every reveal and written (and shown) only once the round has ended. One open board per
 * member; it survives a closed tab (minesActive resumes it) and never loses its stake by itself.
 */

/** What outcome_json holds for a mines round. */
interface StoredMines {
  game: 'mines';
  params: { mines: number };
  revealed: number[];
  status: mines.MinesState['status'];
  /** Only once the round has ended. */
  mine_positions?: number[];
  multiplier?: string;
  bet_centavos: number;
  win_centavos?: number;
}

function readState(round: Pick<GameRound, 'outcome_json'>): StoredMines {
  if (!round.outcome_json) throw new Error('mines round without a stored state');
  return JSON.parse(round.outcome_json) as StoredMines;
}

/** The board of a round, recomputed from its seed pair and nonce (server only). */
async function boardOf(db: Database, round: GameRound, stored: StoredMines): Promise<number[]> {
  if (round.seed_id === null || round.nonce === null) throw new Error(`mines round ${round.id} has no seed`);
  const pair = await findPairById(db, round.seed_id);
  if (!pair) throw new Error(`mines round ${round.id}: seed pair ${round.seed_id} missing`);
  return mines.minePositions(
    hmacFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: round.nonce }),
    stored.params.mines,
  );
}

async function proofOf(db: Database, round: GameRound) {
  const pair = round.seed_id === null ? undefined : await findPairById(db, round.seed_id);
  return { server_seed_hash: pair?.server_seed_hash ?? '', client_seed: pair?.client_seed ?? '', nonce: round.nonce ?? 0 };
}

function toView(round: GameRound, stored: StoredMines, proof: Awaited<ReturnType<typeof proofOf>>): MinesRoundView {
  const count = stored.params.mines;
  const revealedCount = stored.revealed.length;
  const playing = stored.status === 'playing';
  const current =
    stored.status === 'busted'
      ? '0.0000'
      : formatMultiplier(mines.minesMultiplier(count, Math.min(revealedCount, mines.maxReveals(count))), 4);
  const next =
    playing && revealedCount < mines.maxReveals(count) ? formatMultiplier(mines.minesMultiplier(count, revealedCount + 1), 4) : null;
  return {
    round_id: round.id,
    status: stored.status,
    mines: count,
    amount: formatCentavos(round.bet_centavos),
    revealed: stored.revealed,
    multiplier: current,
    next_multiplier: next,
    win: formatCentavos(stored.win_centavos ?? 0),
    mine_positions: playing ? null : (stored.mine_positions ?? null),
    created_at: round.created_at,
    ...proof,
  };
}

/** POST API.house.minesStart: takes the stake and opens a board (one open board per member). */
export async function startMines(ctx: AppContext, memberId: number, input: { amount: Centavos; mines: number }) {
  const game = await playableGame(ctx, 'mines');
  if (!mines.isValidMinesCount(input.mines)) throw fieldError('VALIDATION_FAILED', 'mines', 'games.mines_count_invalid');
  checkStake(game, input.amount);
  const roundUid = newRoundUid(game.code);
  const ref = roundRefOf(game, memberId, roundUid);
  const stored: StoredMines = {
    game: 'mines',
    params: { mines: input.mines },
    revealed: [],
    status: 'playing',
    bet_centavos: input.amount,
  };
  const answer = await inGameTransaction(ctx, async (trx) => {
    // The nonce update locks the member's seed pair first, so two starts at once queue here and
    // the second one sees the first's open board.
    const seed = await reserveNonce(trx, memberId);
    if (await lockOpenRound(trx, ctx.dialect, memberId, game.id)) throw new AppError('ROUND_IN_PROGRESS');
    const bet = await debit(trx, ref, {
      txId: `${roundUid}:bet`,
      amountCentavos: input.amount,
      outcome: stored,
      seedId: seed.seedId,
      nonce: seed.nonce,
    });
    const round = await findRoundById(trx, bet.roundId);
    return {
      round: toView(round, stored, { server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce: seed.nonce }),
      balance: formatCentavos(bet.balanceCentavos),
    };
  });
  await notifyBalance(ctx, memberId);
  return answer;
}

/** A board in play may be finished even if the game was switched off meanwhile (new ones may not start). */
async function knownGame(ctx: AppContext): Promise<HouseGame> {
  const game = await loadHouseGame(ctx, 'mines');
  if (!game) throw new AppError('GAME_NOT_FOUND');
  return game;
}

/** Why a member has no open board to act on: their last one ended (how), or there is none. */
async function noOpenRound(
  ctx: AppContext,
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

async function loadOpen(trx: Database, ctx: AppContext, memberId: number, game: HouseGame, roundId: number | undefined) {
  const round = await lockOpenRound(trx, ctx.dialect, memberId, game.id, roundId);
  return round ? { round, stored: readState(round) } : undefined;
}

/** Settles a board as won at its current multiplier (a cash-out, or the last safe tile). */
async function payOut(trx: Database, game: HouseGame, memberId: number, round: GameRound, state: mines.MinesState, board: number[]) {
  const cashed: mines.MinesState = { ...state, status: 'cashed_out' };
  const winCentavos = mines.minesPayout(round.bet_centavos, cashed);
  const final: StoredMines = {
    game: 'mines',
    params: { mines: state.mines },
    revealed: state.revealed,
    status: 'cashed_out',
    mine_positions: board,
    multiplier: formatMultiplier(mines.minesMultiplier(state.mines, state.revealed.length), 4),
    bet_centavos: round.bet_centavos,
    win_centavos: winCentavos,
  };
  const paid = await credit(trx, roundRefOf(game, memberId, round.round_uid), {
    txId: `${round.round_uid}:win`,
    amountCentavos: centavos(winCentavos),
    outcome: final,
  });
  if (paid.replayed) throw new AppError('ALREADY_CASHED_OUT');
  return { final, balance: paid.balanceCentavos, settled: { ...round, status: 'settled', win_centavos: winCentavos } as GameRound };
}

/** POST API.house.minesReveal: a safe tile raises the multiplier; a mine ends the round lost. */
export async function revealMines(ctx: AppContext, memberId: number, input: { tile: number; round_id?: number | undefined }) {
  const game = await knownGame(ctx);
  if (!mines.isValidTile(input.tile)) throw fieldError('TILE_INVALID', 'tile');
  const result = await inGameTransaction(
    ctx,
    async (trx) => {
      const open = await loadOpen(trx, ctx, memberId, game, input.round_id);
      if (!open) return undefined;
      const { round, stored } = open;
      const board = await boardOf(trx, round, stored);
      const state: mines.MinesState = { mines: stored.params.mines, minePositions: board, revealed: stored.revealed, status: 'playing' };
      const step = mines.reveal(state, input.tile);
      if (!step.ok) {
        if (step.reason === 'round_finished') throw new AppError('ROUND_FINISHED');
        throw fieldError('TILE_INVALID', 'tile');
      }
      const proof = await proofOf(trx, round);
      if (!step.safe) {
        const final: StoredMines = {
          ...stored,
          revealed: step.state.revealed,
          status: 'busted',
          mine_positions: board,
          multiplier: '0.0000',
          win_centavos: 0,
        };
        if (!(await settleLost(trx, roundRefOf(game, memberId, round.round_uid), final))) throw new AppError('ROUND_FINISHED');
        return { view: toView({ ...round, status: 'settled' }, final, proof), safe: false, balance: await cashBalance(trx, memberId) };
      }
      if (step.state.status === 'cashed_out') {
        // The last safe tile: the board is cleared and pays out by itself.
        const paid = await payOut(trx, game, memberId, round, step.state, board);
        return { view: toView(paid.settled, paid.final, proof), safe: true, balance: paid.balance };
      }
      const next: StoredMines = { ...stored, revealed: step.state.revealed };
      if (!(await updateOpenRoundState(trx, round.id, round.outcome_json, JSON.stringify(next)))) throw new AppError('ROUND_FINISHED');
      return { view: toView(round, next, proof), safe: true, balance: await cashBalance(trx, memberId) };
    },
    'tile',
  );
  if (!result) return noOpenRound(ctx, memberId, game, input.round_id, false);
  if (result.view.status !== 'playing') await notifyBalance(ctx, memberId);
  return { round: result.view, tile: input.tile, safe: result.safe, balance: formatCentavos(result.balance) };
}

/** POST API.house.minesCashout: pays the current multiplier once; a second cash-out is refused. */
export async function cashOutMines(ctx: AppContext, memberId: number, input: { round_id?: number | undefined }) {
  const game = await knownGame(ctx);
  const result = await inGameTransaction(ctx, async (trx) => {
    const open = await loadOpen(trx, ctx, memberId, game, input.round_id);
    if (!open) return undefined;
    const { round, stored } = open;
    const board = await boardOf(trx, round, stored);
    const state: mines.MinesState = { mines: stored.params.mines, minePositions: board, revealed: stored.revealed, status: 'playing' };
    if (!mines.canCashOut(state)) throw new AppError('CASHOUT_TOO_EARLY');
    const paid = await payOut(trx, game, memberId, round, state, board);
    return { view: toView(paid.settled, paid.final, await proofOf(trx, round)), balance: paid.balance };
  });
  if (!result) return noOpenRound(ctx, memberId, game, input.round_id, true);
  await notifyBalance(ctx, memberId);
  return { round: result.view, balance: formatCentavos(result.balance) };
}

/** GET API.house.minesActive: the member's open board (after a closed tab), or null. */
export async function activeMines(ctx: AppContext, memberId: number) {
  const game = await loadHouseGame(ctx, 'mines');
  if (!game) return { round: null };
  const round = await latestRound(ctx.db, memberId, game.id);
  if (round?.status !== 'open') return { round: null };
  return { round: toView(round, readState(round), await proofOf(ctx.db, round)) };
}
