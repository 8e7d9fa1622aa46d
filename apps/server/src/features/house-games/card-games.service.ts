import { formatMultiplier, multiplier } from '@casino/games/exact';
import { hmacFloats } from '@casino/games/fair';
import * as hilo from '@casino/games/hilo';
import * as vp from '@casino/games/videopoker';
import { type Centavos, centavos, formatCentavos } from '@casino/shared/money';
import type { HiloMoveName, HiloRoundView, VideoPokerRoundView } from '@casino/shared/schemas/house-card-games';
import type { HouseGameCode } from '@casino/shared/schemas/games';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { GameRound } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
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
 * The stateful card games, on the model of mines: one open round per member and game in
 * game_rounds (its state in outcome_json), the stake debited when the round opens and the win
 * credited when it ends, through the wallet core. The cards still to come are never stored nor
 * sent: every move recomputes the round's stream from its seed pair and nonce.
 *
 * Hi-Lo: outcome_json holds the cards shown and the moves; each move replays the stream (card i
 * is the i-th uniform draw of 52) and checks it against what was shown.
 * Video poker: outcome_json holds the five dealt cards; the draw reshuffles the deck from the seeds
 * and takes the replacements from positions 5, 6, ...
 */

type Proof = { server_seed_hash: string; client_seed: string; nonce: number };

async function proofOf(db: Database, round: GameRound): Promise<Proof> {
  const pair = round.seed_id === null ? undefined : await findPairById(db, round.seed_id);
  return { server_seed_hash: pair?.server_seed_hash ?? '', client_seed: pair?.client_seed ?? '', nonce: round.nonce ?? 0 };
}

/** The round's byte stream, from its seed pair and nonce (server only while the pair is active). */
async function streamOf(db: Database, round: GameRound) {
  if (round.seed_id === null || round.nonce === null) throw new Error(`card round ${round.id} has no seed`);
  const pair = await findPairById(db, round.seed_id);
  if (!pair) throw new Error(`card round ${round.id}: seed pair ${round.seed_id} missing`);
  return hmacFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: round.nonce });
}

/** A game's round in play may be finished even if the game was switched off meanwhile. */
async function knownGame(ctx: AppContext, code: HouseGameCode): Promise<HouseGame> {
  const game = await loadHouseGame(ctx, code);
  if (!game) throw new AppError('GAME_NOT_FOUND');
  return game;
}

/** Why there is no open round to act on: the last one ended (how), or there is none. */
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

// ---- Hi-Lo ------------------------------------------------------------------------------------

interface StoredHilo {
  game: 'hi-lo';
  cards: number[];
  moves: HiloMoveName[];
  wins: number[];
  status: hilo.HiloState['status'];
  multiplier?: string;
  bet_centavos: number;
  win_centavos?: number;
}

/** A BigInt ratio floored to 4 decimals: "1.0725". */
export function formatRatio(r: hilo.BigRatio): string {
  const tenThousandths = (r.num * 10_000n) / r.den;
  return `${tenThousandths / 10_000n}.${String(tenThousandths % 10_000n).padStart(4, '0')}`;
}

function readHilo(round: Pick<GameRound, 'outcome_json'>): StoredHilo {
  if (!round.outcome_json) throw new Error('hi-lo round without a stored state');
  return JSON.parse(round.outcome_json) as StoredHilo;
}

const stateOf = (stored: StoredHilo): hilo.HiloState => ({
  cards: stored.cards,
  moves: stored.moves,
  wins: stored.wins,
  status: stored.status,
});

function hiloView(round: GameRound, stored: StoredHilo, proof: Proof): HiloRoundView {
  const state = stateOf(stored);
  const m = hilo.hiloMultiplier(stored.wins);
  const playing = stored.status === 'playing';
  const current = stored.cards[stored.cards.length - 1] as number;
  const option = (guess: hilo.HiloGuess) => {
    const w = hilo.winningRanks((current % 13) + 1, guess);
    const chanceHundredths = Math.floor((w * 10_000) / 13);
    return {
      wins: w,
      chance: `${Math.floor(chanceHundredths / 100)}.${String(chanceHundredths % 100).padStart(2, '0')}`,
      multiplier: w === 0 ? null : formatRatio(hilo.hiloMultiplier([...stored.wins, w])),
    };
  };
  const canCash = hilo.canCashOut(state);
  const cashoutCentavos = canCash ? hilo.hiloPayout(round.bet_centavos, { ...state, status: 'cashed_out' }) : 0;
  return {
    round_id: round.id,
    status: stored.status,
    amount: formatCentavos(round.bet_centavos),
    cards: stored.cards,
    moves: stored.moves,
    multiplier: stored.status === 'lost' ? '0.0000' : formatRatio(m),
    cashout: formatCentavos(cashoutCentavos),
    can_cash_out: canCash,
    options: playing ? { higher: option('higher'), lower: option('lower'), same: option('same') } : null,
    win: formatCentavos(stored.win_centavos ?? 0),
    created_at: round.created_at,
    ...proof,
  };
}

/** The round's state rebuilt from its stream; the stored cards must agree (they were shown). */
async function replayHilo(db: Database, round: GameRound, stored: StoredHilo) {
  const source = await streamOf(db, round);
  const state = hilo.replay(source, stored.moves);
  if (state.cards.join() !== stored.cards.join()) throw new Error(`hi-lo round ${round.id}: stored cards differ from its stream`);
  return { state, source };
}

/** POST API.house.hiloStart: takes the stake and shows the first card (one open round per member). */
export async function startHilo(ctx: AppContext, memberId: number, input: { amount: Centavos }) {
  const game = await playableGame(ctx, 'hi-lo');
  checkStake(game, input.amount);
  const roundUid = newRoundUid(game.code);
  const ref = roundRefOf(game, memberId, roundUid);
  const answer = await inGameTransaction(ctx, async (trx) => {
    const seed = await reserveNonce(trx, memberId);
    if (await lockOpenRound(trx, ctx.dialect, memberId, game.id)) throw new AppError('ROUND_IN_PROGRESS');
    const pair = await findPairById(trx, seed.seedId);
    if (!pair) throw new Error(`seed pair ${seed.seedId} missing`);
    const first = hilo.start(hmacFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: seed.nonce }));
    const stored: StoredHilo = { game: 'hi-lo', cards: first.cards, moves: [], wins: [], status: 'playing', bet_centavos: input.amount };
    const bet = await debit(trx, ref, {
      txId: `${roundUid}:bet`,
      amountCentavos: input.amount,
      outcome: stored,
      seedId: seed.seedId,
      nonce: seed.nonce,
    });
    const round = await findRoundById(trx, bet.roundId);
    return {
      round: hiloView(round, stored, { server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce: seed.nonce }),
      balance: formatCentavos(bet.balanceCentavos),
    };
  });
  await notifyBalance(ctx, memberId);
  return answer;
}

/** Settles a Hi-Lo round as cashed out at its multiplier. */
async function payHilo(trx: Database, game: HouseGame, memberId: number, round: GameRound, state: hilo.HiloState) {
  const cashed: hilo.HiloState = { ...state, status: 'cashed_out' };
  const winCentavos = hilo.hiloPayout(round.bet_centavos, cashed);
  const final: StoredHilo = {
    game: 'hi-lo',
    cards: cashed.cards,
    moves: cashed.moves as HiloMoveName[],
    wins: cashed.wins,
    status: 'cashed_out',
    multiplier: formatRatio(hilo.hiloMultiplier(cashed.wins)),
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

/** POST API.house.hiloGuess: the next card answers the guess (or is skipped). */
export async function guessHilo(ctx: AppContext, memberId: number, input: { guess: HiloMoveName; round_id?: number | undefined }) {
  const game = await knownGame(ctx, 'hi-lo');
  const result = await inGameTransaction(
    ctx,
    async (trx) => {
      const round = await lockOpenRound(trx, ctx.dialect, memberId, game.id, input.round_id);
      if (!round) return undefined;
      const stored = readHilo(round);
      const { state, source } = await replayHilo(trx, round, stored);
      const step = hilo.play(state, input.guess, source);
      if (!step.ok) {
        if (step.reason === 'guess_impossible')
          throw new AppError('HILO_GUESS_IMPOSSIBLE', { fieldErrors: { guess: ['games.hilo_guess_impossible'] } });
        if (step.reason === 'round_finished') throw new AppError('ROUND_FINISHED');
        throw new AppError('VALIDATION_FAILED', { fieldErrors: { guess: ['games.hilo_guess_invalid'] } });
      }
      const proof = await proofOf(trx, round);
      const next = step.state;
      if (next.status === 'lost') {
        const final: StoredHilo = {
          game: 'hi-lo',
          cards: next.cards,
          moves: next.moves as HiloMoveName[],
          wins: next.wins,
          status: 'lost',
          multiplier: '0.0000',
          bet_centavos: round.bet_centavos,
          win_centavos: 0,
        };
        if (!(await settleLost(trx, roundRefOf(game, memberId, round.round_uid), final))) throw new AppError('ROUND_FINISHED');
        return { view: hiloView({ ...round, status: 'settled' }, final, proof), correct: false, balance: await cashBalance(trx, memberId) };
      }
      if (next.status === 'cashed_out') {
        // The 1,000,000x cap: the round cashes out by itself.
        const paid = await payHilo(trx, game, memberId, round, next);
        return { view: hiloView(paid.settled, paid.final, proof), correct: true, balance: paid.balance };
      }
      const updated: StoredHilo = { ...stored, cards: next.cards, moves: next.moves as HiloMoveName[], wins: next.wins };
      if (!(await updateOpenRoundState(trx, round.id, round.outcome_json, JSON.stringify(updated)))) throw new AppError('ROUND_FINISHED');
      return { view: hiloView(round, updated, proof), correct: step.correct, balance: await cashBalance(trx, memberId) };
    },
    'guess',
  );
  if (!result) return noOpenRound(ctx, memberId, game, input.round_id, false);
  if (result.view.status !== 'playing') await notifyBalance(ctx, memberId);
  return { round: result.view, correct: result.correct, balance: formatCentavos(result.balance) };
}

/** POST API.house.hiloCashout: pays the multiplier once, after at least one correct guess. */
export async function cashOutHilo(ctx: AppContext, memberId: number, input: { round_id?: number | undefined }) {
  const game = await knownGame(ctx, 'hi-lo');
  const result = await inGameTransaction(ctx, async (trx) => {
    const round = await lockOpenRound(trx, ctx.dialect, memberId, game.id, input.round_id);
    if (!round) return undefined;
    const stored = readHilo(round);
    const { state } = await replayHilo(trx, round, stored);
    if (!hilo.canCashOut(state)) throw new AppError('HILO_CASHOUT_TOO_EARLY');
    const paid = await payHilo(trx, game, memberId, round, state);
    return { view: hiloView(paid.settled, paid.final, await proofOf(trx, round)), balance: paid.balance };
  });
  if (!result) return noOpenRound(ctx, memberId, game, input.round_id, true);
  await notifyBalance(ctx, memberId);
  return { round: result.view, balance: formatCentavos(result.balance) };
}

/** GET API.house.hiloActive: the member's open round (after a closed tab), or null. */
export async function activeHilo(ctx: AppContext, memberId: number) {
  const game = await loadHouseGame(ctx, 'hi-lo');
  if (!game) return { round: null };
  const round = await latestRound(ctx.db, memberId, game.id);
  if (round?.status !== 'open') return { round: null };
  return { round: hiloView(round, readHilo(round), await proofOf(ctx.db, round)) };
}

// ---- video poker ------------------------------------------------------------------------------

interface StoredVideoPoker {
  game: 'video-poker';
  status: 'dealt' | 'drawn';
  hand: number[];
  /** After the draw: the hold mask (bit i keeps card i), the final hand, its rank and pay. */
  held?: number;
  final?: number[];
  hand_rank?: vp.PokerHand;
  multiplier?: string;
  bet_centavos: number;
  win_centavos?: number;
}

function readVideoPoker(round: Pick<GameRound, 'outcome_json'>): StoredVideoPoker {
  if (!round.outcome_json) throw new Error('video poker round without a stored state');
  return JSON.parse(round.outcome_json) as StoredVideoPoker;
}

const heldArray = (mask: number) => [0, 1, 2, 3, 4].map((i) => ((mask >> i) & 1) === 1);

function videoPokerView(round: GameRound, stored: StoredVideoPoker, proof: Proof): VideoPokerRoundView {
  const drawn = stored.status === 'drawn';
  return {
    round_id: round.id,
    status: stored.status,
    amount: formatCentavos(round.bet_centavos),
    hand: stored.hand,
    held: drawn && stored.held !== undefined ? heldArray(stored.held) : null,
    final: drawn ? (stored.final ?? null) : null,
    hand_rank: drawn ? (stored.hand_rank ?? null) : null,
    multiplier: drawn ? (stored.multiplier ?? null) : null,
    win: formatCentavos(stored.win_centavos ?? 0),
    created_at: round.created_at,
    ...proof,
  };
}

/**
 * The hold as a 5-bit mask: five booleans, or positions 0..4 each at most once (an empty list
 * discards all five). Mixed, repeated, fractional or out-of-range values are refused.
 */
export function holdMaskOf(hold: readonly (boolean | number)[]): number {
  const invalid = () => new AppError('HOLD_INVALID', { fieldErrors: { hold: ['games.hold_invalid'] } });
  if (hold.length > 0 && hold.every((h) => typeof h === 'boolean')) {
    if (hold.length !== 5) throw invalid();
    return hold.reduce<number>((mask, h, i) => (h ? mask | (1 << i) : mask), 0);
  }
  let mask = 0;
  for (const h of hold) {
    if (typeof h !== 'number' || !Number.isInteger(h) || h < 0 || h > 4 || mask & (1 << h)) throw invalid();
    mask |= 1 << h;
  }
  return mask;
}

/** POST API.house.videoPokerDeal: takes the stake and deals five cards (one hand open per member). */
export async function dealVideoPoker(ctx: AppContext, memberId: number, input: { amount: Centavos }) {
  const game = await playableGame(ctx, 'video-poker');
  checkStake(game, input.amount);
  const roundUid = newRoundUid(game.code);
  const ref = roundRefOf(game, memberId, roundUid);
  const answer = await inGameTransaction(ctx, async (trx) => {
    const seed = await reserveNonce(trx, memberId);
    if (await lockOpenRound(trx, ctx.dialect, memberId, game.id)) throw new AppError('ROUND_IN_PROGRESS');
    const pair = await findPairById(trx, seed.seedId);
    if (!pair) throw new Error(`seed pair ${seed.seedId} missing`);
    const deal = vp.dealHand(hmacFloats({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: seed.nonce }));
    const stored: StoredVideoPoker = { game: 'video-poker', status: 'dealt', hand: deal.hand, bet_centavos: input.amount };
    const bet = await debit(trx, ref, {
      txId: `${roundUid}:bet`,
      amountCentavos: input.amount,
      outcome: stored,
      seedId: seed.seedId,
      nonce: seed.nonce,
    });
    const round = await findRoundById(trx, bet.roundId);
    return {
      round: videoPokerView(round, stored, { server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce: seed.nonce }),
      balance: formatCentavos(bet.balanceCentavos),
    };
  });
  await notifyBalance(ctx, memberId);
  return answer;
}

/** POST API.house.videoPokerDraw: replaces the cards not held, ranks the hand and pays it by the 9/6 table. */
export async function drawVideoPoker(
  ctx: AppContext,
  memberId: number,
  input: { hold: (boolean | number)[]; round_id?: number | undefined },
) {
  const game = await knownGame(ctx, 'video-poker');
  const held = holdMaskOf(input.hold);
  const result = await inGameTransaction(
    ctx,
    async (trx) => {
      const round = await lockOpenRound(trx, ctx.dialect, memberId, game.id, input.round_id);
      if (!round) return undefined;
      const stored = readVideoPoker(round);
      const cards = vp.roundCards(await streamOf(trx, round));
      if (cards.slice(0, 5).join() !== stored.hand.join())
        throw new Error(`video poker round ${round.id}: stored hand differs from its stream`);
      const outcome = vp.drawFrom(cards, held);
      const winCentavos = vp.videoPokerPayout(round.bet_centavos, outcome);
      const final: StoredVideoPoker = {
        game: 'video-poker',
        status: 'drawn',
        hand: outcome.hand,
        held,
        final: outcome.final,
        hand_rank: outcome.category,
        multiplier: formatMultiplier(multiplier(outcome.multiplier), 4),
        bet_centavos: round.bet_centavos,
        win_centavos: winCentavos,
      };
      const ref = roundRefOf(game, memberId, round.round_uid);
      const proof = await proofOf(trx, round);
      if (winCentavos === 0) {
        if (!(await settleLost(trx, ref, final))) throw new AppError('ROUND_FINISHED');
        return { view: videoPokerView({ ...round, status: 'settled' }, final, proof), balance: await cashBalance(trx, memberId) };
      }
      const paid = await credit(trx, ref, { txId: `${round.round_uid}:win`, amountCentavos: centavos(winCentavos), outcome: final });
      if (paid.replayed) throw new AppError('ROUND_FINISHED');
      return {
        view: videoPokerView({ ...round, status: 'settled', win_centavos: winCentavos } as GameRound, final, proof),
        balance: paid.balanceCentavos,
      };
    },
    'hold',
  );
  if (!result) return noOpenRound(ctx, memberId, game, input.round_id, false);
  await notifyBalance(ctx, memberId);
  return { round: result.view, balance: formatCentavos(result.balance) };
}

/** GET API.house.videoPokerActive: the member's dealt hand waiting for its draw, or null. */
export async function activeVideoPoker(ctx: AppContext, memberId: number) {
  const game = await loadHouseGame(ctx, 'video-poker');
  if (!game) return { round: null };
  const round = await latestRound(ctx.db, memberId, game.id);
  if (round?.status !== 'open') return { round: null };
  return { round: videoPokerView(round, readVideoPoker(round), await proofOf(ctx.db, round)) };
}
