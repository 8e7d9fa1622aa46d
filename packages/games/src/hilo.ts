/**
 * Hi-Lo: a card is shown; the player guesses whether the next card's rank is higher, lower or
 * the same, may skip a card, and may cash out after any correct guess.
 *
 * Cards come from an infinite deck: card i of the round (i = 0 is the first card shown) is the
 * i-th `uniformInt(source, 52)` of the bet's stream (cards.ts: 4 bytes per card, big-endian
 * uint32, rejected when >= 2^32 - 48, i.e. about once in 90 million cards, then the next 4 bytes;
 * card numbering 13 * suit + rank - 1). Ranks run ace (1, lowest) to king (13, highest).
 *
 * With the current rank r, a guess wins on w of the 13 equally likely next ranks: higher
 * w = 13 - r, lower w = r - 1, same w = 1 (a guess with w = 0 is refused). Each correct guess
 * multiplies the round by 13 / w (its exact fair odds) and the house edge is charged once:
 *
 *   multiplier after correct guesses w_1..w_n = 0.99 * 13^n / (w_1 * ... * w_n).
 *
 * Each guess returns exactly 1 per unit (w/13 * 13/w), so the round returns exactly 99% for any
 * sequence of guesses and skips and any cash-out point (a fair martingale stopped by the player,
 * bounded because the round cashes out by itself once the multiplier reaches 1,000,000x, which
 * takes at most 173 correct guesses). The multiplier is an exact BigInt ratio; a cash-out pays
 * floor(stake * multiplier). At the minimum stake of R$ 0,10 every cash-out is at least 1.0725x,
 * so floor(10 * m) >= 10 * m * 10/11 and every strategy returns at least 0.99 * 10/11 = 90%.
 */
import type { Centavos } from '@casino/shared/money';
import { type Card, rankOf, uniformInt } from './cards.ts';
import type { FloatSource } from './fair.ts';

export const HILO_GUESSES = ['higher', 'lower', 'same'] as const;
export type HiloGuess = (typeof HILO_GUESSES)[number];
export type HiloMove = HiloGuess | 'skip';
/** The round cashes out by itself once the multiplier reaches this (1,000,000x). */
export const HILO_AUTO_CASHOUT = 1_000_000n;
export const declaredRtp = 0.99;

export type HiloState = {
  /** Every card shown, in order (the first card and one per move). */
  cards: Card[];
  /** The moves made, in order (cards[i + 1] answered moves[i]). */
  moves: HiloMove[];
  /** w of each correct guess (skips excluded), which fixes the multiplier. */
  wins: number[];
  status: 'playing' | 'lost' | 'cashed_out';
};

export type HiloMoveResult =
  | { ok: true; state: HiloState; correct: boolean }
  | { ok: false; reason: 'round_finished' | 'move_invalid' | 'guess_impossible' | 'card_invalid' };

export type BigRatio = { num: bigint; den: bigint };

/** The next card of the infinite deck. */
export function hiloCard(source: FloatSource): Card {
  return uniformInt(source, 52);
}

/** The first `count` cards of a round (what the server replays and the verify page lists). */
export function hiloCards(source: FloatSource, count: number): Card[] {
  return Array.from({ length: count }, () => hiloCard(source));
}

/** Winning ranks out of 13 for a guess from rank r. */
export function winningRanks(rank: number, guess: HiloGuess): number {
  if (guess === 'higher') return 13 - rank;
  if (guess === 'lower') return rank - 1;
  return 1;
}

export function guessWins(rank: number, guess: HiloGuess, nextRank: number): boolean {
  if (guess === 'higher') return nextRank > rank;
  if (guess === 'lower') return nextRank < rank;
  return nextRank === rank;
}

function bigGcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** 0.99 * 13^n / (w_1 ... w_n), reduced. With no correct guess: 0.99. */
export function hiloMultiplier(wins: readonly number[]): BigRatio {
  let num = 99n;
  let den = 100n;
  for (const w of wins) {
    if (!Number.isInteger(w) || w < 1 || w > 12) throw new RangeError(`not a winning count: ${w}`);
    num *= 13n;
    den *= BigInt(w);
  }
  const g = bigGcd(num, den);
  return { num: num / g, den: den / g };
}

/** The multiplier a guess would add, 13 / w, for display (w = 0 means the guess is refused). */
export function guessOdds(rank: number, guess: HiloGuess): BigRatio | null {
  const w = winningRanks(rank, guess);
  return w === 0 ? null : { num: 13n, den: BigInt(w) };
}

export function startState(firstCard: Card): HiloState {
  return { cards: [firstCard], moves: [], wins: [], status: 'playing' };
}

/** Starts a round: the first card of the stream. */
export function start(source: FloatSource): HiloState {
  return startState(hiloCard(source));
}

function reachedAutoCashout(wins: readonly number[]): boolean {
  const m = hiloMultiplier(wins);
  return m.num >= HILO_AUTO_CASHOUT * m.den;
}

/** Applies a move answered by `next` (the next card of the stream). */
export function move(state: HiloState, choice: HiloMove, next: Card): HiloMoveResult {
  if (state.status !== 'playing') return { ok: false, reason: 'round_finished' };
  if (!Number.isInteger(next) || next < 0 || next > 51) return { ok: false, reason: 'card_invalid' };
  const current = state.cards[state.cards.length - 1] as Card;
  const cards = [...state.cards, next];
  const moves = [...state.moves, choice];
  if (choice === 'skip') return { ok: true, correct: true, state: { ...state, cards, moves } };
  if (!HILO_GUESSES.includes(choice)) return { ok: false, reason: 'move_invalid' };
  const rank = rankOf(current);
  const w = winningRanks(rank, choice);
  if (w === 0) return { ok: false, reason: 'guess_impossible' };
  if (!guessWins(rank, choice, rankOf(next))) return { ok: true, correct: false, state: { ...state, cards, moves, status: 'lost' } };
  const wins = [...state.wins, w];
  const status = reachedAutoCashout(wins) ? 'cashed_out' : 'playing';
  return { ok: true, correct: true, state: { cards, moves, wins, status } };
}

/** Moves with the stream: the next card is read from `source` (positioned after the cards shown). */
export function play(state: HiloState, choice: HiloMove, source: FloatSource): HiloMoveResult {
  return move(state, choice, hiloCard(source));
}

/** Replays a round's moves from its stream: the state the server and the verify page rebuild. */
export function replay(source: FloatSource, moves: readonly HiloMove[]): HiloState {
  let state = start(source);
  for (const m of moves) {
    const result = play(state, m, source);
    if (!result.ok) throw new RangeError(`move ${m} refused: ${result.reason}`);
    state = result.state;
  }
  return state;
}

export function canCashOut(state: HiloState): boolean {
  return state.status === 'playing' && state.wins.length > 0;
}

export function cashOut(state: HiloState): HiloState {
  if (!canCashOut(state)) throw new RangeError('nothing to cash out');
  return { ...state, status: 'cashed_out' };
}

/** What the round returns, stake included: floor(bet * multiplier) once cashed out, else 0. */
export function hiloPayout(betCentavos: number, state: HiloState): Centavos {
  if (!Number.isSafeInteger(betCentavos) || betCentavos < 0) throw new RangeError(`not a stake in centavos: ${betCentavos}`);
  if (state.status !== 'cashed_out') return 0 as Centavos;
  const m = hiloMultiplier(state.wins);
  return Number((BigInt(betCentavos) * m.num) / m.den) as Centavos;
}
