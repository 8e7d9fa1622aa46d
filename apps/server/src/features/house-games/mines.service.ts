import { formatMultiplier } from '@casino/games/exact';
import * as mines from '@casino/games/mines';
import { type Centavos, formatCentavos } from '@casino/shared/money';
import type { MinesRoundView } from '@casino/shared/schemas/house-games';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { GameRound } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { checkStake, type HouseGame, inGameTransaction, newRoundUid, notifyBalance, playableGame } from './house-game.ts';
import { cashBalance } from './house.repository.ts';
import {
  activeRound,
  finishRound,
  knownGame,
  loadOpenRound,
  noOpenRound,
  openRound,
  type Proof,
  proofOf,
  readStored,
  roundSeeds,
  saveRoundState,
} from './open-round.ts';

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

const readState = (round: Pick<GameRound, 'outcome_json'>) => readStored<StoredMines>(round, 'mines');

/** The board of a round, recomputed from its seed pair and nonce (server only). */
async function boardOf(db: Database, round: GameRound, stored: StoredMines): Promise<number[]> {
  const { source } = await roundSeeds(db, round, 'mines');
  return mines.minePositions(source, stored.params.mines);
}

function toView(round: GameRound, stored: StoredMines, proof: Proof): MinesRoundView {
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
  const stored: StoredMines = {
    game: 'mines',
    params: { mines: input.mines },
    revealed: [],
    status: 'playing',
    bet_centavos: input.amount,
  };
  const answer = await inGameTransaction(ctx, async (trx) => {
    const opened = await openRound(trx, ctx, game, memberId, { roundUid: newRoundUid(game.code), amount: input.amount }, () => ({
      stored,
    }));
    return { round: toView(opened.round, stored, opened.proof), balance: formatCentavos(opened.balance) };
  });
  await notifyBalance(ctx, memberId);
  return answer;
}

async function loadOpen(trx: Database, ctx: AppContext, memberId: number, game: HouseGame, roundId: number | undefined) {
  const round = await loadOpenRound(trx, ctx, memberId, game, roundId);
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
  const paid = await finishRound(trx, game, memberId, round, final, winCentavos, 'ALREADY_CASHED_OUT');
  return { final, ...paid };
}

/** POST API.house.minesReveal: a safe tile raises the multiplier; a mine ends the round lost. */
export async function revealMines(ctx: AppContext, memberId: number, input: { tile: number; round_id?: number | undefined }) {
  const game = await knownGame(ctx, 'mines');
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
        const lost = await finishRound(trx, game, memberId, round, final, 0);
        return { view: toView(lost.settled, final, proof), safe: false, balance: lost.balance };
      }
      if (step.state.status === 'cashed_out') {
        // The last safe tile: the board is cleared and pays out by itself.
        const paid = await payOut(trx, game, memberId, round, step.state, board);
        return { view: toView(paid.settled, paid.final, proof), safe: true, balance: paid.balance };
      }
      const next: StoredMines = { ...stored, revealed: step.state.revealed };
      await saveRoundState(trx, round, next);
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
  const game = await knownGame(ctx, 'mines');
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
  const round = await activeRound(ctx, memberId, 'mines');
  if (!round) return { round: null };
  return { round: toView(round, readState(round), await proofOf(ctx.db, round)) };
}
