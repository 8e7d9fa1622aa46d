/**
 * Mines: a 5x5 board with k mines (1..24). The mines are the first k tiles of a Fisher-Yates
 * shuffle of tiles 0..24 driven by floats (pick floor(f * remaining) from what is left). After
 * n safe reveals the multiplier is 0.99 * C(25, n) / C(25 - k, n): the survival probability is
 * C(25 - k, n) / C(25, n), so cashing out after any number of reveals returns exactly 99%.
 */
import type { Centavos } from '@casino/shared/money';
import { binomial, type Multiplier, payout, reduce } from './exact.ts';
import type { FloatSource } from './fair.ts';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
export const declaredRtp = 0.99;

export type MinesParams = { mines: number };

/** The whole board, decided when the round starts (the server keeps it secret until the end). */
export type MinesOutcome = { mines: number; minePositions: number[] };

/** The state of a round in play: tiles revealed so far, in order. */
export type MinesState = {
  mines: number;
  minePositions: number[];
  revealed: number[];
  status: 'playing' | 'busted' | 'cashed_out';
};

export type MinesRevealResult =
  | { ok: true; state: MinesState; safe: boolean }
  | { ok: false; reason: 'tile_invalid' | 'already_revealed' | 'round_finished' };

export function isValidMinesCount(mines: number): boolean {
  return Number.isInteger(mines) && mines >= MINES_MIN && mines <= MINES_MAX;
}

export function isValidTile(tile: number): boolean {
  return Number.isInteger(tile) && tile >= 0 && tile < MINES_TILES;
}

/** The k mine tiles: the first k picks of a float-driven Fisher-Yates shuffle of 0..24. */
export function minePositions(source: FloatSource, mines: number): number[] {
  if (!isValidMinesCount(mines)) throw new RangeError('invalid mines count');
  const remaining: number[] = [];
  for (let tile = 0; tile < MINES_TILES; tile += 1) remaining.push(tile);
  const picked: number[] = [];
  for (let i = 0; i < mines; i += 1) {
    // Take the chosen tile out, keeping the others in order (the order verifiers reproduce).
    const index = Math.floor(source() * remaining.length);
    picked.push(remaining[index] as number);
    remaining.splice(index, 1);
  }
  return picked;
}

export function play(source: FloatSource, params: MinesParams): MinesOutcome {
  return { mines: params.mines, minePositions: minePositions(source, params.mines) };
}

/** Greatest number of safe tiles: 25 - k. */
export function maxReveals(mines: number): number {
  return MINES_TILES - mines;
}

/** 0.99 * C(25, n) / C(25 - k, n), exact (n = 0 gives 0.99: cashing out at once is not allowed). */
export function minesMultiplier(mines: number, revealed: number): Multiplier {
  if (!isValidMinesCount(mines) || !Number.isInteger(revealed) || revealed < 0 || revealed > maxReveals(mines)) {
    throw new RangeError('invalid mines multiplier arguments');
  }
  return reduce({ num: 99 * binomial(MINES_TILES, revealed), den: 100 * binomial(MINES_TILES - mines, revealed) });
}

/** The chance (exact rational) that the next reveal is safe after `revealed` safe tiles. */
export function nextSafeChance(mines: number, revealed: number): Multiplier {
  const left = MINES_TILES - revealed;
  return reduce({ num: left - mines, den: left });
}

export function startState(outcome: MinesOutcome): MinesState {
  return { mines: outcome.mines, minePositions: [...outcome.minePositions], revealed: [], status: 'playing' };
}

/** Reveals a tile: a mine ends the round (busted); the last safe tile ends it as a win. */
export function reveal(state: MinesState, tile: number): MinesRevealResult {
  if (state.status !== 'playing') return { ok: false, reason: 'round_finished' };
  if (!isValidTile(tile)) return { ok: false, reason: 'tile_invalid' };
  if (state.revealed.includes(tile)) return { ok: false, reason: 'already_revealed' };
  const safe = !state.minePositions.includes(tile);
  const revealed = [...state.revealed, tile];
  let status: MinesState['status'] = 'playing';
  if (!safe) status = 'busted';
  else if (revealed.length === maxReveals(state.mines)) status = 'cashed_out';
  return { ok: true, safe, state: { ...state, revealed, status } };
}

/** Whether the player may cash out now: playing and at least one safe tile shown. */
export function canCashOut(state: MinesState): boolean {
  return state.status === 'playing' && state.revealed.length > 0;
}

/** What the round returns, stake included: 0 when busted, else bet * multiplier(revealed). */
export function minesPayout(betCentavos: number, state: MinesState): Centavos {
  if (state.status === 'busted' || state.revealed.length === 0) return 0 as Centavos;
  return payout(betCentavos, minesMultiplier(state.mines, state.revealed.length));
}
