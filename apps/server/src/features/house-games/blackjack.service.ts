import * as bj from '@casino/games/blackjack';
import { type Card, cardCode } from '@casino/games/cards';
import { type Centavos, centavos, formatCentavos } from '@casino/shared/money';
import type { BlackjackRoundView } from '@casino/shared/schemas/house-blackjack';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { GameRound } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { debit } from '../wallet/wallet.service.ts';
import {
  checkStake,
  type GameContext,
  type HouseGame,
  inGameTransaction,
  loadHouseGame,
  newRoundUid,
  notifyBalance,
  playableGame,
  roundRefOf,
} from './house-game.ts';
import { cashBalance, findRoundById, lockOpenRoundById, staleOpenRounds } from './house.repository.ts';
import {
  activeRound,
  finishRound,
  knownGame,
  loadOpenRound,
  noOpenRound,
  openRound,
  type Proof,
  readStored,
  roundSeeds,
  saveRoundState,
} from './open-round.ts';

/**
 * Blackjack (packages/games/src/blackjack.ts): one open hand per member, like a mines board. The
 * shoe is drawn from the member's seed pair and the round's nonce; only the moves played and the
 * public view (the dealer's hole card hidden) are stored while the hand is in play, and the state
 * is replayed from the seeds and the moves on every call, so the round lookup never shows a card
 * the player has not seen. The first stake is taken at the start; a double, a split and insurance
 * each take their own stake through the wallet (one idempotent id per move, inside the member's
 * responsible-gaming limits like any stake); the round's return is paid when it ends. A hand left
 * open 24 hours is stood by `autoStandBlackjack` (every open hand stands, insurance declined).
 */

/** A hand left open this long is stood by the house. */
export const BLACKJACK_AUTO_STAND_MS = 24 * 60 * 60 * 1000;

type ShownState = Omit<bj.BlackjackState, 'dealer'> & { dealer: (Card | null)[] };

/** What outcome_json holds for a blackjack round. */
interface StoredBlackjack {
  game: 'blackjack';
  bet_centavos: number;
  /** The moves played, in order: with the seeds they replay the round. */
  moves: bj.BlackjackMove[];
  status: 'playing' | 'settled';
  /** While in play the public view (hole card null); once settled the full final state. */
  state: ShownState;
  win_centavos?: number;
  auto_stood?: boolean;
}

const readState = (round: Pick<GameRound, 'outcome_json'>) => readStored<StoredBlackjack>(round, 'blackjack');

/** The round's state, replayed from its seed pair, nonce and moves; the shoe is left where it stopped. */
async function replay(db: Database, round: GameRound, stored: StoredBlackjack) {
  const { source, proof } = await roundSeeds(db, round, 'blackjack');
  let { state, shoe } = bj.startFromSource(stored.bet_centavos, source);
  for (const choice of stored.moves) {
    const next = bj.move(state, choice, shoe);
    if (!next.ok) throw new Error(`blackjack round ${round.id}: stored move ${choice} replays as ${next.reason}`);
    state = next.state;
  }
  return { state, shoe, proof };
}

function stored(betCentavos: number, moves: bj.BlackjackMove[], state: bj.BlackjackState): StoredBlackjack {
  const done = state.phase === 'done';
  return {
    game: 'blackjack',
    bet_centavos: betCentavos,
    moves,
    status: done ? 'settled' : 'playing',
    state: done ? state : bj.publicView(state),
    ...(done ? { win_centavos: bj.blackjackPayout(state) } : {}),
  };
}

function toView(round: GameRound, s: StoredBlackjack, proof: Proof, full?: bj.BlackjackState): BlackjackRoundView {
  const state = s.state;
  const done = state.phase === 'done';
  const shown = state.dealer.filter((c): c is Card => c !== null);
  const dealerTotal = bj.handTotal(shown);
  return {
    round_id: round.id,
    status: done ? 'settled' : 'playing',
    phase: state.phase,
    amount: formatCentavos(s.bet_centavos),
    total_staked: formatCentavos(state.hands.reduce((sum, h) => sum + h.bet, 0) + state.insurance),
    dealer: {
      cards: state.dealer.map((c) => (c === null ? null : cardCode(c))),
      total: dealerTotal.total,
      soft: dealerTotal.soft,
      blackjack: done && state.dealerBlackjack,
    },
    hands: state.hands.map((h) => {
      const total = bj.handTotal(h.cards);
      return {
        cards: h.cards.map(cardCode),
        total: total.total,
        soft: total.soft,
        bet: formatCentavos(h.bet),
        doubled: h.doubled,
        split: h.split,
        split_aces: h.splitAces,
        done: h.done,
        result: h.result,
        win: done ? formatCentavos(bj.handPayout(h)) : null,
      };
    }),
    active: state.active,
    allowed: done || !full ? [] : bj.legalMoves(full),
    insurance: formatCentavos(state.insurance),
    win: formatCentavos(s.win_centavos ?? 0),
    auto_stood: s.auto_stood === true,
    created_at: round.created_at,
    ...proof,
  };
}

/** Settles a finished round: pays its return (or closes it lost) with the final state; answers the balance. */
async function settle(trx: Database, game: HouseGame, memberId: number, round: GameRound, final: StoredBlackjack) {
  return (await finishRound(trx, game, memberId, round, final, final.win_centavos ?? 0)).balance;
}

/** POST API.house.blackjack.start: takes the stake and deals (one open hand per member). */
export async function startBlackjack(ctx: AppContext, memberId: number, input: { amount: Centavos }) {
  const game = await playableGame(ctx, 'blackjack');
  checkStake(game, input.amount);
  const answer = await inGameTransaction(ctx, async (trx) => {
    // Two starts at once queue on the member's seed pair (openRound): one hand opens.
    const opened = await openRound(trx, ctx, game, memberId, { roundUid: newRoundUid(game.code), amount: input.amount }, (source) => {
      const { state } = bj.startFromSource(input.amount, source);
      return { state, stored: stored(input.amount, [], state) };
    });
    let { round, balance } = opened;
    // A blackjack on either side ends the round at the deal.
    if (opened.stored.status === 'settled') {
      balance = await settle(trx, game, memberId, round, opened.stored);
      round = await findRoundById(trx, round.id);
    }
    return { round: toView(round, opened.stored, opened.proof, opened.state), balance: formatCentavos(balance) };
  });
  await notifyBalance(ctx, memberId);
  return answer;
}

function refusal(choice: bj.BlackjackMove, reason: bj.BlackjackError): AppError {
  if (reason === 'round_finished') return new AppError('ROUND_FINISHED');
  if (reason === 'cannot_double') return new AppError('BLACKJACK_CANNOT_DOUBLE');
  if (reason === 'cannot_split') return new AppError('BLACKJACK_CANNOT_SPLIT');
  if (choice === 'insurance' || choice === 'no_insurance') return new AppError('BLACKJACK_NO_INSURANCE');
  return new AppError('BLACKJACK_MOVE_NOT_ALLOWED');
}

/** The extra stake a move takes: a double the hand's stake, a split the first stake, insurance half of it. */
function extraStake(state: bj.BlackjackState, choice: bj.BlackjackMove): number {
  if (choice === 'double') return (state.hands[state.active] as bj.BlackjackHand).bet;
  if (choice === 'split') return state.bet;
  if (choice === 'insurance') return Math.floor(state.bet / 2);
  return 0;
}

/**
 * Plays one move of the member's open hand: hit, stand, double, split, insurance or no_insurance.
 * A move the state does not allow is refused before any money moves.
 */
export async function playBlackjack(ctx: AppContext, memberId: number, choice: bj.BlackjackMove, roundId?: number) {
  const game = await knownGame(ctx, 'blackjack');
  const result = await inGameTransaction(ctx, async (trx) => {
    const round = await loadOpenRound(trx, ctx, memberId, game, roundId);
    if (!round) return undefined;
    const before = readState(round);
    const { state, shoe, proof } = await replay(trx, round, before);
    const step = bj.move(state, choice, shoe);
    if (!step.ok) throw refusal(choice, step.reason);
    const extra = extraStake(state, choice);
    let balance: number | undefined;
    if (extra > 0) {
      // One id per move of the round: a repeat of this very move replays, and is refused here.
      const bet = await debit(trx, roundRefOf(game, memberId, round.round_uid), {
        txId: `${round.round_uid}:${choice}:${before.moves.length}`,
        amountCentavos: centavos(extra),
      });
      if (bet.replayed) throw new AppError('BLACKJACK_MOVE_NOT_ALLOWED');
      balance = bet.balanceCentavos;
    }
    const next = stored(before.bet_centavos, [...before.moves, choice], step.state);
    if (next.status === 'settled') {
      balance = await settle(trx, game, memberId, round, next);
      return { view: toView({ ...round, status: 'settled' }, next, proof, step.state), balance };
    }
    await saveRoundState(trx, round, next);
    return { view: toView(round, next, proof, step.state), balance: balance ?? (await cashBalance(trx, memberId)) };
  });
  if (!result) return noOpenRound(ctx, memberId, game, roundId, false);
  await notifyBalance(ctx, memberId);
  return { round: result.view, balance: formatCentavos(result.balance) };
}

/** GET API.house.blackjack.active: the member's open hand (after a closed tab), or null. */
export async function activeBlackjack(ctx: AppContext, memberId: number) {
  const round = await activeRound(ctx, memberId, 'blackjack');
  if (!round) return { round: null };
  const s = readState(round);
  const { state, proof } = await replay(ctx.db, round, s);
  return { round: toView(round, s, proof, state) };
}

/**
 * The 24-hour rule: every blackjack hand open since before `now - 24 h` is stood (insurance
 * declined) and settled. Any number of processes may run it at once: each round is settled under
 * its row lock (PostgreSQL) or the single writer (SQLite), only while still open, and its win has
 * one idempotent id, so it pays once. Answers how many rounds this call settled.
 */
export async function autoStandBlackjack(ctx: GameContext, now: Date = new Date(), limit = 200): Promise<number> {
  const game = await loadHouseGame(ctx, 'blackjack');
  if (!game) return 0;
  const cutoff = new Date(now.getTime() - BLACKJACK_AUTO_STAND_MS).toISOString();
  const due = await staleOpenRounds(ctx.db, game.id, cutoff, limit);
  let settled = 0;
  for (const { id, member_id: memberId } of due) {
    try {
      const done = await inGameTransaction(ctx, async (trx) => {
        const round = await lockOpenRoundById(trx, ctx.dialect, id);
        if (!round) return false;
        const before = readState(round);
        const { state, shoe } = await replay(trx, round, before);
        const moves = [...before.moves];
        let current = state;
        while (current.phase !== 'done') {
          const choice: bj.BlackjackMove = current.phase === 'insurance' ? 'no_insurance' : 'stand';
          const step = bj.move(current, choice, shoe);
          if (!step.ok) throw new Error(`blackjack round ${id}: auto-stand refused (${step.reason})`);
          moves.push(choice);
          current = step.state;
        }
        const final = { ...stored(before.bet_centavos, moves, current), auto_stood: true };
        await settle(trx, game, memberId, round, final);
        return true;
      });
      if (done) {
        settled += 1;
        await notifyBalance(ctx, memberId);
      }
    } catch (error) {
      // Settled by another process meanwhile: nothing to do.
      if (error instanceof AppError && error.errorCode === 'ROUND_FINISHED') continue;
      ctx.log.error({ err: error, roundId: id }, 'blackjack auto-stand failed');
    }
  }
  return settled;
}
