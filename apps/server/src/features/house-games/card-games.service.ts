import { formatMultiplier, multiplier } from '@casino/games/exact';
import * as hilo from '@casino/games/hilo';
import * as vp from '@casino/games/videopoker';
import { type Centavos, formatCentavos } from '@casino/shared/money';
import type { HiloMoveName, HiloRoundView, VideoPokerRoundView } from '@casino/shared/schemas/house-card-games';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { GameRound } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
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

/** The round's byte stream, from its seed pair and nonce (server only while the pair is active). */
async function streamOf(db: Database, round: GameRound) {
  return (await roundSeeds(db, round, 'card')).source;
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

const readHilo = (round: Pick<GameRound, 'outcome_json'>) => readStored<StoredHilo>(round, 'hi-lo');

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
  const answer = await inGameTransaction(ctx, async (trx) => {
    const opened = await openRound(trx, ctx, game, memberId, { roundUid: newRoundUid(game.code), amount: input.amount }, (source) => {
      const first = hilo.start(source);
      const stored: StoredHilo = { game: 'hi-lo', cards: first.cards, moves: [], wins: [], status: 'playing', bet_centavos: input.amount };
      return { stored };
    });
    return { round: hiloView(opened.round, opened.stored, opened.proof), balance: formatCentavos(opened.balance) };
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
  const paid = await finishRound(trx, game, memberId, round, final, winCentavos, 'ALREADY_CASHED_OUT');
  return { final, ...paid };
}

/** POST API.house.hiloGuess: the next card answers the guess (or is skipped). */
export async function guessHilo(ctx: AppContext, memberId: number, input: { guess: HiloMoveName; round_id?: number | undefined }) {
  const game = await knownGame(ctx, 'hi-lo');
  const result = await inGameTransaction(
    ctx,
    async (trx) => {
      const round = await loadOpenRound(trx, ctx, memberId, game, input.round_id);
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
        const lost = await finishRound(trx, game, memberId, round, final, 0);
        return { view: hiloView(lost.settled, final, proof), correct: false, balance: lost.balance };
      }
      if (next.status === 'cashed_out') {
        // The 1,000,000x cap: the round cashes out by itself.
        const paid = await payHilo(trx, game, memberId, round, next);
        return { view: hiloView(paid.settled, paid.final, proof), correct: true, balance: paid.balance };
      }
      const updated: StoredHilo = { ...stored, cards: next.cards, moves: next.moves as HiloMoveName[], wins: next.wins };
      await saveRoundState(trx, round, updated);
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
    const round = await loadOpenRound(trx, ctx, memberId, game, input.round_id);
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
  const round = await activeRound(ctx, memberId, 'hi-lo');
  if (!round) return { round: null };
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

const readVideoPoker = (round: Pick<GameRound, 'outcome_json'>) => readStored<StoredVideoPoker>(round, 'video poker');

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
  const answer = await inGameTransaction(ctx, async (trx) => {
    const opened = await openRound(trx, ctx, game, memberId, { roundUid: newRoundUid(game.code), amount: input.amount }, (source) => {
      const stored: StoredVideoPoker = { game: 'video-poker', status: 'dealt', hand: vp.dealHand(source).hand, bet_centavos: input.amount };
      return { stored };
    });
    return { round: videoPokerView(opened.round, opened.stored, opened.proof), balance: formatCentavos(opened.balance) };
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
      const round = await loadOpenRound(trx, ctx, memberId, game, input.round_id);
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
      const proof = await proofOf(trx, round);
      const done = await finishRound(trx, game, memberId, round, final, winCentavos);
      return { view: videoPokerView(done.settled, final, proof), balance: done.balance };
    },
    'hold',
  );
  if (!result) return noOpenRound(ctx, memberId, game, input.round_id, false);
  await notifyBalance(ctx, memberId);
  return { round: result.view, balance: formatCentavos(result.balance) };
}

/** GET API.house.videoPokerActive: the member's dealt hand waiting for its draw, or null. */
export async function activeVideoPoker(ctx: AppContext, memberId: number) {
  const round = await activeRound(ctx, memberId, 'video-poker');
  if (!round) return { round: null };
  return { round: videoPokerView(round, readVideoPoker(round), await proofOf(ctx.db, round)) };
}
